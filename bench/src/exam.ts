import { fork } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { CSRF_COOKIE, SESSION_COOKIE, SESSION_GRACE_SECONDS, streamIds } from '@evergrade/contracts';
import { createAssignment, createCourse, registerTenant, registerUser } from '@evergrade/command-service';
import { hashPassword } from '@evergrade/platform/auth';
import { startStandalone } from '@evergrade/standalone';
import {
  loopDelayOf,
  planExam,
  summarizeExam,
  type ExamConfig,
  type ExamLoadResult,
  type ExamStored,
  type ExamSummary,
  type LoopDelay,
} from './exam-plan';
import type { ExamJob, ExamStudent } from './exam-worker';
import { BENCH_PASSWORD, BENCH_TENANT } from './seed';
import { writeCpuProfile } from './cpu';

/** `connections`: the shared keep-alive connections the students' commands went over; null, one per student. */
export type ExamResult = { summary: ExamSummary & { connections: number | null }; seedMs: number; runMs: number };

/**
 * The timed-exam simulation (`npm run bench -- --exam N`): a standalone server on the given database, one course of
 * N students and a published timed assignment of `questions` questions; the students (each signed in with a session
 * of their own) follow planExam's plan from a child process over real sockets; the server's deadline reactor submits
 * whoever did not. Afterwards every student's submission stream is read back: saves stored vs acknowledged, and who
 * submitted.
 */
export async function benchExam(
  config: ExamConfig & { questions: number; connections?: number; databaseUrl?: string; log: (m: string) => void },
): Promise<ExamResult> {
  const server = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    seedDemo: false,
    logLevel: 'warn',
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  });
  try {
    const base = `http://127.0.0.1:${new URL(server.url).port}`;
    const seedStart = performance.now();
    const { assignmentId, questionIds, students } = await seedExam(server.store, config.students, config.questions, config.limitMs);
    const clients: ExamStudent[] = await Promise.all(
      students.map(async (s) => {
        // Sessions straight from the session store: the exam measures the exam, not N scrypt logins.
        const { token, session } = await server.sessions.create({
          tenant: BENCH_TENANT,
          userId: s.userId,
          role: 'student',
          email: s.email,
          firstName: 'Student',
          lastName: String(s.userId),
        });
        return { cookie: `${SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${session.csrfToken}`, csrf: session.csrfToken, questionIds };
      }),
    );
    const seedMs = performance.now() - seedStart;
    config.log(`exam: seeded ${config.students} students in ${(seedMs / 1000).toFixed(1)} s; running`);

    const plans = planExam(config);
    const runStart = performance.now();
    const profiling = profileServer(config.log);
    // The server's loop (this process: routes, projectors, deadline process): a stall here is every command's wait.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const load = await runInChild({
      url: base,
      assignmentId,
      students: clients,
      plans,
      ...(config.connections ? { connections: config.connections } : {}),
    });
    loop.disable();
    await profiling;
    // The stragglers' deadlines pass; the reactor submits each within its grace and poll period.
    const lastDeadline = plans.reduce((latest, p) => Math.max(latest, p.deadline), -Infinity);
    const until = runStart + lastDeadline + SESSION_GRACE_SECONDS * 1000;
    const stored = async () =>
      Promise.all(
        students.map(async (s): Promise<ExamStored> => {
          const events = await server.store.readStream(streamIds.submission(BENCH_TENANT, assignmentId, s.userId));
          const submitted = events.find((e) => e.type === 'AssignmentSubmitted');
          const method = submitted?.data.submissionMethod;
          return {
            saves: events.filter((e) => e.type === 'AnswerSaved').length,
            submittedBy: !submitted ? null : method === 'manual' ? 'manual' : method === 'server_time_limit' ? 'server' : 'other',
          };
        }),
      );
    let result: ExamStored[] = [];
    for (let wait = Math.max(0, until - performance.now()); ; wait = 2_000) {
      await new Promise((r) => setTimeout(r, wait));
      result = await stored();
      const pending = result.filter((s) => s.submittedBy === null).length;
      if (pending === 0 || performance.now() > until + 60_000) break;
      config.log(`exam: ${pending} sessions not yet submitted; waiting`);
    }
    return {
      summary: {
        ...summarizeExam(config, plans, load, result),
        connections: config.connections ?? null,
        loop_delay_ms: { server: loopDelayOf(loop), client: load.loopDelayMs ?? null },
      },
      seedMs,
      runMs: performance.now() - runStart,
    };
  } finally {
    await server.close();
  }
}

/** One course, its teacher and `students` enrolled students, one timed assignment, written as the commands write them. */
async function seedExam(store: Parameters<typeof registerTenant>[0], students: number, questions: number, limitMs: number) {
  const now = new Date();
  const system = { tenant: BENCH_TENANT, actorRole: 'system' as const };
  await registerTenant(store, system, 'Bench School', now);
  const teacher = await registerUser(
    store,
    system,
    { email: `teacher@${BENCH_TENANT}.school`, role: 'instructor', password: BENCH_PASSWORD, firstName: 'Tess', lastName: 'Teacher' },
    now,
  );
  // Students as registerUser writes them (an id, the address reserved, the user registered), with one password hash
  // for all: N scrypt hashes would take minutes, and the students' sessions come from the session store anyway.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const metadata = { tenant: BENCH_TENANT, actorRole: 'system' };
  const registered: { userId: number; email: string }[] = [];
  for (let i = 0; i < students; i += 500) {
    const n = Math.min(500, students - i);
    const ids = await store.append(
      streamIds.sequence('user'),
      Array.from({ length: n }, () => ({ type: 'IdAllocated', data: {}, metadata })),
      { expectedVersion: 'any' },
    );
    const batch = Array.from({ length: n }, (_, j) => ({
      userId: ids.nextExpectedVersion - n + 1 + j,
      email: `student${i + j}@${BENCH_TENANT}.school`,
    }));
    for (let k = 0; k < batch.length; k += 50)
      await Promise.all(
        batch.slice(k, k + 50).map(async ({ userId, email }) => {
          await store.append(streamIds.userEmail(BENCH_TENANT, email), [{ type: 'EmailReserved', data: { email, userId }, metadata }], {
            expectedVersion: 'no_stream',
          });
          await store.append(
            streamIds.user(BENCH_TENANT, userId),
            [
              {
                type: 'UserRegistered',
                data: {
                  userId,
                  email,
                  role: 'student',
                  passwordHash,
                  firstName: 'Student',
                  lastName: String(userId),
                  class: '10',
                  section: 'A',
                  enrollmentDate: now.toISOString().slice(0, 10),
                  registeredAt: now.toISOString(),
                },
                metadata,
              },
            ],
            { expectedVersion: 'no_stream' },
          );
        }),
      );
    registered.push(...batch);
  }
  const { courseId } = await createCourse(
    store,
    system,
    { courseCode: 'EXAM', courseName: 'Exam course', courseClass: '10', subject: 'Mathematics', instructorIds: [teacher] },
    now,
  );
  // Enrolments as the course decider writes them, appended in batches (one command each would fold the course N times).
  const course = streamIds.course(BENCH_TENANT, courseId);
  for (let i = 0; i < registered.length; i += 500) {
    await store.append(
      course,
      registered.slice(i, i + 500).map((s) => ({
        type: 'StudentEnrolled',
        data: { courseId, studentId: s.userId, enrolledAt: now.toISOString() },
        metadata: { tenant: BENCH_TENANT, actorRole: 'system' },
      })),
      { expectedVersion: 'any' },
    );
  }
  const assignmentId = await createAssignment(
    store,
    { ...system, actorId: teacher, actorRole: 'instructor' },
    {
      courseId,
      title: 'Timed exam',
      assigned: new Date(now.getTime() - 60_000),
      due: new Date(now.getTime() + 86_400_000),
      timeLimitSeconds: Math.round(limitMs / 1000),
      publish: true,
      questions: Array.from({ length: questions }, (_, q) => ({ content: `Question ${q + 1}: explain your reasoning.`, marksPossible: 2 })),
    },
    now,
  );
  const events = await store.readStream(streamIds.assignment(BENCH_TENANT, assignmentId));
  const questionIds = events.filter((e) => e.type === 'QuestionAdded').map((e) => e.data.questionId as number);
  return { assignmentId, questionIds, students: registered };
}

/**
 * `BENCH_EXAM_CPUPROF=file.cpuprofile`: a CPU profile of the server's process (this one) over the first
 * `BENCH_EXAM_CPUPROF_S` seconds of the run (70: the starts and the first saves), for finding what holds its loop;
 * `BENCH_EXAM_CPUPROF_AFTER_S` (0) seconds into the run it starts (90 skips the starts: the steady state).
 */
async function profileServer(log: (m: string) => void): Promise<void> {
  const file = process.env.BENCH_EXAM_CPUPROF;
  if (!file) return;
  await writeCpuProfile(file, {
    afterMs: Number(process.env.BENCH_EXAM_CPUPROF_AFTER_S ?? 0) * 1000,
    forMs: Number(process.env.BENCH_EXAM_CPUPROF_S ?? 70) * 1000,
    intervalUs: 500,
  });
  log(`exam: the server's CPU profile written to ${file}`);
}

function runInChild(job: ExamJob): Promise<ExamLoadResult> {
  const child = fork(new URL('./exam-worker.ts', import.meta.url), { stdio: 'inherit' });
  return new Promise<ExamLoadResult>((resolve, reject) => {
    child.on('message', (m: { ready?: true; result?: ExamLoadResult; error?: string }) => {
      if (m.ready) child.send(job);
      else if (m.result) resolve(m.result);
      else reject(new Error(`exam load generator: ${m.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`exam load generator exited with ${code}`)));
  });
}

/** The latency goal a box must meet to carry an exam of N students (issue 16). */
export const EXAM_P99_GOAL_MS = 50;

/** Whether an exam run met the goal: p99 under it, no failed command, no lost save, everyone submitted. */
export const examMeetsGoal = (s: ExamSummary) =>
  s.latency_ms.p99 < EXAM_P99_GOAL_MS && s.failed === 0 && s.saves_lost === 0 && s.not_submitted === 0;

const delay = (d: LoopDelay | null | undefined) => (d ? `p50 ${d.p50}, p99 ${d.p99}, max ${d.max} ms` : 'not measured');

export function formatExam(r: ExamResult, database: string): string {
  const s = r.summary;
  const kinds = Object.entries(s.by_kind)
    .map(([k, v]) => {
      const failed = Object.entries(v.failures)
        .map(([status, n]) => `${n}×${status === '0' ? 'net' : status}`)
        .join(', ');
      return `${k} ${v.ok} ok${v.failed ? ` / ${v.failed} failed (${failed})` : ''} (p50 ${v.p50}, p99 ${v.p99} ms)`;
    })
    .join('; ');
  return [
    `\nEvergrade exam simulation on ${database}: ${s.students} students` +
      (s.connections ? ` over ${s.connections} shared keep-alive connections (as behind a reverse proxy)` : ', a connection each'),
    `  offered: ${s.offered_mean_per_s} commands/s over the run (${s.offered_steady_per_s}/s once all have started: a heartbeat per 30 s ` +
      `and a save per ~20 s each; ${s.offered_peak_per_s}/s in the busiest 10 s)`,
    `  achieved: ${s.achieved_per_s} commands/s over the run (${s.ok} ok, ${s.failed} failed, ${s.late_commands} sent > 1 s late)`,
    `  latency: p50 ${s.latency_ms.p50} ms, p99 ${s.latency_ms.p99} ms, max ${s.latency_ms.max} ms; ${kinds}`,
    `  event-loop delay: server ${delay(s.loop_delay_ms?.server)}; load generator ${delay(s.loop_delay_ms?.client)}`,
    `  saves: ${s.saves_acked} acknowledged, ${s.saves_stored} stored, ${s.saves_lost} lost`,
    `  submitted: ${s.submitted_manual} by the student, ${s.submitted_by_server} by the server at the deadline, ${s.not_submitted} not`,
    `  goal (p99 < ${EXAM_P99_GOAL_MS} ms, no failure, 0 lost, all submitted): ${examMeetsGoal(s) ? 'met' : 'NOT met'}; ` +
      `seeding ${(r.seedMs / 1000).toFixed(1)} s, run ${(r.runMs / 1000).toFixed(1)} s`,
  ].join('\n');
}
