import { performance } from 'node:perf_hooks';
import { createAssignment, createCourse, registerTenant, registerUser } from '@evergrade/command-service';
import { CSRF_COOKIE, SESSION_COOKIE, routes, streamIds } from '@evergrade/contracts';
import { hashPassword } from '@evergrade/platform/auth';
import type { Database } from '@evergrade/platform/sql';
import { startStandalone } from '@evergrade/standalone';
import { BENCH_PASSWORD, BENCH_TENANT } from './seed';
import { percentile } from './stats';

/**
 * (d) Insights (issue 12): a course of `students` students × `assignments` published assignments of `questions`
 * tagged questions, every student submitting and graded on every assignment (typed answers captured, one grade per
 * question, as grade-submission records them), built into the read models by the standalone server's runner; then
 * the insights routes over real HTTP (one keep-alive client, requests one after another): the assignment stats with
 * item analysis, the course grades, and the student summaries table of the summaries read model.
 */
export type InsightsOptions = {
  databaseUrl?: string;
  students: number;
  assignments: number;
  questions: number;
  /** Timed requests per route (after `warmup` untimed ones). */
  requests: number;
  warmup: number;
  /** Longest wait for the summary writer before timing. */
  summaryWaitMs: number;
  log: (message: string) => void;
};

export type RouteTiming = {
  path: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failures: number;
  bytes: number;
};

export type InsightsResult = {
  shape: { students: number; assignments: number; questions: number; events: number };
  seedMs: number;
  /** From the last seeded event appended to every read model having applied it. */
  catchUpMs: number;
  /** From the catch-up until the summary writer had written every assignment's summaries (or gave up waiting). */
  summariesMs: number;
  /** Assignments whose summaries were all written by then. */
  summarised: number;
  routes: RouteTiming[];
  /** Why a route was not timed (absent from the contracts), if one was not. */
  skipped: string[];
};

const RUBRICS = ['Algebra - Accuracy', 'Geometry - Proof', 'Communication - Clarity'];
/** Marks edited, one before each request of the "after a mark changes" measure (2 untimed). */
const EDITS = 32;

type Row = { type: string; data: Record<string, unknown>; metadata: Record<string, unknown> };

/** Events written straight into the log, in order, 5,000 rows per INSERT (as bench/src/generate.ts writes its history). */
class EventWriter {
  private rows: string[] = [];
  written = 0;
  constructor(private readonly db: Database) {}

  async add(streamId: string, version: number, e: Row): Promise<void> {
    this.rows.push(JSON.stringify([streamId, version, e.type, e.data, e.metadata]));
    if (this.rows.length >= 5_000) await this.flush();
  }

  async finish(): Promise<void> {
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    this.written += rows.length;
    await this.db.query(
      `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
       SELECT e.v->>0, (e.v->>1)::bigint, gen_random_uuid(), e.v->>2, e.v->3, e.v->4
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(v, o)
        ORDER BY e.o`,
      [`[${rows.join(',')}]`],
    );
  }
}

/** A deterministic mark in 0..marks in 0.25 steps, varied by student, assignment and question. */
const markOf = (student: number, assignment: number, question: number, marks: number) =>
  Math.round(((((student * 7 + assignment * 13 + question * 29) % 17) / 16) * marks) / 0.25) * 0.25;

export async function benchInsights(opts: InsightsOptions): Promise<InsightsResult> {
  const server = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    seedDemo: false,
    logLevel: 'warn',
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
  });
  try {
    const t0 = performance.now();
    const now = new Date();
    const system = { tenant: BENCH_TENANT, actorRole: 'system' as const };
    await registerTenant(server.store, system, 'Bench School', now);
    const teacherEmail = `insights.teacher@${BENCH_TENANT}.school`;
    const teacher = await registerUser(
      server.store,
      system,
      { email: teacherEmail, role: 'instructor', password: BENCH_PASSWORD, firstName: 'Ines', lastName: 'Sights' },
      now,
    );
    const courseCode = 'INSIGHT1';
    const { courseId } = await createCourse(
      server.store,
      system,
      { courseCode, courseName: 'Insights bench', courseClass: '10', subject: 'Mathematics', instructorIds: [teacher] },
      now,
    );
    const instructor = { ...system, actorId: teacher, actorRole: 'instructor' as const };
    const sheets: { assignmentId: number; questions: { id: number; number: number; marks: number }[] }[] = [];
    for (let a = 0; a < opts.assignments; a++) {
      const assignmentId = await createAssignment(
        server.store,
        instructor,
        {
          courseId,
          title: `Insights ${a + 1}`,
          assigned: new Date(now.getTime() - (opts.assignments - a + 1) * 86_400_000),
          due: new Date(now.getTime() - (opts.assignments - a) * 86_400_000),
          timeLimitSeconds: null,
          publish: true,
          questions: Array.from({ length: opts.questions }, (_, q) => ({
            content: `Question ${q + 1}`,
            marksPossible: 1 + (q % 3),
            tags: q % 4 === 3 ? [] : [RUBRICS[q % RUBRICS.length]!],
          })),
        },
        now,
      );
      const events = await server.store.readStream(streamIds.assignment(BENCH_TENANT, assignmentId));
      sheets.push({
        assignmentId,
        questions: events
          .filter((e) => e.type === 'QuestionAdded')
          .map((e) => ({ id: Number(e.data.questionId), number: Number(e.data.questionNumber), marks: Number(e.data.marksPossible) })),
      });
    }
    // The students, their enrolments, submissions and grades: the events the register, enrol, submit and
    // grade-submission commands append (typed answers captured, one grade per question), written straight into the
    // log in multi-row INSERTs (300 password hashes and 24,000 appends one by one would take most of the bench).
    const writer = new EventWriter(server.db);
    const at = now.toISOString();
    const meta = { tenant: BENCH_TENANT, actorRole: 'system' };
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    let courseVersion = (await server.store.readStream(streamIds.course(BENCH_TENANT, courseId))).length;
    const students = Array.from({ length: opts.students }, (_, i) => 1_000_000 + i);
    for (const [i, userId] of students.entries()) {
      await writer.add(streamIds.user(BENCH_TENANT, userId), 1, {
        type: 'UserRegistered',
        data: {
          userId,
          email: `insights${i}@${BENCH_TENANT}.school`,
          role: 'student',
          passwordHash,
          firstName: `Student${i}`,
          lastName: `Insight${String(i).padStart(3, '0')}`,
          registeredAt: at,
        },
        metadata: meta,
      });
      await writer.add(streamIds.course(BENCH_TENANT, courseId), ++courseVersion, {
        type: 'StudentEnrolled',
        data: { courseId, studentId: userId, enrolledAt: at },
        metadata: meta,
      });
    }
    let responseId = 1;
    /** Responses whose mark the "after a mark changes" measure edits, one per request. */
    const edits: { assignmentId: number; studentId: number; responseId: number; questionId: number }[] = [];
    for (const [a, { assignmentId, questions }] of sheets.entries()) {
      for (const [s, studentId] of students.entries()) {
        const studentMeta = { ...meta, actorId: String(studentId), actorRole: 'student' };
        await writer.add(streamIds.submission(BENCH_TENANT, assignmentId, studentId), 1, {
          type: 'AssignmentSubmitted',
          data: { assignmentId, studentId, submittedAt: at },
          metadata: studentMeta,
        });
        const ids = questions.map(() => responseId++);
        if (edits.length < EDITS && a === s % sheets.length)
          edits.push({ assignmentId, studentId, responseId: ids[0]!, questionId: questions[0]!.id });
        const stream = streamIds.grading(BENCH_TENANT, assignmentId, studentId);
        const teacherMeta = { ...meta, actorId: String(teacher), actorRole: 'instructor' };
        await writer.add(stream, 1, {
          type: 'OnlineResponsesCaptured',
          data: {
            assignmentId,
            studentId,
            submissionVersion: 1,
            capturedAt: at,
            responses: questions.map((q, i) => ({ responseId: ids[i]!, questionId: q.id, questionNumber: q.number, response: 'answer' })),
          },
          metadata: teacherMeta,
        });
        for (const [i, q] of questions.entries()) {
          await writer.add(stream, 2 + i, {
            type: 'ResponseGraded',
            data: {
              assignmentId,
              studentId,
              responseId: ids[i]!,
              questionId: q.id,
              questionNumber: q.number,
              pointsObtained: markOf(s, a, i, q.marks),
              pointsPossible: q.marks,
              feedback: i % 2 ? 'Check the units.' : 'Well reasoned.',
              flaggedForReview: '',
              grader: { kind: 'offline', name: 'offline' },
              confidence: 0.9,
              inputs: { questionVersion: 1, responseVersion: 1 },
              gradedAt: at,
            },
            metadata: teacherMeta,
          });
        }
      }
    }
    await writer.finish();
    const events = writer.written;
    const head = (await server.store.headPosition())!;
    const seedMs = performance.now() - t0;
    opts.log(
      `insights: ${events.toLocaleString('en-US')} student, submission and grading events written in ${(seedMs / 1000).toFixed(1)} s`,
    );
    const base = `http://127.0.0.1:${new URL(server.url).port}`;
    const login = await fetch(`${base}${routes.login.path.replace(':role', 'instructor')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: teacherEmail, password: BENCH_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookies = Object.fromEntries(login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
    const headers = {
      cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}; ${CSRF_COOKIE}=${cookies[CSRF_COOKIE]}`,
      'x-csrf-token': cookies[CSRF_COOKIE]!,
      'content-type': 'application/json',
    };
    const t1 = performance.now();
    await server.runner.reached(head);
    const catchUpMs = performance.now() - t1;
    opts.log(`insights: read models caught up in ${(catchUpMs / 1000).toFixed(1)} s`);

    const post = (path: string, ids: readonly number[]) => (i: number) =>
      fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify({ assignment_id: ids[i % ids.length]! }) });
    const get = (path: string) => () => fetch(`${base}${path}`, { headers });

    // The summary writer (running in the server, offline) writes every student's and the class's summary of each
    // assignment once its grades settle: the routes are timed once it is done (or after summaryWaitMs).
    const summary = (routes as Record<string, { path: string } | undefined>).getStudentAssignmentSummary;
    const all = sheets.map((x) => x.assignmentId);
    const t2 = performance.now();
    let summarised = 0;
    while (summary) {
      summarised = 0;
      for (const id of all) {
        const res = await fetch(`${base}${summary.path}`, { method: 'POST', headers, body: JSON.stringify({ assignment_id: id }) });
        const body = (await res.json()) as { students?: { summary_status: string }[] };
        if (res.status === 200 && body.students?.length && body.students.every((x) => x.summary_status === 'ready')) summarised++;
      }
      if (summarised === all.length || performance.now() - t2 > opts.summaryWaitMs) break;
      await new Promise((r) => setTimeout(r, 2_000));
    }
    const summariesMs = performance.now() - t2;
    opts.log(
      `insights: ${summarised} of ${all.length} assignments' summaries written ${(summariesMs / 1000).toFixed(1)} s after the catch-up`,
    );

    const skipped: string[] = [];
    const timed: [string, (i: number) => Promise<Response>][] = [
      [routes.getAssignmentStats.path, post(routes.getAssignmentStats.path, all)],
      [routes.getCourseGrades.path.replace(':courseCode', courseCode), get(routes.getCourseGrades.path.replace(':courseCode', courseCode))],
      [
        routes.getCourseItemAnalysis.path.replace(':courseCode', courseCode),
        get(routes.getCourseItemAnalysis.path.replace(':courseCode', courseCode)),
      ],
    ];
    // The student summaries table (the summaries read model): timed when the contracts have the route.
    if (summary) timed.push([summary.path, post(summary.path, all)]);
    else skipped.push('POST /grader/get-student-assignment-summary (not in the contracts yet)');

    const results: RouteTiming[] = [];
    const time = async (
      path: string,
      send: (i: number) => Promise<Response>,
      count: number,
      warmup: number,
      before?: (i: number) => Promise<void>,
    ) => {
      const samples: number[] = [];
      let failures = 0;
      let bytes = 0;
      for (let i = 0; i < warmup + count; i++) {
        await before?.(i);
        const start = performance.now();
        const res = await send(i);
        const body = await res.arrayBuffer();
        const ms = performance.now() - start;
        if (res.status !== 200) {
          failures++;
          if (failures === 1) opts.log(`insights: ${path} answered ${res.status}: ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
        }
        if (i === 0 && process.env.BENCH_INSIGHTS_SHOW) opts.log(`${path}: ${Buffer.from(body).toString('utf8').slice(0, 400)}`);
        if (i >= warmup) {
          samples.push(ms);
          bytes = Math.max(bytes, body.byteLength);
        }
      }
      results.push({
        path,
        count: samples.length,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        p99: percentile(samples, 99),
        max: Math.max(...samples),
        failures,
        bytes,
      });
      opts.log(`insights: ${path} p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms`);
    };
    for (const [path, send] of timed) await time(path, send, opts.requests, opts.warmup);
    // The course grades and item analysis right after a mark changes (what a live page refetches on the notice): the
    // changed assignment is read and computed again. Each request follows one ResponseMarkEdited, applied.
    const editMark = async (i: number, round: number) => {
      const e = edits[i]!;
      const { lastPosition } = await server.store.append(
        streamIds.grading(BENCH_TENANT, e.assignmentId, e.studentId),
        [
          {
            type: 'ResponseMarkEdited',
            data: {
              ...e,
              previousPoints: 0,
              points: ((i + round) % 4) * 0.25,
              pointsPossible: 1,
              previousFeedback: '',
              feedback: `Edited by hand (${round})`,
              by: teacher,
              editedAt: new Date().toISOString(),
            },
            metadata: { tenant: BENCH_TENANT, actorId: String(teacher), actorRole: 'instructor' },
          },
        ],
        { expectedVersion: 'any' },
      );
      await server.runner.reached(lastPosition);
    };
    const gradesPath = routes.getCourseGrades.path.replace(':courseCode', courseCode);
    await time(`${gradesPath} after a mark changes`, get(gradesPath), edits.length - 2, 2, (i) => editMark(i, 0));
    const itemsPath = routes.getCourseItemAnalysis.path.replace(':courseCode', courseCode);
    await time(`${itemsPath} after a mark changes`, get(itemsPath), edits.length - 2, 2, (i) => editMark(i, 1));
    return {
      shape: { students: opts.students, assignments: opts.assignments, questions: opts.questions, events },
      seedMs,
      catchUpMs,
      summariesMs,
      summarised,
      routes: results,
      skipped,
    };
  } finally {
    await server.close();
  }
}

const r1 = (n: number): number | null => (Number.isFinite(n) ? Math.round(n * 10) / 10 : null);

/** The `--json` summary of (d). */
export type InsightsSummary = {
  students: number;
  assignments: number;
  questions: number;
  events: number;
  seed_s: number;
  catch_up_s: number;
  /** The summary writer's passes over the assignments the summaries table is timed on. */
  summaries_s: number;
  summarised_assignments: number;
  routes: Record<
    string,
    { p50_ms: number | null; p95_ms: number | null; p99_ms: number | null; max_ms: number | null; failures: number; bytes: number }
  >;
  skipped: string[];
};

export const summarizeInsights = (i: InsightsResult): InsightsSummary => ({
  ...i.shape,
  seed_s: Math.round(i.seedMs) / 1000,
  catch_up_s: Math.round(i.catchUpMs) / 1000,
  summaries_s: Math.round(i.summariesMs) / 1000,
  summarised_assignments: i.summarised,
  routes: Object.fromEntries(
    i.routes.map((r) => [
      r.path,
      { p50_ms: r1(r.p50), p95_ms: r1(r.p95), p99_ms: r1(r.p99), max_ms: r1(r.max), failures: r.failures, bytes: r.bytes },
    ]),
  ),
  skipped: i.skipped,
});
