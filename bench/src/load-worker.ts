import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * The load generator, run as a child process (fork) so its HTTP client does not share the server's
 * event loop. Each client is one signed-in student saving answers one after another over its own
 * keep-alive connection, cycling through its (assignment, question) pairs with ever-changing text.
 */
export type ClientSpec = {
  cookie: string;
  csrf: string;
  /** [assignment_id, question_id] pairs this student may save. */
  targets: [number, number][];
};

export type LoadJob = { url: string; path: string; clients: ClientSpec[]; warmupMs: number; durationMs: number };

export type LoadResult = {
  /** Latencies (ms) of requests that completed inside the measured window. */
  latencies: number[];
  windowMs: number;
  ok: number;
  /** Non-2xx replies and socket errors inside the window, by status (0 = network error). */
  failures: Record<string, number>;
};

function post(agent: http.Agent, url: URL, path: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const url = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.clients.length });
  const start = performance.now();
  const windowStart = start + job.warmupMs;
  const windowEnd = windowStart + job.durationMs;
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let ok = 0;

  await Promise.all(
    job.clients.map(async (client, c) => {
      const headers = {
        'content-type': 'application/json',
        cookie: client.cookie,
        'x-csrf-token': client.csrf,
      };
      for (let n = 0; performance.now() < windowEnd; n++) {
        const [assignmentId, questionId] = client.targets[n % client.targets.length]!;
        const body = JSON.stringify({
          assignment_id: assignmentId,
          question_id: questionId,
          response_content: `Client ${c} draft ${n}: the roots are x = 2 and x = 3 because (x - 2)(x - 3) = 0.`,
          command_id: randomUUID(),
        });
        const t0 = performance.now();
        // 0: a network error.
        const status = await post(agent, url, job.path, headers, body).then(
          (r) => r.status,
          () => 0,
        );
        const t1 = performance.now();
        if (t1 < windowStart || t1 > windowEnd) continue;
        if (status === 200) {
          ok++;
          latencies.push(t1 - t0);
        } else {
          failures[status] = (failures[status] ?? 0) + 1;
          if (status === 0) await new Promise((r) => setTimeout(r, 10));
        }
      }
    }),
  );
  agent.destroy();
  return { latencies, windowMs: job.durationMs, ok, failures };
}

if (process.send) {
  process.send({ ready: true });
  process.once('message', (job: LoadJob) => {
    runLoad(job).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (err: unknown) => process.send!({ error: String(err) }, () => process.exit(1)),
    );
  });
}
