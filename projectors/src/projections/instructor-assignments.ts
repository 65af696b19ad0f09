import { GRADING_EVENT_TYPES, PROJECTIONS, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';
import { GradeTotals, gradesTableSql } from './grade-totals';
import type { IaAssignmentRow, IaCourseRow, IaQuestionRow, IaSubmittedRow } from './instructor-assignments.queries';

/**
 * The instructor's side of assignments: the list of `/instructor/assignments` (one row per assignment, with its
 * course and who teaches it) and each assignment's question sheet with answers, grading instructions, tags and flags.
 * A deleted assignment keeps its row, marked deleted, so its history can still be read; lists leave it out.
 */

const coursesTable: TableSpec<IaCourseRow> = {
  table: 'ia_courses',
  key: ['tenant', 'course_id'],
  columns: ['tenant', 'course_id', 'course_code', 'course_name', 'subject', 'instructor_ids'],
};
const assignmentsTable: TableSpec<IaAssignmentRow> = {
  table: 'ia_assignments',
  key: ['tenant', 'assignment_id'],
  columns: [
    'tenant',
    'assignment_id',
    'course_id',
    'title',
    'description',
    'due',
    'created_at',
    'live_at',
    'time_limit',
    'submissions_allowed',
    'creation_method',
    'created_by',
    'question_count',
    'marks_total',
    'submissions',
    'average',
    'deleted',
  ],
};
const questionsTable: TableSpec<IaQuestionRow> = {
  table: 'ia_questions',
  key: ['tenant', 'assignment_id', 'question_id'],
  columns: [
    'tenant',
    'assignment_id',
    'question_id',
    'question_number',
    'content',
    'answer',
    'grading_instructions',
    'marks_possible',
    'tags',
    'flagged_for_review',
  ],
};
const submittedTable: TableSpec<IaSubmittedRow> = {
  table: 'ia_submitted',
  key: ['tenant', 'assignment_id', 'student_id'],
  columns: ['tenant', 'assignment_id', 'student_id'],
};

type AssignmentKey = { tenant: string; assignment_id: number };

export type InstructorAssignmentsState = {
  courses: RowSet<IaCourseRow>;
  assignments: RowSet<IaAssignmentRow>;
  questions: RowSet<IaQuestionRow>;
  submitted: RowSet<IaSubmittedRow>;
  grades: GradeTotals;
  /** (tenant, assignment) → its question ids: every question of an assignment a question event names is loaded. */
  questionIds: Map<string, Set<number>>;
  /**
   * Assignments whose average a grading event recomputes, with their question count at that event's time. The
   * average depends only on the assignment's marks, which only grading events change, so computing it once after the
   * batch from the last grading event's question count gives what applying the events one at a time gives.
   */
  averageDue: Map<string, { key: AssignmentKey; questionCount: number }>;
};

const aKey = (tenant: string, assignmentId: number) => `${tenant}\u0000${assignmentId}`;

/** Decimal sums as `numeric` computes them (exactly), not as binary floats add (0.1 + 0.2 ≠ 0.3). */
const SCALE = 1e9;
const scaled = (v: number) => Math.round(Number(v) * SCALE);
export const decimalSum = (values: readonly number[]): number => values.reduce((s, v) => s + scaled(v), 0) / SCALE;

function touchedAssignment(state: InstructorAssignmentsState, tenant: string, assignmentId: number): Touched {
  const courseId = state.assignments.get({ tenant, assignment_id: assignmentId })?.course_id;
  return { tenant, keys: [noticeKeys.assignment(assignmentId), ...(courseId === undefined ? [] : [noticeKeys.course(courseId)])] };
}

function updateAssignment(
  state: InstructorAssignmentsState,
  tenant: string,
  assignmentId: number,
  change: (a: IaAssignmentRow) => Partial<IaAssignmentRow>,
) {
  const row = state.assignments.get({ tenant, assignment_id: assignmentId });
  if (row) state.assignments.put({ ...row, ...change(row) });
}

function updateQuestion(
  state: InstructorAssignmentsState,
  tenant: string,
  assignmentId: number,
  questionId: number,
  change: Partial<IaQuestionRow>,
) {
  const row = state.questions.get({ tenant, assignment_id: assignmentId, question_id: questionId });
  if (row) state.questions.put({ ...row, ...change });
}

/** The assignment's question count and marks total, from every question it has. */
function refreshTotals(state: InstructorAssignmentsState, tenant: string, assignmentId: number) {
  const marks = [...(state.questionIds.get(aKey(tenant, assignmentId)) ?? [])]
    .map((id) => state.questions.get({ tenant, assignment_id: assignmentId, question_id: id }))
    .filter((q): q is IaQuestionRow => q !== undefined)
    .map((q) => Number(q.marks_possible));
  updateAssignment(state, tenant, assignmentId, () => ({ question_count: marks.length, marks_total: decimalSum(marks) }));
}

function submit(state: InstructorAssignmentsState, tenant: string, assignmentId: number, studentId: number): boolean {
  const key = { tenant, assignment_id: assignmentId, student_id: studentId };
  if (state.submitted.has(key)) return false;
  state.submitted.put(key);
  updateAssignment(state, tenant, assignmentId, (a) => ({ submissions: a.submissions + 1 }));
  return true;
}

/**
 * A grading event: an uploaded file counts as a submission; the average is the mean of the marks of the submissions
 * that are graded (every question graded), null until one is.
 */
function applyGrades(state: InstructorAssignmentsState, tenant: string, recorded: RecordedEvent): Touched {
  // The average needs every student's marks of the assignment (settleAverages), not this student's totals.
  state.grades.apply(recorded, false);
  const assignmentId = Number(recorded.data.assignmentId);
  if (recorded.type === 'SubmissionFileProcessed') submit(state, tenant, assignmentId, Number(recorded.data.studentId));
  const row = state.assignments.get({ tenant, assignment_id: assignmentId });
  if (row) {
    state.averageDue.set(aKey(tenant, assignmentId), { key: { tenant, assignment_id: assignmentId }, questionCount: row.question_count });
  }
  return touchedAssignment(state, tenant, assignmentId);
}

const QUESTION_EVENTS = new Set(['QuestionAdded', 'QuestionUpdated', 'QuestionFlagged', 'QuestionFlagResolved']);
const ASSIGNMENT_EVENTS = new Set([
  ...QUESTION_EVENTS,
  'AssignmentCreated',
  'AssignmentRenamed',
  'AssignmentDeleted',
  'AssignmentSubmitted',
]);
const COURSE_EVENTS = new Set(['CourseCreated', 'InstructorAssigned', 'InstructorUnassigned']);
const HANDLED = new Set([...ASSIGNMENT_EVENTS, ...COURSE_EVENTS, ...GRADING_EVENT_TYPES]);

/** Pure over the batch's state: one event folded in. */
export function evolveInstructorAssignments(state: InstructorAssignmentsState, recorded: RecordedEvent): Touched | null {
  if (!HANDLED.has(recorded.type)) return null;
  const tenant = tenantOf(recorded);
  if (GradeTotals.isGradingEvent(recorded)) return applyGrades(state, tenant, recorded);
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
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
          instructor_ids: [...d.instructorIds],
        });
      }
      return null;
    }
    case 'InstructorAssigned': {
      const { courseId, instructorId } = event.data;
      const c = state.courses.get({ tenant, course_id: courseId });
      if (c && !c.instructor_ids.includes(instructorId)) state.courses.put({ ...c, instructor_ids: [...c.instructor_ids, instructorId] });
      return { tenant, keys: [noticeKeys.user(instructorId)] };
    }
    case 'InstructorUnassigned': {
      const { courseId, instructorId } = event.data;
      const c = state.courses.get({ tenant, course_id: courseId });
      if (c && c.instructor_ids.includes(instructorId))
        state.courses.put({ ...c, instructor_ids: c.instructor_ids.filter((id) => id !== instructorId) });
      return { tenant, keys: [noticeKeys.user(instructorId)] };
    }
    case 'AssignmentCreated': {
      const d = event.data;
      if (!state.assignments.has({ tenant, assignment_id: d.assignmentId })) {
        state.assignments.put({
          tenant,
          assignment_id: d.assignmentId,
          course_id: d.courseId,
          title: d.title,
          description: d.description ?? '',
          due: d.due,
          created_at: d.createdAt,
          live_at: d.assigned,
          time_limit: d.timeLimitSeconds ?? null,
          submissions_allowed: d.submissionsAllowed ?? true,
          creation_method: d.creationMethod ?? 'scratch',
          created_by: d.createdBy,
          question_count: 0,
          marks_total: 0,
          submissions: 0,
          average: null,
          deleted: false,
        });
      }
      return { tenant, keys: [noticeKeys.course(d.courseId)] };
    }
    case 'QuestionAdded': {
      const d = event.data;
      const key = { tenant, assignment_id: d.assignmentId, question_id: d.questionId };
      if (!state.questions.has(key)) {
        state.questions.put({
          ...key,
          question_number: d.questionNumber,
          content: d.content,
          answer: d.answer ?? '',
          grading_instructions: d.gradingInstructions ?? '',
          marks_possible: d.marksPossible,
          tags: [...(d.tags ?? [])],
          flagged_for_review: d.flaggedForReview ?? '',
        });
        const ids = state.questionIds.get(aKey(tenant, d.assignmentId)) ?? new Set<number>();
        ids.add(d.questionId);
        state.questionIds.set(aKey(tenant, d.assignmentId), ids);
      }
      refreshTotals(state, tenant, d.assignmentId);
      return touchedAssignment(state, tenant, d.assignmentId);
    }
    case 'QuestionUpdated': {
      const d = event.data;
      updateQuestion(state, tenant, d.assignmentId, d.questionId, {
        content: d.content,
        answer: d.answer,
        grading_instructions: d.gradingInstructions,
        marks_possible: d.marksPossible,
        tags: [...d.tags],
      });
      refreshTotals(state, tenant, d.assignmentId);
      return touchedAssignment(state, tenant, d.assignmentId);
    }
    case 'QuestionFlagged': {
      const d = event.data;
      updateQuestion(state, tenant, d.assignmentId, d.questionId, { flagged_for_review: d.reason });
      return touchedAssignment(state, tenant, d.assignmentId);
    }
    case 'QuestionFlagResolved': {
      const d = event.data;
      updateQuestion(state, tenant, d.assignmentId, d.questionId, { flagged_for_review: '' });
      return touchedAssignment(state, tenant, d.assignmentId);
    }
    case 'AssignmentRenamed': {
      const d = event.data;
      updateAssignment(state, tenant, d.assignmentId, () => ({ title: d.title }));
      return touchedAssignment(state, tenant, d.assignmentId);
    }
    case 'AssignmentDeleted': {
      const d = event.data;
      updateAssignment(state, tenant, d.assignmentId, () => ({ deleted: true }));
      return touchedAssignment(state, tenant, d.assignmentId);
    }
    case 'AssignmentSubmitted': {
      const d = event.data;
      if (!submit(state, tenant, d.assignmentId, d.studentId)) return null;
      return touchedAssignment(state, tenant, d.assignmentId);
    }
    default:
      return null;
  }
}

/** Each due assignment's average: the mean of the marks of its students who have every question graded. */
export function settleAverages(state: InstructorAssignmentsState): void {
  if (state.averageDue.size === 0) return;
  for (const { key, questionCount } of state.averageDue.values()) {
    const students = new Map<number, { obtained: number; graded: number }>();
    for (const g of state.grades.rowsOfAssignment(key.tenant, key.assignment_id)) {
      const s = students.get(g.student_id) ?? { obtained: 0, graded: 0 };
      s.obtained += scaled(g.points);
      if (g.graded) s.graded++;
      students.set(g.student_id, s);
    }
    const done = questionCount > 0 ? [...students.values()].filter((s) => s.graded >= questionCount) : [];
    const average = done.length === 0 ? null : done.reduce((t, s) => t + s.obtained, 0) / (SCALE * done.length);
    updateAssignment(state, key.tenant, key.assignment_id, () => ({ average }));
  }
  state.averageDue.clear();
}

const assignmentOf = (e: RecordedEvent) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId) });

/** Reads what the batch touches, one query per table: assignments by id, every question and every mark of the assignments involved. */
export async function loadInstructorAssignments(
  tx: SqlClient,
  state: InstructorAssignmentsState,
  events: readonly RecordedEvent[],
): Promise<void> {
  const courses = events.filter((e) => COURSE_EVENTS.has(e.type)).map((e) => ({ tenant: tenantOf(e), course_id: Number(e.data.courseId) }));
  const grading = events.filter((e) => GradeTotals.isGradingEvent(e));
  const assignments = [...events.filter((e) => ASSIGNMENT_EVENTS.has(e.type)), ...grading].map(assignmentOf);
  const withQuestions = events.filter((e) => QUESTION_EVENTS.has(e.type)).map(assignmentOf);
  const submitted = events
    .filter((e) => e.type === 'AssignmentSubmitted' || e.type === 'SubmissionFileProcessed')
    .map((e) => ({ ...assignmentOf(e), student_id: Number(e.data.studentId) }));
  await state.courses.load(tx, courses);
  await state.assignments.load(tx, assignments);
  for (const q of await state.questions.loadIn(tx, ['tenant', 'assignment_id'], withQuestions)) {
    const ids = state.questionIds.get(aKey(q.tenant, q.assignment_id)) ?? new Set<number>();
    ids.add(q.question_id);
    state.questionIds.set(aKey(q.tenant, q.assignment_id), ids);
  }
  await state.submitted.load(tx, submitted);
  // Every mark of each assignment graded in this batch (its average counts all its students), not only the students
  // named: so the marks are loaded here rather than by GradeTotals.load, and GradeTotals' per-student totals go unused.
  await state.grades.loadAssignments(tx, grading.map(assignmentOf));
}

export const initInstructorAssignments = (): InstructorAssignmentsState => ({
  courses: new RowSet(coursesTable),
  assignments: new RowSet(assignmentsTable),
  questions: new RowSet(questionsTable),
  submitted: new RowSet(submittedTable),
  grades: new GradeTotals('ia_grades'),
  questionIds: new Map(),
  averageDue: new Map(),
});

export const instructorAssignmentsProjection = defineProjection<InstructorAssignmentsState>({
  name: PROJECTIONS.instructorAssignments,
  version: 2,
  tables: ['ia_courses', 'ia_assignments', 'ia_questions', 'ia_submitted', 'ia_grades'],
  handles: [...HANDLED],
  async migrate(db) {
    await db.query(gradesTableSql('ia_grades'));
    await db.query(`CREATE TABLE IF NOT EXISTS ia_courses (
      tenant text NOT NULL, course_id integer NOT NULL, course_code text NOT NULL, course_name text NOT NULL, subject text NOT NULL,
      instructor_ids integer[] NOT NULL, PRIMARY KEY (tenant, course_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS ia_assignments (
      tenant text NOT NULL, assignment_id integer NOT NULL, course_id integer NOT NULL, title text NOT NULL, description text NOT NULL,
      due timestamptz NOT NULL, created_at timestamptz NOT NULL, live_at timestamptz NOT NULL, time_limit integer,
      submissions_allowed boolean NOT NULL, creation_method text NOT NULL, created_by integer NOT NULL,
      question_count integer NOT NULL DEFAULT 0, marks_total numeric NOT NULL DEFAULT 0, submissions integer NOT NULL DEFAULT 0,
      average numeric, deleted boolean NOT NULL DEFAULT false, PRIMARY KEY (tenant, assignment_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS ia_questions (
      tenant text NOT NULL, assignment_id integer NOT NULL, question_id integer NOT NULL, question_number integer NOT NULL,
      content text NOT NULL, answer text NOT NULL, grading_instructions text NOT NULL, marks_possible numeric NOT NULL,
      tags jsonb NOT NULL, flagged_for_review text NOT NULL, PRIMARY KEY (tenant, assignment_id, question_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS ia_questions_by_id ON ia_questions (tenant, question_id)');
    await db.query(`CREATE TABLE IF NOT EXISTS ia_submitted (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, PRIMARY KEY (tenant, assignment_id, student_id))`);
  },
  init: initInstructorAssignments,
  load: loadInstructorAssignments,
  evolve: evolveInstructorAssignments,
  carry: ['courses', 'assignments', 'questions', 'submitted', 'grades'],
  async save(tx, state) {
    settleAverages(state);
    await state.courses.flush(tx);
    await state.assignments.flush(tx);
    await state.questions.flush(tx);
    await state.submitted.flush(tx);
    await state.grades.rows.flush(tx);
  },
});
