import { GRADING_EVENT_TYPES, PROJECTIONS, noticeKeys, type DomainEvent, type EventOf, type StudentAssignment } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, iso, type TableSpec } from '../row-set';
import { GradeTotals, gradesTableSql, type StudentGradeTotals } from './grade-totals';

/** One course as the student list needs it; `student_ids` are the enrolled students. */
export type SaCourseRow = {
  tenant: string;
  course_id: number;
  course_code: string;
  course_name: string;
  subject: string;
  student_ids: number[];
};
/** One assignment (published or not) with its question count and marks total. */
export type SaAssignmentRow = {
  tenant: string;
  assignment_id: number;
  course_id: number;
  title: string;
  assigned: string;
  due: string;
  time_limit: number | null;
  published: boolean;
  marks_total: number;
  question_count: number;
};
/** The student's assignment list: one row per (student, published assignment of an enrolled course). */
export type StudentAssignmentRow = {
  tenant: string;
  student_id: number;
  assignment_id: number;
  course_id: number;
  doc: StudentAssignment;
  /** The position of the last event that changed the row. */
  position: string;
};
/** Each question's marks, for an assignment's marks total. */
export type SaQuestionMarkRow = { tenant: string; assignment_id: number; question_id: number; marks: number };
/** sa_grades: this projection's own per-(student, question) marks (see grade-totals.ts). */
export type { GradeRow as SaGradeRow } from './grade-totals';

const coursesTable: TableSpec<SaCourseRow> = {
  table: 'sa_courses',
  key: ['tenant', 'course_id'],
  columns: ['tenant', 'course_id', 'course_code', 'course_name', 'subject', 'student_ids'],
};
const assignmentsTable: TableSpec<SaAssignmentRow> = {
  table: 'sa_assignments',
  key: ['tenant', 'assignment_id'],
  columns: ['tenant', 'assignment_id', 'course_id', 'title', 'assigned', 'due', 'time_limit', 'published', 'marks_total', 'question_count'],
};
const listTable: TableSpec<StudentAssignmentRow> = {
  table: 'student_assignments',
  key: ['tenant', 'student_id', 'assignment_id'],
  columns: ['tenant', 'student_id', 'assignment_id', 'course_id', 'doc', 'position'],
};
const marksTable: TableSpec<SaQuestionMarkRow> = {
  table: 'sa_question_marks',
  key: ['tenant', 'assignment_id', 'question_id'],
  columns: ['tenant', 'assignment_id', 'question_id', 'marks'],
};

type ListAssignment = Omit<SaAssignmentRow, 'tenant'>;
type ListCourse = Pick<SaCourseRow, 'course_id' | 'course_code' | 'course_name'>;

/** Pure: the list row for one student, keeping the status the student's own events gave it. */
export function listRow(a: ListAssignment, c: ListCourse, previous: StudentAssignment | null): StudentAssignment {
  return {
    assignment_id: a.assignment_id,
    title: a.title,
    course: c.course_name,
    course_code: c.course_code,
    assigned: a.assigned,
    due: a.due,
    due_date: a.due,
    status: previous?.status ?? 'Incomplete',
    marks_total: Number(a.marks_total),
    marks_obtained: previous?.marks_obtained ?? null,
    time_limit: a.time_limit,
    timed: a.time_limit !== null,
    question_count: a.question_count,
  };
}

/** Pure: what a student's own event does to their row. */
export function withStudentEvent(row: StudentAssignment, event: DomainEvent): StudentAssignment {
  switch (event.type) {
    case 'AnswerSaved':
      return row.status === 'Incomplete' ? { ...row, status: 'In Progress' } : row;
    case 'AssignmentSubmitted':
      return row.status === 'Graded' ? row : { ...row, status: 'Submitted' };
    default:
      return row;
  }
}

/** Pure: a submission is graded when it has questions and all are graded; then the row is Graded with its marks. */
export function withGrades(row: StudentAssignment, questionCount: number, totals: StudentGradeTotals): StudentAssignment {
  if (questionCount > 0 && totals.gradedQuestions >= questionCount) return { ...row, status: 'Graded', marks_obtained: totals.obtained };
  return row.status === 'Graded' ? { ...row, status: 'Submitted', marks_obtained: null } : row;
}

/** Marks are decimals (numeric in SQL): sums are rounded so 0.1 + 0.2 is 0.3, as the numeric column had it. */
const addMarks = (a: number, b: number): number => Number((Number(a) + Number(b)).toFixed(9));

type State = {
  /** Read first: the courses of the batch's assignments come from here. */
  assignments: RowSet<SaAssignmentRow>;
  courses: RowSet<SaCourseRow>;
  list: RowSet<StudentAssignmentRow>;
  marks: RowSet<SaQuestionMarkRow>;
  grades: GradeTotals;
};

const ASSIGNMENT_TYPES = new Set([
  'AssignmentCreated',
  'QuestionAdded',
  'AssignmentPublished',
  'AssignmentRenamed',
  'QuestionUpdated',
  'AssignmentDeleted',
]);
/** Events after which every student row of the assignment is rewritten (when it is published) or removed. */
const ROWS_OF_ASSIGNMENT = new Set(['QuestionAdded', 'AssignmentPublished', 'AssignmentRenamed', 'QuestionUpdated', 'AssignmentDeleted']);

type Key = Record<string, string | number>;
const keySet = () => {
  const m = new Map<string, Key>();
  return {
    add: (k: Key) => {
      m.set(JSON.stringify(k), k);
    },
    /** Keys are compared as JSON: give the same fields in the same order as `add` did. */
    has: (k: Key) => m.has(JSON.stringify(k)),
    values: () => [...m.values()],
    json: () => JSON.stringify([...m.values()]),
    get size() {
      return m.size;
    },
  };
};

/**
 * Reads, in table-dependency order, every row the batch's events can touch (one query per table):
 * 1. sa_assignments: the assignments the events name, and the published assignments of every course a student
 *    enrols in (a new student gets a row for each);
 * 2. sa_courses: the courses the events name and the courses of the assignments read in 1 or created in the batch;
 * 3. student_assignments: the (student, assignment) rows the events name, every row of an assignment whose rows are
 *    rewritten or removed, and every row of a (student, course) enrolment that changes;
 * 4. sa_question_marks: every mark of the assignments whose questions change (QuestionUpdated re-sums them);
 * 5. sa_grades: the marks of every (assignment, student) a grading event names.
 */
async function load(tx: SqlClient, state: State, events: readonly RecordedEvent[]): Promise<void> {
  const assignmentKeys = keySet();
  const enrolCourses = keySet();
  const courseKeys = keySet();
  const listKeys = keySet();
  const listByAssignment = keySet();
  const listByEnrolment = keySet();
  const marksOf = keySet();
  // Holding the whole table (a rebuild's build, see `carry`), the list reads nothing: its keys are not collected (a
  // build's page is mostly answer saves).
  const listRead = !state.list.holdsWholeTable;
  for (const e of events) {
    const tenant = tenantOf(e);
    const d = e.data as Record<string, number>;
    if (ASSIGNMENT_TYPES.has(e.type)) {
      assignmentKeys.add({ tenant, assignment_id: Number(d.assignmentId) });
      if (listRead && ROWS_OF_ASSIGNMENT.has(e.type)) listByAssignment.add({ tenant, assignment_id: Number(d.assignmentId) });
      if (e.type === 'AssignmentCreated') courseKeys.add({ tenant, course_id: Number(d.courseId) });
      if (e.type === 'QuestionAdded' || e.type === 'QuestionUpdated') marksOf.add({ tenant, assignment_id: Number(d.assignmentId) });
    } else if (e.type === 'CourseCreated') {
      courseKeys.add({ tenant, course_id: Number(d.courseId) });
    } else if (e.type === 'StudentEnrolled' || e.type === 'StudentUnenrolled') {
      courseKeys.add({ tenant, course_id: Number(d.courseId) });
      if (e.type === 'StudentEnrolled') enrolCourses.add({ tenant, course_id: Number(d.courseId) });
      if (listRead) listByEnrolment.add({ tenant, student_id: Number(d.studentId), course_id: Number(d.courseId) });
    } else if (e.type === 'AnswerSaved' || e.type === 'AssignmentSubmitted' || GradeTotals.isGradingEvent(e)) {
      if (listRead) listKeys.add({ tenant, student_id: Number(d.studentId), assignment_id: Number(d.assignmentId) });
      if (GradeTotals.isGradingEvent(e)) assignmentKeys.add({ tenant, assignment_id: Number(d.assignmentId) });
    }
  }

  if (assignmentKeys.size + enrolCourses.size > 0) {
    const found = await state.assignments.loadWhere(
      tx,
      `(t.tenant, t.assignment_id) IN (
         SELECT tenant, assignment_id FROM jsonb_to_recordset($1::jsonb) AS k(tenant text, assignment_id integer)
         UNION ALL
         SELECT x.tenant, x.assignment_id FROM sa_assignments x
         JOIN jsonb_to_recordset($2::jsonb) AS k(tenant text, course_id integer) ON x.tenant = k.tenant AND x.course_id = k.course_id
         WHERE x.published)`,
      [assignmentKeys.json(), enrolCourses.json()],
      (a) =>
        assignmentKeys.has({ tenant: a.tenant, assignment_id: a.assignment_id }) ||
        (a.published && enrolCourses.has({ tenant: a.tenant, course_id: a.course_id })),
    );
    for (const a of found) courseKeys.add({ tenant: a.tenant, course_id: a.course_id });
  }
  await state.courses.load(tx, courseKeys.values() as Partial<SaCourseRow>[]);
  if (listRead && listByAssignment.size + listByEnrolment.size === 0 && listKeys.size > 0) {
    // Rows by key only (a batch of saves): the live runner's carried set (`carryLive`) already holds most of them.
    await state.list.load(tx, listKeys.values() as Partial<StudentAssignmentRow>[]);
  } else if (listRead && listKeys.size + listByAssignment.size + listByEnrolment.size > 0) {
    await state.list.loadWhere(
      tx,
      `(t.tenant, t.student_id, t.assignment_id) IN (
         SELECT tenant, student_id, assignment_id FROM jsonb_to_recordset($1::jsonb) AS k(tenant text, student_id integer, assignment_id integer)
         UNION ALL
         SELECT x.tenant, x.student_id, x.assignment_id FROM student_assignments x
         JOIN jsonb_to_recordset($2::jsonb) AS k(tenant text, assignment_id integer) ON x.tenant = k.tenant AND x.assignment_id = k.assignment_id
         UNION ALL
         SELECT x.tenant, x.student_id, x.assignment_id FROM student_assignments x
         JOIN jsonb_to_recordset($3::jsonb) AS k(tenant text, student_id integer, course_id integer)
           ON x.tenant = k.tenant AND x.student_id = k.student_id AND x.course_id = k.course_id)`,
      [listKeys.json(), listByAssignment.json(), listByEnrolment.json()],
    );
  }
  await state.marks.loadIn(tx, ['tenant', 'assignment_id'], marksOf.values() as Partial<SaQuestionMarkRow>[]);
  await state.grades.load(tx, events);
}

/** The assignment as the list shows it: times as `toISOString` gives them, whichever way the row was read. */
const listAssignment = (a: SaAssignmentRow): ListAssignment => ({
  assignment_id: a.assignment_id,
  course_id: a.course_id,
  title: a.title,
  assigned: iso(a.assigned),
  due: iso(a.due),
  time_limit: a.time_limit,
  published: a.published,
  marks_total: Number(a.marks_total),
  question_count: a.question_count,
});

/** Pure over the state: writes the list row of each student for a published assignment, keeping their status. */
function putRows(state: State, tenant: string, a: SaAssignmentRow, c: SaCourseRow, studentIds: readonly number[], position: string) {
  const shown = listAssignment(a);
  for (const studentId of studentIds) {
    const key = { tenant, student_id: studentId, assignment_id: a.assignment_id };
    const previous = state.list.get(key);
    // A row keeps the course it was made for (as the upsert it replaces did).
    state.list.put({ ...key, course_id: previous?.course_id ?? c.course_id, doc: listRow(shown, c, previous?.doc ?? null), position });
  }
}

/** After a change to an assignment: every enrolled student's row, when it is published. */
function rewriteAssignment(state: State, tenant: string, assignmentId: number, position: string): Touched | null {
  const a = state.assignments.get({ tenant, assignment_id: assignmentId });
  const course = a && state.courses.get({ tenant, course_id: a.course_id });
  if (!a || !course || !a.published) return null;
  putRows(state, tenant, a, course, course.student_ids, position);
  return { tenant, keys: [noticeKeys.course(a.course_id), noticeKeys.assignment(assignmentId)] };
}

type AssignmentEvent = EventOf<'QuestionAdded' | 'AssignmentPublished' | 'AssignmentRenamed' | 'QuestionUpdated'>;

function changeAssignment(state: State, tenant: string, event: AssignmentEvent): void {
  const id = event.data.assignmentId;
  const a = state.assignments.get({ tenant, assignment_id: id });
  switch (event.type) {
    case 'QuestionAdded': {
      const key = { tenant, assignment_id: id, question_id: event.data.questionId };
      // A question counts once: a redelivered QuestionAdded changes nothing.
      if (state.marks.has(key)) return;
      state.marks.put({ ...key, marks: event.data.marksPossible });
      if (a)
        state.assignments.put({
          ...a,
          marks_total: addMarks(a.marks_total, event.data.marksPossible),
          question_count: a.question_count + 1,
        });
      return;
    }
    case 'AssignmentPublished':
      if (a) state.assignments.put({ ...a, published: true });
      return;
    case 'AssignmentRenamed':
      if (a) state.assignments.put({ ...a, title: event.data.title });
      return;
    case 'QuestionUpdated': {
      state.marks.put({ tenant, assignment_id: id, question_id: event.data.questionId, marks: event.data.marksPossible });
      if (!a) return;
      const total = state.marks.filter((m) => m.tenant === tenant && m.assignment_id === id).reduce((s, m) => addMarks(s, m.marks), 0);
      state.assignments.put({ ...a, marks_total: total });
      return;
    }
  }
}

/** Pure over the batch's state: folds one event (the same result as applying the events one batch each). */
export function evolveStudentAssignments(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  // Grades live on the grading streams (see grading.ts); this list only needs each student's totals.
  const totals = state.grades.apply(recorded);
  if (totals) {
    const { assignmentId, studentId } = totals;
    const row = state.list.get({ tenant, student_id: studentId, assignment_id: assignmentId });
    const a = state.assignments.get({ tenant, assignment_id: assignmentId });
    if (!row || !a) return null;
    state.list.put({ ...row, doc: withGrades(row.doc, a.question_count, totals), position });
    return { tenant, keys: [noticeKeys.user(studentId), noticeKeys.assignment(assignmentId)] };
  }
  switch (event.type) {
    case 'CourseCreated': {
      const d = event.data;
      if (!state.courses.has({ tenant, course_id: d.courseId })) {
        state.courses.put({
          tenant,
          course_id: d.courseId,
          course_code: d.courseCode,
          course_name: d.courseName,
          subject: d.subject,
          student_ids: [],
        });
      }
      return null;
    }
    case 'StudentEnrolled': {
      const { courseId, studentId } = event.data;
      const course = state.courses.get({ tenant, course_id: courseId });
      if (course) {
        const enrolled = course.student_ids.includes(studentId) ? course : { ...course, student_ids: [...course.student_ids, studentId] };
        if (enrolled !== course) state.courses.put(enrolled);
        const published = state.assignments
          .filter((a) => a.tenant === tenant && a.course_id === courseId && a.published)
          .sort((x, y) => x.assignment_id - y.assignment_id);
        for (const a of published) putRows(state, tenant, a, enrolled, [studentId], position);
      }
      return { tenant, keys: [noticeKeys.user(studentId)] };
    }
    case 'StudentUnenrolled': {
      const { courseId, studentId } = event.data;
      const course = state.courses.get({ tenant, course_id: courseId });
      if (course) state.courses.put({ ...course, student_ids: course.student_ids.filter((id) => id !== studentId) });
      for (const r of state.list.filter((r) => r.tenant === tenant && r.student_id === studentId && r.course_id === courseId))
        state.list.delete(r);
      return { tenant, keys: [noticeKeys.user(studentId)] };
    }
    case 'AssignmentCreated': {
      const d = event.data;
      if (!state.assignments.has({ tenant, assignment_id: d.assignmentId })) {
        state.assignments.put({
          tenant,
          assignment_id: d.assignmentId,
          course_id: d.courseId,
          title: d.title,
          assigned: iso(d.assigned),
          due: iso(d.due),
          time_limit: d.timeLimitSeconds,
          published: false,
          marks_total: 0,
          question_count: 0,
        });
      }
      return null;
    }
    case 'QuestionAdded':
    case 'AssignmentPublished':
    case 'AssignmentRenamed':
    case 'QuestionUpdated':
      changeAssignment(state, tenant, event);
      return rewriteAssignment(state, tenant, event.data.assignmentId, position);
    case 'AssignmentDeleted': {
      const id = event.data.assignmentId;
      const a = state.assignments.get({ tenant, assignment_id: id });
      if (a) state.assignments.put({ ...a, published: false });
      const removed = state.list.filter((r) => r.tenant === tenant && r.assignment_id === id);
      for (const r of removed) state.list.delete(r);
      return {
        tenant,
        keys: [
          noticeKeys.assignment(id),
          ...(a ? [noticeKeys.course(a.course_id)] : []),
          ...removed.map((r) => noticeKeys.user(r.student_id)),
        ],
      };
    }
    case 'AnswerSaved':
    case 'AssignmentSubmitted': {
      const { assignmentId, studentId } = event.data;
      const row = state.list.get({ tenant, student_id: studentId, assignment_id: assignmentId });
      if (!row) return null;
      const next = withStudentEvent(row.doc, event);
      if (next === row.doc) return null;
      state.list.put({ ...row, doc: next, position });
      return { tenant, keys: [noticeKeys.user(studentId), noticeKeys.assignment(assignmentId)] };
    }
    default:
      return null;
  }
}

export const studentAssignmentsProjection = defineProjection<State>({
  name: PROJECTIONS.studentAssignments,
  version: 4,
  tables: ['sa_courses', 'sa_assignments', 'student_assignments', 'sa_question_marks', 'sa_grades'],
  handles: [
    'AnswerSaved',
    'AssignmentSubmitted',
    'CourseCreated',
    'StudentEnrolled',
    'StudentUnenrolled',
    ...ASSIGNMENT_TYPES,
    ...GRADING_EVENT_TYPES,
  ],
  async migrate(db) {
    await db.query(gradesTableSql('sa_grades'));
    await db.query(`CREATE TABLE IF NOT EXISTS sa_courses (
      tenant text NOT NULL, course_id integer NOT NULL, course_code text NOT NULL, course_name text NOT NULL,
      subject text NOT NULL, student_ids integer[] NOT NULL DEFAULT '{}', PRIMARY KEY (tenant, course_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS sa_assignments (
      tenant text NOT NULL, assignment_id integer NOT NULL, course_id integer NOT NULL, title text NOT NULL,
      assigned timestamptz NOT NULL, due timestamptz NOT NULL, time_limit integer, published boolean NOT NULL,
      marks_total numeric NOT NULL, question_count integer NOT NULL, PRIMARY KEY (tenant, assignment_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS student_assignments (
      tenant text NOT NULL, student_id integer NOT NULL, assignment_id integer NOT NULL, course_id integer NOT NULL,
      doc jsonb NOT NULL, position text NOT NULL, PRIMARY KEY (tenant, student_id, assignment_id))`);
    // A batch reads every row of an assignment it rewrites or removes.
    await db.query('CREATE INDEX IF NOT EXISTS student_assignments_by_assignment ON student_assignments (tenant, assignment_id)');
    await db.query(`CREATE TABLE IF NOT EXISTS sa_question_marks (
      tenant text NOT NULL, assignment_id integer NOT NULL, question_id integer NOT NULL, marks numeric NOT NULL,
      PRIMARY KEY (tenant, assignment_id, question_id))`);
  },
  init: () => ({
    assignments: new RowSet(assignmentsTable),
    courses: new RowSet(coursesTable),
    list: new RowSet(listTable),
    marks: new RowSet(marksTable),
    grades: new GradeTotals('sa_grades'),
  }),
  load,
  evolve: evolveStudentAssignments,
  carry: ['assignments', 'courses', 'list', 'marks', 'grades'],
  carryLive: ['list'],
  async save(tx, state) {
    for (const set of [state.courses, state.assignments, state.list, state.marks, state.grades.rows]) await set.flush(tx);
  },
});
