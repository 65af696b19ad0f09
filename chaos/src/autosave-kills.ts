import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { routes, streamIds } from '@evergrade/contracts';
import { changeMembership, createAssignment, createCourse, registerTenant, registerUser } from '@evergrade/command-service';
import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import { openPgliteDatabase } from '@evergrade/platform/sql';
import { call, HttpError, login, waitUntil, type Session } from './http';
import { freePort, spawnServer, whenReady, type ServerProcess } from './server';

/**
 * Part (a): several signed-in students save answers through the real autosave route (command id and edit time on
 * every save) while the standalone server is SIGKILLed again and again; a save that was not acknowledged is sent
 * again, unchanged, until it is. After the last restart every acknowledged save is read back through the query side
 * (each question shows the last acknowledged edit) and from the event store (each command id applied exactly once).
 */
export type AutosaveKillOptions = {
  kills: number;
  students?: number;
  /** Assignments per student; each gets its own client loop (its own submission stream). */
  assignments?: number;
  questions?: number;
  /** Acknowledged saves to wait for after a start before the next kill: a random count in this range. */
  acksBetweenKills?: [number, number];
  port?: number;
  log?: (line: string) => void;
};

export type AutosaveKillResult = {
  kills: number;
  acknowledged: number;
  /** Acknowledged saves not in the event store with their text. */
  lost: number;
  /** Command ids applied more than once. */
  duplicated: number;
  /** Saves sent again after a failed attempt (connection refused or reset, timeout, 5xx) and then acknowledged. */
  retried: number;
  /** Saves answered with a 4xx (must be none). */
  refused: number;
  /** Saves answered with a 5xx (must be none: a kill drops connections, it does not answer). */
  serverErrors: number;
  /** Questions whose read model does not show the last acknowledged edit. */
  readModelMismatches: number;
  failures: string[];
};

const TENANT = 'chaos';
const PASSWORD = 'Chaos#Password1';

type Save = {
  commandId: string;
  studentId: number;
  assignmentId: number;
  questionId: number;
  text: string;
  clientSavedAt: string;
  position?: string | null;
};

/** The students, a teacher, one course and its assignments, through the product's commands, before the first start. */
async function seedSchool(store: EventStore, opts: { students: number; assignments: number; questions: number }) {
  const now = new Date();
  const system = { tenant: TENANT, actorRole: 'system' as const };
  await registerTenant(store, system, 'Chaos School', now);
  const teacher = await registerUser(
    store,
    system,
    { email: 'teacher@chaos.school', role: 'instructor', password: PASSWORD, firstName: 'Tess', lastName: 'Teacher' },
    now,
  );
  const students: { userId: number; email: string }[] = [];
  for (let i = 0; i < opts.students; i++) {
    const email = `student${i}@chaos.school`;
    const userId = await registerUser(
      store,
      system,
      {
        email,
        role: 'student',
        password: PASSWORD,
        firstName: 'Student',
        lastName: String(i),
        class: '10',
        section: 'A',
        enrollmentDate: now.toISOString().slice(0, 10),
      },
      now,
    );
    students.push({ userId, email });
  }
  const { courseId } = await createCourse(
    store,
    system,
    { courseCode: 'CHAOS1', courseName: 'Chaos', courseClass: '10', subject: 'Mathematics', instructorIds: [teacher] },
    now,
  );
  for (const s of students) await changeMembership(store, system, 'EnrollStudent', courseId, s.userId, now);
  const assignments: { assignmentId: number; questionIds: number[] }[] = [];
  for (let a = 0; a < opts.assignments; a++) {
    const assignmentId = await createAssignment(
      store,
      { ...system, actorId: teacher, actorRole: 'instructor' },
      {
        courseId,
        title: `Autosave under fire ${a + 1}`,
        assigned: new Date(now.getTime() - 86_400_000),
        due: new Date(now.getTime() + 30 * 86_400_000),
        timeLimitSeconds: null,
        publish: true,
        questions: Array.from({ length: opts.questions }, (_, q) => ({ content: `Question ${q + 1}`, marksPossible: 2 })),
      },
      now,
    );
    const events = await store.readStream(streamIds.assignment(TENANT, assignmentId));
    assignments.push({ assignmentId, questionIds: events.filter((e) => e.type === 'QuestionAdded').map((e) => Number(e.data.questionId)) });
  }
  return { students, assignments };
}

export async function runAutosaveKills(options: AutosaveKillOptions): Promise<AutosaveKillResult> {
  const log = options.log ?? (() => {});
  const opts = { students: options.students ?? 6, assignments: options.assignments ?? 2, questions: options.questions ?? 4 };
  const [minAcks, maxAcks] = options.acksBetweenKills ?? [40, 250];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'evergrade-chaos-a-'));
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const failures: string[] = [];
  const acked: Save[] = [];
  let retried = 0;
  let refused = 0;
  let serverErrors = 0;
  let kills = 0;
  let server: ServerProcess | undefined;

  try {
    const seedDb = await openPgliteDatabase({ dataDir });
    const seedStore = await createSqlEventStore(seedDb);
    const school = await seedSchool(seedStore, opts);
    await seedStore.close();
    await seedDb.close();
    const start = async () => {
      server = spawnServer({ port, dataDir });
      await whenReady(server);
    };
    log(`(a) ${opts.students} students × ${opts.assignments} assignments × ${opts.questions} questions; starting the server on ${base}`);
    await start();
    const sessions = new Map<number, Session>();
    for (const s of school.students) sessions.set(s.userId, await login(base, 'student', s.email, PASSWORD));

    let stopping = false;
    let acksSinceStart = 0;
    let lastEdit = Date.now();
    /** Edit times strictly increase, as one browser's would per question. */
    const editTime = () => new Date((lastEdit = Math.max(Date.now(), lastEdit + 1))).toISOString();

    /** One save until the server acknowledges it: the same body (command id, edit time) on every attempt. */
    const sendUntilAcked = async (session: Session, save: Save): Promise<boolean> => {
      const body = {
        assignment_id: save.assignmentId,
        question_id: save.questionId,
        response_content: save.text,
        command_id: save.commandId,
        client_saved_at: save.clientSavedAt,
      };
      for (let attempt = 0, delay = 50; ; attempt++, delay = Math.min(delay * 2, 500)) {
        try {
          const reply = await call<{ success: true; position: string | null }>(
            base,
            session,
            'POST',
            routes.setAssignmentResponse.path,
            body,
          );
          if (attempt > 0) retried++;
          save.position = reply.position;
          return true;
        } catch (err) {
          // A kill explains a refused connection, a reset or a timeout: send it again. An answer other than 200 is a defect.
          if (err instanceof HttpError && err.status < 500) {
            refused++;
            failures.push(`save refused: ${err.message}`);
            return false;
          }
          if (err instanceof HttpError) {
            serverErrors++;
            if (serverErrors <= 5) failures.push(`save answered ${err.status}: ${err.message}`);
          }
          await new Promise((r) => setTimeout(r, delay));
        }
      }
    };

    const clients = school.students.flatMap((student) =>
      school.assignments.map(async ({ assignmentId, questionIds }) => {
        const session = sessions.get(student.userId)!;
        for (let n = 0; !stopping; n++) {
          const save: Save = {
            commandId: randomUUID(),
            studentId: student.userId,
            assignmentId,
            questionId: questionIds[n % questionIds.length]!,
            text: `${student.email} a${assignmentId} edit ${n}: ${randomUUID()}`,
            clientSavedAt: editTime(),
          };
          if (await sendUntilAcked(session, save)) {
            acked.push(save);
            acksSinceStart++;
          } else if (refused > 20) return;
        }
      }),
    );

    for (let k = 1; k <= options.kills; k++) {
      const wanted = minAcks + Math.floor(Math.random() * (maxAcks - minAcks + 1));
      if (!(await waitUntil(async () => acksSinceStart >= wanted || refused > 20, 120_000)))
        throw new Error(`only ${acksSinceStart} saves acknowledged in 2 minutes after start ${k}`);
      if (refused > 20) throw new Error(`saves refused: ${failures.slice(0, 3).join('; ')}`);
      await server!.kill();
      kills++;
      log(`(a) kill ${k}/${options.kills}: SIGKILL after ${acksSinceStart} acknowledged saves (${acked.length} in all); restarting`);
      acksSinceStart = 0;
      await start();
    }
    if (!(await waitUntil(async () => acksSinceStart >= minAcks, 120_000))) throw new Error('no saves acknowledged after the last restart');
    stopping = true;
    await Promise.all(clients);
    log(`(a) ${acked.length} saves acknowledged; reading them back`);

    // The query side: each question shows the last acknowledged edit (saves of one loop are sequential, edit times rise).
    const last = new Map<string, Save>();
    for (const save of acked) last.set(`${save.studentId}:${save.questionId}`, save);
    let readModelMismatches = 0;
    for (const student of school.students) {
      const session = sessions.get(student.userId)!;
      for (const { assignmentId, questionIds } of school.assignments) {
        const expected = questionIds.map((q) => last.get(`${student.userId}:${q}`)?.text ?? null);
        const minPosition = acked.filter((s) => s.studentId === student.userId && s.assignmentId === assignmentId).at(-1)?.position ?? null;
        let shown: (string | null)[] = [];
        const same = await waitUntil(async () => {
          const { questions } = await call<{ questions: { question_id: number; response_content: string | null }[] }>(
            base,
            session,
            'POST',
            routes.getAssignmentQuestions.path,
            { assignment_id: assignmentId },
            minPosition,
          );
          shown = questionIds.map((q) => questions.find((x) => x.question_id === q)?.response_content ?? null);
          return shown.every((text, i) => text === expected[i]);
        }, 30_000);
        if (!same) {
          const wrong = shown.filter((text, i) => text !== expected[i]).length;
          readModelMismatches += wrong;
          failures.push(`${student.email}, assignment ${assignmentId}: ${wrong} question(s) do not show the last acknowledged edit`);
        }
      }
    }
    await server!.stop();
    server = undefined;

    // The event store: every acknowledged command id once, with its text.
    const db = await openPgliteDatabase({ dataDir });
    const store = await createSqlEventStore(db);
    const applied = new Map<string, string[]>();
    try {
      for (const student of school.students) {
        for (const { assignmentId } of school.assignments) {
          for (const e of await store.readStream(streamIds.submission(TENANT, assignmentId, student.userId))) {
            const id = e.metadata.commandId;
            if (e.type !== 'AnswerSaved' || typeof id !== 'string') continue;
            applied.set(id, [...(applied.get(id) ?? []), String(e.data.responseContent)]);
          }
        }
      }
    } finally {
      await store.close();
      await db.close();
    }
    let lost = 0;
    for (const save of acked) {
      const texts = applied.get(save.commandId) ?? [];
      if (!texts.includes(save.text)) {
        lost++;
        if (lost <= 5) failures.push(`acknowledged save ${save.commandId} (${save.text.slice(0, 40)}…) is not in the event store`);
      }
    }
    const duplicated = [...applied.values()].filter((texts) => texts.length > 1).length;
    if (duplicated > 0) failures.push(`${duplicated} command id(s) applied more than once`);
    if (lost > 0) failures.push(`${lost} acknowledged save(s) lost`);
    if (serverErrors > 0) failures.push(`${serverErrors} save(s) answered with a 5xx`);
    return { kills, acknowledged: acked.length, lost, duplicated, retried, refused, serverErrors, readModelMismatches, failures };
  } catch (err) {
    failures.push(err instanceof Error ? err.message : String(err));
    return {
      kills,
      acknowledged: acked.length,
      lost: NaN,
      duplicated: NaN,
      retried,
      refused,
      serverErrors,
      readModelMismatches: NaN,
      failures,
    };
  } finally {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
