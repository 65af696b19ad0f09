import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/**
 * librdkafka's mock cluster (DEVELOPERS notes in README.md): a `kcat` producer started with `test.mock.num.brokers`
 * runs an in-process Kafka cluster for as long as its stdin stays open. Produce, fetch and consumer groups work;
 * admin calls (createTopics) do not: topics are created on first use. Each cluster starts empty on a new port.
 */
export type MockCluster = {
  /** `127.0.0.1:PORT`, the cluster's one bootstrap address. */
  bootstrap: string;
  port: number;
  stop(): Promise<void>;
};

export const kcatAvailable = (): boolean => spawnSync('kcat', ['-V'], { stdio: 'ignore' }).status === 0;

export async function startMockCluster(timeoutMs = 10_000): Promise<MockCluster> {
  const child = spawn('kcat', ['-P', '-t', 'keepalive', '-X', 'test.mock.num.brokers=1', '-d', 'mock', '-b', 'x'], {
    // Its own process group, so stop() ends it whole; stdin held open keeps the cluster up.
    detached: true,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`kcat mock cluster: no bootstrap address after ${timeoutMs} ms`)), timeoutMs);
    const settle = () => {
      clearTimeout(timer);
      child.stderr!.off('data', onData);
      child.off('exit', onExit);
      child.off('error', fail);
    };
    function fail(err: Error) {
      settle();
      kill(child);
      reject(err);
    }
    function onExit(code: number | null) {
      fail(new Error(`kcat mock cluster exited (${code}): ${seen.slice(-500)}`));
    }
    function onData(chunk: Buffer) {
      if (seen.length < 20_000) seen += chunk.toString();
      const m = /bootstrap\.servers=127\.0\.0\.1:(\d+)/.exec(seen);
      if (m) {
        settle();
        resolve(Number(m[1]));
      }
    }
    child.once('error', fail);
    child.once('exit', onExit);
    child.stderr!.on('data', onData);
  });
  // Keep draining its debug log so the pipe never fills.
  child.stderr!.on('data', () => {});
  return {
    bootstrap: `127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      kill(child);
      await exited;
    },
  };
}

function kill(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export type TopicMessage = {
  partition: number;
  offset: number;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
};

/** Every message of a topic, read once from the start with kcat (no consumer group). */
export function readTopic(bootstrap: string, topic: string): TopicMessage[] {
  const out = spawnSync('kcat', ['-b', bootstrap, '-C', '-t', topic, '-o', 'beginning', '-e', '-J', '-q'], {
    encoding: 'utf8',
    timeout: 30_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`kcat -C failed (${out.status}): ${out.stderr}`);
  return out.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      const m = JSON.parse(line) as { partition: number; offset: number; key: string | null; payload: string | null; headers?: string[] };
      const headers: Record<string, string> = {};
      for (let i = 0; m.headers && i + 1 < m.headers.length; i += 2) headers[m.headers[i]!] = m.headers[i + 1]!;
      return { partition: m.partition, offset: m.offset, key: m.key, value: m.payload, headers };
    });
}
