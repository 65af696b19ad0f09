import { randomUUID } from 'node:crypto';
import { streamIds, type DomainEvent, type IdKind, type IdOwner } from '@evergrade/contracts';
import { migrateEventStore, type EventMetadata } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';

/**
 * A realistic multi-school history for the replay bench, written straight into the `events` table in
 * multi-row INSERTs (no deciders, no password hashing, no append per event).
 *
 * Schools run a term in parallel: each week every course publishes an assignment, enrolled students autosave
 * their answers (some assignments timed, with a session start and a heartbeat), submit, and the instructor grades
 * (typed answers captured onto the grading stream, one grade per question, some edited by hand, some flagged and
 * resolved). Libraries grow (rubrics, library questions, textbooks), some students practise, a few report
 * problems. Schools interleave in the log; within a school, students' saves interleave.
 *
 * The total is hit exactly: a dry pass counts every event that is not an autosave, and the autosaves fill the rest.
 */
export const QUESTIONS = 5;
const TEACHERS = 6;
const COURSES = 8;
const COURSES_PER_STUDENT = 3;
const WEEKS = 6;
const EVENTS_PER_SCHOOL = 100_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const T0 = Date.parse('2026-01-05T08:00:00Z');
const FAKE_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g=';
const SUBJECTS = ['Mathematics', 'Physics', 'Chemistry', 'History', 'Biology', 'English'];

export type Shape = {
  schools: number;
  studentsPerSchool: number;
  teachers: number;
  courses: number;
  coursesPerStudent: number;
  weeks: number;
  questions: number;
};

/** What the generated history must leave in the read models, for the bench to check the rebuild. */
export type Generated = {
  events: number;
  shape: Shape;
  byType: Record<string, number>;
  streams: number;
  users: number;
  /** (student, assignment) pairs: every one answered, submitted and fully graded. */
  submissions: number;
  timedSessions: number;
  /** Every question of every submission has a graded response. */
  responses: number;
  practices: number;
  problemReports: number;
  rubrics: number;
  libraryQuestions: number;
  textbooks: number;
};

/** Schools of up to 120 students, about 100,000 events each; fewer, smaller schools for small totals. */
export function shapeFor(total: number): Shape {
  const schools = Math.max(1, Math.round(total / EVENTS_PER_SCHOOL));
  // About 40 events per (student, assignment): 13 fixed (submit, capture, ids, grades) and the rest autosaves.
  const perStudent = COURSES_PER_STUDENT * WEEKS * 40;
  const studentsPerSchool = Math.max(4, Math.min(120, Math.floor(total / schools / perStudent)));
  return {
    schools,
    studentsPerSchool,
    teachers: TEACHERS,
    courses: COURSES,
    coursesPerStudent: COURSES_PER_STUDENT,
    weeks: WEEKS,
    questions: QUESTIONS,
  };
}

type Ev = { type: string; data: Record<string, unknown>; metadata: EventMetadata };
type Append = { streamId: string; events: Ev[] };

/**
 * Generates `total` events into `db`'s `events` table (which must exist and be empty), `chunk` rows per INSERT.
 * The table's secondary indexes are dropped for the load and built again after it (as `migrateEventStore` makes
 * them), which is several times faster than maintaining them row by row.
 */
export async function generateHistory(db: Database, total: number, chunk = 10_000): Promise<Generated> {
  const shape = shapeFor(total);
  // Dry pass: count everything but autosaves, and the submissions they are spread over.
  const dry = new History(shape, () => 0);
  for (const _ of dry.appends()) void _;
  const budget = total - dry.counts.events;
  if (budget < dry.counts.submissions) {
    throw new Error(
      `${total} events is too few: the history needs ${dry.counts.events + dry.counts.submissions} for ${shape.schools} school(s)`,
    );
  }
  const per = Math.floor(budget / dry.counts.submissions);
  const extra = budget % dry.counts.submissions;
  const history = new History(shape, (i) => per + (i < extra ? 1 : 0));
  const writer = new BulkWriter(db, chunk);
  await db.query(`ALTER TABLE events DROP CONSTRAINT IF EXISTS events_event_id_key,
    DROP CONSTRAINT IF EXISTS events_stream_id_stream_version_key`);
  await db.query('DROP INDEX IF EXISTS events_stream_command, events_transaction_position');
  for (const append of history.appends()) await writer.append(append);
  await writer.finish();
  await db.query(`ALTER TABLE events ADD CONSTRAINT events_event_id_key UNIQUE (event_id),
    ADD CONSTRAINT events_stream_id_stream_version_key UNIQUE (stream_id, stream_version)`);
  await migrateEventStore(db);
  const c = history.counts;
  if (writer.written !== total) throw new Error(`generated ${writer.written} events, wanted ${total}`);
  return {
    events: writer.written,
    shape,
    byType: c.byType,
    streams: writer.streams,
    users: c.users,
    submissions: c.submissions,
    timedSessions: c.timed,
    responses: c.submissions * shape.questions,
    practices: c.practices,
    problemReports: c.problemReports,
    rubrics: c.rubrics,
    libraryQuestions: c.libraryQuestions,
    textbooks: c.textbooks,
  };
}

/**
 * Rows buffered as one JSON array and written in one INSERT ... SELECT FROM jsonb_array_elements(...) per chunk (one
 * parse of the chunk on each side; `data` and `metadata` are jsonb as they arrive); the next chunk is built while one
 * is written.
 */
class BulkWriter {
  private readonly versions = new Map<string, number>();
  private rows: string[] = [];
  private pending: Promise<unknown> = Promise.resolve();
  written = 0;

  constructor(
    private readonly db: Database,
    private readonly chunk: number,
  ) {}

  get streams(): number {
    return this.versions.size;
  }

  async append({ streamId, events }: Append): Promise<void> {
    let version = this.versions.get(streamId) ?? 0;
    events.forEach((e, i) => {
      // The store sets command_id on an append's first event only.
      this.rows.push(
        JSON.stringify([streamId, ++version, e.type, e.data, e.metadata, i === 0 ? (e.metadata.commandId ?? null) : null, atOf(e)]),
      );
    });
    this.versions.set(streamId, version);
    if (this.rows.length >= this.chunk) await this.flush();
  }

  async finish(): Promise<void> {
    await this.flush();
    await this.pending;
  }

  private async flush(): Promise<void> {
    const rows = this.rows;
    if (rows.length === 0) return;
    this.rows = [];
    // One statement at a time, in order: each INSERT is its own transaction, so the log's order is the generation order.
    await this.pending;
    this.written += rows.length;
    this.pending = this.db.query(
      `INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata, command_id, recorded_at)
       SELECT e.v->>0, (e.v->>1)::bigint, gen_random_uuid(), e.v->>2, e.v->3, e.v->4, e.v->>5, (e.v->>6)::timestamptz
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(v, o)
        ORDER BY e.o`,
      [`[${rows.join(',')}]`],
    );
  }
}

const AT_FIELDS = [
  'savedAt',
  'submittedAt',
  'gradedAt',
  'editedAt',
  'resolvedAt',
  'capturedAt',
  'createdAt',
  'publishedAt',
  'registeredAt',
  'enrolledAt',
  'addedAt',
  'startedAt',
  'at',
  'checkedAt',
  'reportedAt',
];
/** recorded_at: the time the event itself names (generation follows the clock), or the term's start. */
function atOf(e: Ev): string {
  for (const f of AT_FIELDS) {
    const v = e.data[f];
    if (typeof v === 'string') return v;
  }
  return new Date(T0).toISOString();
}

type Counts = {
  events: number;
  byType: Record<string, number>;
  users: number;
  submissions: number;
  timed: number;
  practices: number;
  problemReports: number;
  rubrics: number;
  libraryQuestions: number;
  textbooks: number;
};

type School = {
  tenant: string;
  index: number;
  teachers: number[];
  students: number[];
  courses: { courseId: number; code: string; instructor: number; students: number[] }[];
  pace: () => number;
};
type Assignment = {
  assignmentId: number;
  courseId: number;
  instructor: number;
  questions: { questionId: number; marks: number }[];
  timed: boolean;
  due: number;
};
type Work = {
  school: School;
  a: Assignment;
  studentId: number;
  index: number;
  saves: number;
  done: number;
  timed: boolean;
  started: boolean;
  heartbeat: boolean;
};

class History {
  readonly counts: Counts = {
    events: 0,
    byType: {},
    users: 0,
    submissions: 0,
    timed: 0,
    practices: 0,
    problemReports: 0,
    rubrics: 0,
    libraryQuestions: 0,
    textbooks: 0,
  };
  private readonly sequences = new Map<IdKind, number>();
  /** Interleaving only: never decides what happens, so the dry pass and the real one make the same events. */
  private readonly order = seededRandom(7);
  private readonly words = seededRandom(42);
  private clock = T0;

  constructor(
    private readonly shape: Shape,
    private readonly savesFor: (submission: number) => number,
  ) {}

  private iso(t = this.clock): string {
    return new Date(t).toISOString();
  }

  private meta(tenant: string | undefined, actorId?: number, actorRole = 'system'): EventMetadata {
    return {
      ...(tenant ? { tenant } : {}),
      ...(actorId !== undefined ? { actorId: String(actorId) } : {}),
      actorRole,
      commandId: randomUUID(),
    };
  }

  private emit(streamId: string, metadata: EventMetadata, ...events: DomainEvent[]): Append {
    for (const e of events) this.counts.byType[e.type] = (this.counts.byType[e.type] ?? 0) + 1;
    this.counts.events += events.length;
    // A few seconds pass between appends: the history stays in time order.
    this.clock += 1000 + Math.floor(this.order() * 4000);
    return { streamId, events: events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata })) };
  }

  /** Question and response ids name the stream they belong to (`owner`), as the command side allocates them. */
  private *ids(kind: IdKind, n: number, owner?: IdOwner): Generator<Append, number[]> {
    const first = (this.sequences.get(kind) ?? 0) + 1;
    this.sequences.set(kind, first + n - 1);
    yield this.emit(
      streamIds.sequence(kind),
      {},
      ...Array.from({ length: n }, (): DomainEvent => ({ type: 'IdAllocated', data: owner ? { owner } : {} })),
    );
    return Array.from({ length: n }, (_, i) => first + i);
  }

  *appends(): Generator<Append> {
    const schools: School[] = [];
    for (let s = 0; s < this.shape.schools; s++) schools.push(yield* this.setUpSchool(s));
    let submission = 0;
    for (let week = 0; week < this.shape.weeks; week++) {
      // Schools interleave: one append from each in turn, in a shuffled order each round.
      const live = schools.map((school) => this.week(school, week, () => submission++));
      while (live.length > 0) {
        const i = Math.floor(this.order() * live.length);
        const next = live[i]!.next();
        if (next.done) live.splice(i, 1);
        else yield next.value;
      }
    }
  }

  private *setUpSchool(index: number): Generator<Append, School> {
    const tenant = `school-${index + 1}`;
    const m = () => this.meta(tenant);
    yield this.emit(streamIds.tenant(tenant), m(), {
      type: 'TenantRegistered',
      data: { tenant, name: `School ${index + 1}`, registeredAt: this.iso() },
    });
    yield* this.library(tenant, undefined, 6, 20, 3);

    const { teachers: nTeachers, studentsPerSchool, courses: nCourses, coursesPerStudent } = this.shape;
    const teachers: number[] = [];
    const students: number[] = [];
    for (let u = 0; u < nTeachers + studentsPerSchool; u++) {
      const teacher = u < nTeachers;
      const [userId] = yield* this.ids('user', 1);
      const email = `${teacher ? 'teacher' : 'student'}${userId}@${tenant}.school`;
      yield this.emit(streamIds.userEmail(tenant, email), m(), { type: 'EmailReserved', data: { email, userId: userId! } });
      yield this.emit(streamIds.user(tenant, userId!), m(), {
        type: 'UserRegistered',
        data: {
          userId: userId!,
          email,
          role: teacher ? 'instructor' : 'student',
          passwordHash: FAKE_HASH,
          firstName: teacher ? 'Teacher' : 'Student',
          lastName: String(userId),
          ...(teacher ? { title: 'Dr' } : { class: '10', section: 'AB'[userId! % 2]!, enrollmentDate: '2026-01-05' }),
          registeredAt: this.iso(),
        },
      });
      (teacher ? teachers : students).push(userId!);
      this.counts.users++;
    }

    const courses: School['courses'] = [];
    for (let c = 0; c < nCourses; c++) {
      const [courseId] = yield* this.ids('course', 1);
      const code = `C${courseId}`;
      const instructor = teachers[c % teachers.length]!;
      yield this.emit(streamIds.courseCode(tenant, code), m(), {
        type: 'CourseCodeReserved',
        data: { courseCode: code, courseId: courseId! },
      });
      // Student k takes courses k, k + step, k + 2 step, ... (mod the number of courses).
      const step = Math.max(1, Math.floor(nCourses / coursesPerStudent));
      const enrolled = students.filter((_, k) =>
        Array.from({ length: coursesPerStudent }, (_, j) => (k + j * step) % nCourses).includes(c),
      );
      yield this.emit(
        streamIds.course(tenant, courseId!),
        this.meta(tenant, teachers[0], 'admin'),
        {
          type: 'CourseCreated',
          data: {
            courseId: courseId!,
            courseCode: code,
            courseName: `${SUBJECTS[c % SUBJECTS.length]} ${c + 1}`,
            courseClass: '10',
            subject: SUBJECTS[c % SUBJECTS.length]!,
            instructorIds: [instructor],
            createdAt: this.iso(),
          },
        },
        ...enrolled.map((studentId): DomainEvent => ({
          type: 'StudentEnrolled',
          data: { courseId: courseId!, studentId, enrolledAt: this.iso() },
        })),
      );
      courses.push({ courseId: courseId!, code, instructor, students: enrolled });
    }
    return { tenant, index, teachers, students, courses, pace: seededRandom(1000 + index) };
  }

  /** A school's own rubrics, library questions and textbooks, added by `by` (null: at set-up). */
  private *library(tenant: string, by: number | undefined, rubrics: number, questions: number, textbooks: number): Generator<Append> {
    const m = () => this.meta(tenant, by, by === undefined ? 'system' : 'instructor');
    if (rubrics > 0) {
      const ids = yield* this.ids('rubric', rubrics);
      yield this.emit(
        streamIds.rubrics(tenant),
        m(),
        ...ids.map((rubricId): DomainEvent => ({
          type: 'RubricAdded',
          data: {
            rubricId,
            rubricName: ['Problem Solving', 'Communication', 'Reasoning'][rubricId % 3]!,
            criterion: `Criterion ${rubricId}`,
            description: 'Novice: ... Apprentice: ... Competent: ... Proficient: ...',
            addedBy: by ?? null,
            addedAt: this.iso(),
          },
        })),
      );
      this.counts.rubrics += rubrics;
    }
    if (questions > 0) {
      const ids = yield* this.ids('library-question', questions);
      yield this.emit(
        streamIds.questionLibrary(tenant),
        m(),
        ...ids.map((questionId): DomainEvent => ({
          type: 'LibraryQuestionAdded',
          data: {
            questionId,
            subject: SUBJECTS[questionId % SUBJECTS.length]!,
            questionType: 'short answer',
            questionText: this.text(160),
            answer: this.text(40),
            gradingInstructions: 'One mark per correct step.',
            marksPossible: 1 + (questionId % 4),
            topics: ['bench'],
            sourceTitle: 'Bench Book',
            sourceDocumentId: null,
            originalQuestionNumber: questionId,
            grade: '10',
            addedBy: by ?? null,
            addedAt: this.iso(),
          },
        })),
      );
      this.counts.libraryQuestions += questions;
    }
    if (textbooks > 0) {
      const ids = yield* this.ids('textbook', textbooks);
      yield this.emit(
        streamIds.textbooks(tenant),
        m(),
        ...ids.map((textbookId): DomainEvent => ({
          type: 'TextbookAdded',
          data: {
            textbookId,
            title: `Textbook ${textbookId}`,
            author: 'A. Author',
            subject: SUBJECTS[textbookId % SUBJECTS.length]!,
            addedAt: this.iso(),
          },
        })),
      );
      this.counts.textbooks += textbooks;
    }
  }

  /** One school's week: assignments published, students answer and submit (interleaved), the instructors grade. */
  private *week(school: School, week: number, nextSubmission: () => number): Generator<Append> {
    const { tenant } = school;
    const assignments: Assignment[] = [];
    for (const [c, course] of school.courses.entries()) {
      const [assignmentId] = yield* this.ids('assignment', 1);
      const questionIds = yield* this.ids('question', this.shape.questions, {
        tenant,
        stream: streamIds.assignment(tenant, assignmentId!),
        assignmentId: assignmentId!,
      });
      const timed = chance(0.2, school.index, week, c);
      const due = T0 + (week + 1) * WEEK + 5 * DAY;
      const a: Assignment = {
        assignmentId: assignmentId!,
        courseId: course.courseId,
        instructor: course.instructor,
        timed,
        due,
        questions: questionIds.map((questionId) => ({ questionId, marks: 1 + (questionId % 4) })),
      };
      const m = this.meta(tenant, course.instructor, 'instructor');
      yield this.emit(
        streamIds.assignment(tenant, a.assignmentId),
        m,
        {
          type: 'AssignmentCreated',
          data: {
            assignmentId: a.assignmentId,
            courseId: course.courseId,
            title: `Week ${week + 1}: ${this.text(30)}`,
            assigned: this.iso(),
            due: this.iso(due),
            timeLimitSeconds: timed ? 3600 : null,
            createdBy: course.instructor,
            createdAt: this.iso(),
            creationMethod: 'scratch',
          },
        },
        ...a.questions.map((q, i): DomainEvent => ({
          type: 'QuestionAdded',
          data: {
            assignmentId: a.assignmentId,
            questionId: q.questionId,
            questionNumber: i + 1,
            content: `Question ${i + 1}: ${this.text(140)}`,
            marksPossible: q.marks,
            answer: this.text(40),
          },
        })),
      );
      yield this.emit(streamIds.assignment(tenant, a.assignmentId), this.meta(tenant, course.instructor, 'instructor'), {
        type: 'AssignmentPublished',
        data: { assignmentId: a.assignmentId, publishedAt: this.iso() },
      });
      assignments.push(a);
    }
    if (chance(0.5, school.index, week))
      yield* this.library(
        tenant,
        school.teachers[week % school.teachers.length],
        chance(0.3, school.index, week, 1) ? 1 : 0,
        2,
        chance(0.2, school.index, week, 2) ? 1 : 0,
      );

    // Students work on every assignment of their courses, saves interleaved across the school.
    const work: Work[] = [];
    for (const a of assignments) {
      for (const studentId of school.courses.find((c) => c.courseId === a.courseId)!.students) {
        const index = nextSubmission();
        work.push({ school, a, studentId, index, saves: this.savesFor(index), done: 0, timed: a.timed, started: false, heartbeat: false });
        this.counts.submissions++;
        if (a.timed) this.counts.timed++;
      }
    }
    const open = [...work];
    while (open.length > 0) {
      const i = Math.floor(school.pace() * open.length);
      const w = open[i]!;
      const step = this.studentStep(w);
      if (step) yield step;
      else open.splice(i, 1);
    }
    for (const studentId of school.students) {
      if (chance(0.1, studentId, week)) yield* this.practice(tenant, studentId);
      if (chance(0.01, studentId, week, 3)) {
        const [reportId] = yield* this.ids('problem-report', 1);
        yield this.emit(streamIds.problemReport(tenant, reportId!), this.meta(tenant, studentId, 'student'), {
          type: 'ProblemReported',
          data: {
            reportId: reportId!,
            category: 'Something is confusing',
            message: this.text(200),
            page: '/student/assignments',
            reporterId: studentId,
            reporterRole: 'student',
            reporterName: `Student ${studentId}`,
            reporterEmail: `student${studentId}@${tenant}.school`,
            reportedAt: this.iso(),
          },
        });
        this.counts.problemReports++;
      }
    }

    // Grading, in the order the instructors get to it.
    const queue = [...work];
    while (queue.length > 0) {
      const [w] = queue.splice(Math.floor(school.pace() * queue.length), 1);
      yield* this.grade(w!);
    }
  }

  /** The student's next action on one assignment, or null once submitted. */
  private studentStep(w: Work): Append | null {
    const { tenant } = w.school;
    const { assignmentId } = w.a;
    const stream = streamIds.submission(tenant, assignmentId, w.studentId);
    const m = this.meta(tenant, w.studentId, 'student');
    if (w.timed && !w.started) {
      w.started = true;
      return this.emit(stream, m, {
        type: 'TimedSessionStarted',
        data: {
          assignmentId,
          studentId: w.studentId,
          startedAt: this.iso(),
          timeLimitSeconds: 3600,
          deadline: this.iso(Math.min(this.clock + 3600_000, w.a.due)),
        },
      });
    }
    if (w.timed && !w.heartbeat && w.done >= w.saves / 2) {
      w.heartbeat = true;
      return this.emit(stream, m, {
        type: 'SessionHeartbeat',
        data: { assignmentId, studentId: w.studentId, timeUsedSeconds: 600, at: this.iso() },
      });
    }
    if (w.done < w.saves) {
      const q = w.a.questions[Math.min(w.a.questions.length - 1, Math.floor((w.done * w.a.questions.length) / w.saves))]!;
      w.done++;
      return this.emit(stream, m, {
        type: 'AnswerSaved',
        data: {
          assignmentId,
          studentId: w.studentId,
          questionId: q.questionId,
          responseContent: this.text(40 + Math.floor(this.words() * 400)),
          savedAt: this.iso(),
          clientSavedAt: this.iso(this.clock - 200),
        },
      });
    }
    if (w.done === w.saves) {
      w.done++;
      return this.emit(stream, m, {
        type: 'AssignmentSubmitted',
        data: {
          assignmentId,
          studentId: w.studentId,
          submittedAt: this.iso(),
          submissionMethod: 'manual',
          ...(w.timed ? { timeUsedSeconds: 1800 } : {}),
        },
      });
    }
    return null;
  }

  /** Typed answers captured onto the grading stream, each question graded by the offline checker, some edited, some flagged and resolved. */
  private *grade(w: Work): Generator<Append> {
    const { tenant } = w.school;
    const { assignmentId } = w.a;
    const studentId = w.studentId;
    const stream = streamIds.grading(tenant, assignmentId, studentId);
    const m = () => this.meta(tenant, w.a.instructor, 'instructor');
    const ids = yield* this.ids('response', w.a.questions.length, { tenant, stream, assignmentId, studentId });
    const responses = w.a.questions.map((q, i) => ({
      responseId: ids[i]!,
      questionId: q.questionId,
      questionNumber: i + 1,
      response: this.text(80),
    }));
    yield this.emit(stream, m(), {
      type: 'OnlineResponsesCaptured',
      data: { assignmentId, studentId, submissionVersion: w.saves + 1 + (w.timed ? 2 : 0), responses, capturedAt: this.iso() },
    });
    const flagged: typeof responses = [];
    for (const [i, r] of responses.entries()) {
      const q = w.a.questions[i]!;
      const flag = chance(0.05, r.responseId) ? 'The checker was not sure about this answer.' : '';
      if (flag) flagged.push(r);
      const points = Math.floor(chance(0.5, r.responseId, 1) ? q.marks : q.marks / 2);
      const feedback = this.text(120);
      yield this.emit(stream, m(), {
        type: 'ResponseGraded',
        data: {
          assignmentId,
          studentId,
          responseId: r.responseId,
          questionId: q.questionId,
          questionNumber: i + 1,
          pointsObtained: points,
          pointsPossible: q.marks,
          feedback,
          flaggedForReview: flag,
          grader: { kind: 'offline', name: 'offline' },
          confidence: flag ? 0.4 : 0.9,
          inputs: { questionVersion: 1, responseVersion: 1 },
          gradedAt: this.iso(),
        },
      });
      if (chance(0.08, r.responseId, 2)) {
        yield this.emit(stream, m(), {
          type: 'ResponseMarkEdited',
          data: {
            assignmentId,
            studentId,
            responseId: r.responseId,
            questionId: q.questionId,
            previousPoints: points,
            points: q.marks,
            pointsPossible: q.marks,
            previousFeedback: feedback,
            feedback: 'Full marks: well argued.',
            by: w.a.instructor,
            editedAt: this.iso(),
          },
        });
      }
    }
    for (const r of flagged) {
      yield this.emit(stream, m(), {
        type: 'ResponseFlagResolved',
        data: {
          assignmentId,
          studentId,
          responseId: r.responseId,
          questionId: r.questionId,
          flag: 'The checker was not sure about this answer.',
          by: w.a.instructor,
          resolvedAt: this.iso(),
        },
      });
    }
  }

  private *practice(tenant: string, studentId: number): Generator<Append> {
    const [practiceId] = yield* this.ids('practice', 1);
    const stream = streamIds.practice(tenant, practiceId!);
    const m = () => this.meta(tenant, studentId, 'student');
    const questions = [1, 2, 3].map((n) => ({
      questionId: n,
      questionNumber: n,
      question: this.text(100),
      type: 'short_answer',
      marksPossible: 2,
      answer: this.text(20),
    }));
    yield this.emit(stream, m(), {
      type: 'PracticeAssignmentCreated',
      data: {
        practiceId: practiceId!,
        studentId,
        title: `Practice ${practiceId}`,
        description: 'Revision',
        course: 'General',
        questions,
        creationMethod: 'ai',
        createdAt: this.iso(),
      },
    });
    for (const q of questions) {
      yield this.emit(stream, m(), {
        type: 'PracticeAnswerSaved',
        data: { practiceId: practiceId!, studentId, questionId: q.questionId, responseContent: this.text(60), savedAt: this.iso() },
      });
    }
    yield this.emit(stream, m(), {
      type: 'PracticeAnswersChecked',
      data: {
        practiceId: practiceId!,
        studentId,
        results: questions.map((q) => ({
          questionId: q.questionId,
          pointsObtained: 1,
          pointsPossible: 2,
          feedback: 'Partly right.',
          confident: true,
          matched: ['x'],
          missing: ['y'],
        })),
        pointsObtained: 3,
        pointsPossible: 6,
        checker: 'offline',
        checkedAt: this.iso(),
      },
    });
    yield this.emit(stream, m(), {
      type: 'PracticeAssignmentSubmitted',
      data: { practiceId: practiceId!, studentId, answered: 3, questionCount: 3, submittedAt: this.iso() },
    });
    this.counts.practices++;
  }

  private text(length: number): string {
    let s = '';
    while (s.length < length) s += `${WORDS[Math.floor(this.words() * WORDS.length)]} `;
    return s.slice(0, length).trim();
  }
}

const WORDS = [
  'the',
  'force',
  'equals',
  'mass',
  'times',
  'acceleration',
  'so',
  'we',
  'get',
  'x',
  'root',
  'because',
  'energy',
  'is',
  'conserved',
  'therefore',
  'answer',
  'slope',
  'line',
  'graph',
  'shows',
  'that',
  'value',
  'increases',
  'when',
];

/** A decision that depends only on its keys (never on how many autosaves came before): true with probability p. */
export function chance(p: number, ...keys: number[]): boolean {
  let h = 0x811c9dc5;
  for (const k of keys) {
    h = Math.imul(h ^ (k & 0xffff), 0x01000193);
    h = Math.imul(h ^ (k >>> 16), 0x01000193);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 2 ** 32 < p;
}

function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}
