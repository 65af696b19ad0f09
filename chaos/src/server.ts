import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const BANNER = 'Evergrade is running';
export const SEEDED = '(demo school seeded)';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
  });

/**
 * One start of the standalone server as `npm start` runs it (standalone/src/main.ts in its own process, PGlite data
 * directory, HOST=127.0.0.1), the way e2e/src/harness.ts spawns it. `ready` resolves at the start banner.
 */
export type ServerProcess = {
  readonly child: ChildProcess;
  readonly startedAt: number;
  /** Resolves with the banner's text once the server listens; rejects when the process exits first. */
  readonly ready: Promise<string>;
  output(): string;
  /** Resolves once the output so far satisfies `test`; never when the process exits first. */
  whenOutput(test: (output: string) => boolean): Promise<void>;
  /** SIGKILL: no shutdown hook runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM: the graceful shutdown. Resolves once the process is gone. */
  stop(): Promise<void>;
};

export function spawnServer(options: { port: number; dataDir: string; env?: Record<string, string> }): ServerProcess {
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'standalone/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters = new Set<{ test: (output: string) => boolean; resolve: () => void }>();
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      for (const w of waiters)
        if (w.test(out)) {
          waiters.delete(w);
          w.resolve();
        }
      const at = out.indexOf(BANNER);
      if (at >= 0) resolve(out.slice(at));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() =>
      reject(new Error(`server exited (${child.exitCode ?? child.signalCode}) before its banner:\n${out.slice(-4000)}`)),
    );
  });
  ready.catch(() => {});
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const whenOutput = (test: (output: string) => boolean) =>
    new Promise<void>((resolve) => {
      if (test(out)) resolve();
      else waiters.add({ test, resolve });
    });
  return { child, startedAt, ready, output: () => out, whenOutput, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** Waits for the banner, at most `ms`; kills the process and throws when it does not come. */
export async function whenReady(server: ServerProcess, ms = 240_000): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      server.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no start banner after ${ms / 1000} s:\n${server.output().slice(-4000)}`)), ms);
      }),
    ]);
  } catch (err) {
    await server.kill();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
