import { changeMembership, createAssignment, createCourse, registerTenant, registerUser } from '@evergrade/command-service';
import { streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';

export const BENCH_TENANT = 'bench';
export const BENCH_PASSWORD = 'Bench#Password1';

export type AutosaveSchool = {
  students: { userId: number; email: string }[];
  /** [assignment_id, question_id] pairs every student may save. */
  targets: [number, number][];
  /** Position of the last seeded event, to wait for the projections to catch up with. */
  lastPosition: string;
};

/**
 * A school seeded through the same commands the product uses: one teacher, `students` students all
 * enrolled in `courses` courses, one published assignment of `questions` questions per course.
 * Every student gets their own submission stream per assignment, so clients never share a stream.
 */
export async function seedAutosaveSchool(
  store: EventStore,
  opts: { students: number; courses: number; questions: number },
): Promise<AutosaveSchool> {
  const now = new Date();
  const system = { tenant: BENCH_TENANT, actorRole: 'system' as const };
  await registerTenant(store, system, 'Bench School', now);
  const teacher = await registerUser(
    store,
    system,
    {
      email: `teacher@${BENCH_TENANT}.school`,
      role: 'instructor',
      password: BENCH_PASSWORD,
      firstName: 'Tess',
      lastName: 'Teacher',
    },
    now,
  );
  const students: AutosaveSchool['students'] = [];
  for (let i = 0; i < opts.students; i++) {
    const email = `student${i}@${BENCH_TENANT}.school`;
    const userId = await registerUser(
      store,
      system,
      {
        email,
        role: 'student',
        password: BENCH_PASSWORD,
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
  const instructor = { ...system, actorId: teacher, actorRole: 'instructor' as const };
  const targets: [number, number][] = [];
  let lastPosition = '';
  for (let c = 0; c < opts.courses; c++) {
    const { courseId } = await createCourse(
      store,
      system,
      {
        courseCode: `BENCH${c}`,
        courseName: `Bench course ${c}`,
        courseClass: '10',
        subject: 'Mathematics',
        instructorIds: [teacher],
      },
      now,
    );
    for (const s of students) await changeMembership(store, system, 'EnrollStudent', courseId, s.userId, now);
    const assignmentId = await createAssignment(
      store,
      instructor,
      {
        courseId,
        title: `Autosave ${c}`,
        assigned: new Date(now.getTime() - 86_400_000),
        due: new Date(now.getTime() + 30 * 86_400_000),
        timeLimitSeconds: null,
        publish: true,
        questions: Array.from({ length: opts.questions }, (_, q) => ({
          content: `Question ${q + 1}: explain your reasoning.`,
          marksPossible: 2,
        })),
      },
      now,
    );
    const events = await store.readStream(streamIds.assignment(BENCH_TENANT, assignmentId));
    lastPosition = events.at(-1)!.globalPosition;
    const questionIds = events.filter((e) => e.type === 'QuestionAdded').map((e) => e.data.questionId as number);
    for (const questionId of questionIds) targets.push([assignmentId, questionId]);
  }
  return { students, targets, lastPosition };
}

/** The CRUD baseline's table: one row per (student, question), written by a single UPDATE. */
export async function seedCrudTable(db: Database, school: AutosaveSchool): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS bench_answers (
    student_id integer NOT NULL, question_id integer NOT NULL, response_content text,
    updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (student_id, question_id))`);
  for (const s of school.students) {
    await db.query(`INSERT INTO bench_answers (student_id, question_id) SELECT $1, q FROM unnest($2::int[]) AS q ON CONFLICT DO NOTHING`, [
      s.userId,
      school.targets.map(([, q]) => q),
    ]);
  }
}
