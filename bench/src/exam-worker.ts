import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loopDelayOf, type ExamAction, type ExamLoadResult, type StudentPlan } from './exam-plan';

/**
 * The exam simulation's load generator, run as a child process (fork) so its HTTP client does not share the
 * server's event loop. Each student follows their plan on their own keep-alive connection (or on one of a shared
 * pool: `connections`), one command after another (as the UI's save queue does): a command due while the previous
 * one is still waiting is sent on its reply. A command's latency runs from when it was sent, a wait for a pooled
 * connection included.
 */
export type ExamStudent = { cookie: string; csrf: string; questionIds: number[] };
/**
 * `connections`: the keep-alive connections the students share, at most (a request waits for a free one), as a
 * reverse proxy in front of the server pools its upstream connections; unset, one connection per student.
 */
export type ExamJob = { url: string; assignmentId: number; students: ExamStudent[]; plans: StudentPlan[]; connections?: number };

function send(agent: http.Agent, url: URL, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<number>((resolve) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers:
          body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

export async function runExam(job: ExamJob): Promise<ExamLoadResult> {
  const url = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections ?? job.students.length });
  const kinds: ExamAction['kind'][] = ['start', 'heartbeat', 'save', 'submit'];
  const byKind = Object.fromEntries(
    kinds.map((k) => [k, { latencies: [] as number[], failures: {} as Record<string, number> }]),
  ) as ExamLoadResult['byKind'];
  const savesAcked = job.students.map(() => 0);
  const submitted = job.students.map(() => 0);
  let late = 0;
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let first = Infinity;
  let last = 0;
  const t0 = performance.now();
  const id = job.assignmentId;

  await Promise.all(
    job.students.map(async (student, s) => {
      const plan = job.plans[s]!;
      const headers = { cookie: student.cookie, 'x-csrf-token': student.csrf };
      let saves = 0;
      for (const action of plan.actions) {
        const wait = t0 + action.at - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        else if (wait < -1000) late++;
        const used = Math.max(0, Math.round((action.at - plan.startAt) / 1000));
        const sent = performance.now();
        first = Math.min(first, sent);
        let status: number;
        if (action.kind === 'start') status = await send(agent, url, 'POST', `/sessions/start/${id}`, headers);
        else if (action.kind === 'heartbeat')
          status = await send(
            agent,
            url,
            'PUT',
            '/sessions/heartbeat',
            headers,
            JSON.stringify({ assignment_id: id, time_used_seconds: used }),
          );
        else if (action.kind === 'save') {
          const questionId = student.questionIds[saves % student.questionIds.length]!;
          saves++;
          const body = JSON.stringify({
            assignment_id: id,
            question_id: questionId,
            response_content: `Student ${s} draft ${saves}: the roots are x = 2 and x = 3 because (x - 2)(x - 3) = 0.`,
            command_id: randomUUID(),
          });
          status = await send(agent, url, 'POST', '/students/set-assignment-response', headers, body);
        } else
          status = await send(
            agent,
            url,
            'POST',
            `/sessions/submit/${id}`,
            headers,
            JSON.stringify({ submission_method: 'manual', time_used_seconds: used }),
          );
        const done = performance.now();
        last = Math.max(last, done);
        const k = byKind[action.kind];
        if (status >= 200 && status < 300) {
          k.latencies.push(done - sent);
          if (action.kind === 'save') savesAcked[s]!++;
          if (action.kind === 'submit') submitted[s] = 1;
        } else k.failures[status] = (k.failures[status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  loop.disable();
  return { byKind, savesAcked, submitted, elapsedMs: Number.isFinite(first) ? last - first : 0, late, loopDelayMs: loopDelayOf(loop) };
}

if (process.send) {
  process.send({ ready: true });
  process.once('message', (job: ExamJob) => {
    runExam(job).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (err: unknown) => process.send!({ error: String(err) }, () => process.exit(1)),
    );
  });
}
