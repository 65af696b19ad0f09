import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';

/**
 * The operator's smoke check of a running deployment (issue 15 item 4):
 *   npm run smoke -- <base-url> [--metrics <url>]... [--metrics-token <token>] [--password <demo password>]
 * Health, a sign-in as each demo user, a student's autosave whose projection notice arrives over the socket, and
 * /metrics. The base URL is the standalone server or the distributed gateway. /metrics is not behind the gateway: name
 * each service's (e.g. --metrics http://query-service:3000/metrics from inside the network); default <base-url>/metrics.
 * Exits 0 when every step passed, 1 naming the first that failed.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    metrics: { type: 'string', multiple: true },
    'metrics-token': { type: 'string' },
    password: { type: 'string', default: 'Evergrade#2026' },
    timeout: { type: 'string', default: '30000' },
  },
});
const base = (positionals[0] ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const metricsUrls = values.metrics ?? [`${base}/metrics`];
const metricsToken = values['metrics-token'] ?? process.env.METRICS_TOKEN;
const timeoutMs = Number(values.timeout);
const DEMO = { student: 'student@demo.school', instructor: 'teacher@demo.school', admin: 'admin@demo.school' } as const;

type Auth = { cookie: string; csrf: string };
type Assignment = { assignment_id: number; title: string; status: string; due: string };

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    const result = await run();
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
    return result;
  } catch (err) {
    console.log(`FAIL ${name}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function json<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  check(res.ok, `${what}: HTTP ${res.status} ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`${what}: not JSON (${text.slice(0, 80)})`);
  }
}

async function login(role: keyof typeof DEMO): Promise<Auth> {
  const res = await fetch(`${base}/auth/login/${role}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO[role], password: values.password }),
  });
  await json(res, `sign-in as ${DEMO[role]}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('csrf_access_token='))?.split('=')[1];
  check(csrf, 'no CSRF cookie in the sign-in reply');
  return { cookie: cookies.join('; '), csrf };
}

const headersOf = (auth: Auth) => ({ cookie: auth.cookie, 'x-csrf-token': auth.csrf, 'content-type': 'application/json' });

await step(`health of ${base}`, async () => {
  const body = await json<{ status?: string }>(await fetch(`${base}/healthz`), 'GET /healthz');
  check(body.status === 'ok', `GET /healthz said ${JSON.stringify(body)}`);
});

const sessions = {} as Record<keyof typeof DEMO, Auth>;
for (const role of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
  sessions[role] = await step(`sign-in as ${DEMO[role]}`, async () => {
    const auth = await login(role);
    const me = await json<{ data?: { email?: string } }>(
      await fetch(`${base}/auth/validate-token`, { headers: headersOf(auth) }),
      'validate-token',
    );
    check(me.data?.email === DEMO[role], `validate-token answered ${JSON.stringify(me).slice(0, 120)}`);
    return auth;
  });
}

const student = sessions.student;
const target = await step('an open assignment and its first question for the demo student', async () => {
  const list = await json<Record<string, Assignment>>(
    await fetch(`${base}/students/get-assignments`, { headers: headersOf(student) }),
    'get-assignments',
  );
  // Not yet submitted and not past due; one not started yet first (its first save changes the student's list).
  const open = Object.values(list).filter((a) => ['Incomplete', 'In Progress'].includes(a.status) && Date.parse(a.due) > Date.now());
  check(open.length > 0, `no open assignment among ${Object.keys(list).length}`);
  const assignment = open.find((a) => a.status === 'Incomplete') ?? open[0]!;
  const { questions } = await json<{ questions: { question_id: number }[] }>(
    await fetch(`${base}/students/get-assignment-questions`, {
      method: 'POST',
      headers: headersOf(student),
      body: JSON.stringify({ assignment_id: assignment.assignment_id }),
    }),
    'get-assignment-questions',
  );
  check(questions.length > 0, `assignment ${assignment.assignment_id} has no questions`);
  return { assignment, questionId: questions[0]!.question_id };
});

await step(`an autosave on "${target.assignment.title}" and its projection notice over the socket`, async () => {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    extraHeaders: { cookie: student.cookie },
    query: { csrf: student.csrf },
    reconnection: false,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(new Error(`socket: ${err.message}`)));
    });
    // Watching the assignment puts this socket in its room, so the notice of any read model about it arrives.
    const watched = await socket.timeout(timeoutMs).emitWithAck('watch.assignment', { assignment_id: target.assignment.assignment_id });
    check((watched as { ok?: boolean }).ok, 'the server refused to let the student watch the assignment');
    const key = `assignment:${target.assignment.assignment_id}`;
    const notice = new Promise<{ projection: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no projection notice for ${key} within ${timeoutMs} ms`)), timeoutMs);
      socket.on('projection.updated', (n: { projection: string; keys: string[] }) => {
        if (!n.keys.includes(key)) return;
        clearTimeout(timer);
        resolve(n);
      });
    });
    const saved = await fetch(`${base}/students/set-assignment-response`, {
      method: 'POST',
      headers: headersOf(student),
      body: JSON.stringify({
        assignment_id: target.assignment.assignment_id,
        question_id: target.questionId,
        response_content: `Smoke check ${new Date().toISOString()}`,
      }),
    });
    await json(saved, 'set-assignment-response');
    const heard = await notice;
    console.log(`     notice from ${heard.projection} over ${socket.io.engine.transport.name}`);
  } finally {
    socket.disconnect();
  }
});

for (const url of metricsUrls) {
  await step(`metrics at ${url}`, async () => {
    const res = await fetch(url, metricsToken ? { headers: { authorization: `Bearer ${metricsToken}` } } : {});
    const text = await res.text();
    check(res.ok, `HTTP ${res.status} ${text.slice(0, 200)}`);
    check(res.headers.get('content-type')?.startsWith('text/plain'), `content type ${res.headers.get('content-type')}`);
    const ours = [...new Set([...text.matchAll(/^(evergrade_[a-z_]+?)(?:_bucket|_sum|_count)?[{ ]/gm)].map((m) => m[1]))];
    check(ours.length > 0, 'no evergrade_ metric in the reply');
    console.log(`     ${ours.join(', ')}`);
  });
}
console.log('smoke check passed');
process.exit(0);
