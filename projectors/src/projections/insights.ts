import { GRADING_EVENT_TYPES, PROJECTIONS, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, iso, type TableSpec } from '../row-set';
import { GradeTotals, gradesTableSql } from './grade-totals';
import { studentScores, type InAssignmentRow, type InQuestionRow, type InStudentRow, type ScoreQuestion } from './insights.queries';

/**
 * Insights (issue 12): what assignment statistics, item analysis and course grades need, kept per assignment:
 * - in_assignments: course, title, due date, published, deleted (the course's published assignments), and `version`:
 *   the position of the last event that changed it, its questions or its students;
 * - in_questions: each question's number, marks possible and tags (rubric categories);
 * - in_grades: the projection's own per-(student, question) marks, folded with the one grading fold (GradeTotals);
 * - in_students: one row per (assignment, student) who submitted (online or an uploaded file) or has a recorded
 *   response: `submitted`, `marks` (question id → points when graded, null when not), rewritten from in_grades after
 *   each batch for the students its grading events name, and what the course grades read without the marks: `graded`,
 *   `total_score` and `rubric_scores` (rubricScores' scores in its category order), computed after the batch for those students and for every
 *   student of an assignment whose questions changed (marks or tags).
 */

const assignmentsTable: TableSpec<InAssignmentRow> = {
  table: 'in_assignments',
  key: ['tenant', 'assignment_id'],
  columns: ['tenant', 'assignment_id', 'course_id', 'title', 'due', 'published', 'deleted', 'version'],
};
const questionsTable: TableSpec<InQuestionRow> = {
  table: 'in_questions',
  key: ['tenant', 'assignment_id', 'question_id'],
  columns: ['tenant', 'assignment_id', 'question_id', 'question_number', 'marks_possible', 'tags'],
};
const studentsTable: TableSpec<InStudentRow> = {
  table: 'in_students',
  key: ['tenant', 'assignment_id', 'student_id'],
  columns: ['tenant', 'assignment_id', 'student_id', 'submitted', 'marks', 'graded', 'total_score', 'rubric_scores'],
};

export type InsightsState = {
  assignments: RowSet<InAssignmentRow>;
  questions: RowSet<InQuestionRow>;
  students: RowSet<InStudentRow>;
  grades: GradeTotals;
  /** (tenant, assignment) → students whose marks a grading event of this batch changed: their rows are rewritten in save. */
  marksDue: Map<string, { tenant: string; assignment_id: number; students: Set<number> }>;
  /** (tenant, assignment) → its question ids: every question of an assignment the batch grades or edits is loaded. */
  questionIds: Map<string, Set<number>>;
  /** Assignments whose questions changed in this batch: every student's scores are computed again in save. */
  questionsChanged: Map<string, { tenant: string; assignment_id: number }>;
};

const ASSIGNMENT_EVENTS = new Set(['AssignmentCreated', 'AssignmentPublished', 'AssignmentRenamed', 'AssignmentDeleted']);
const QUESTION_EVENTS = new Set(['QuestionAdded', 'QuestionUpdated']);
const HANDLED = new Set([...ASSIGNMENT_EVENTS, ...QUESTION_EVENTS, 'AssignmentSubmitted', ...GRADING_EVENT_TYPES]);

const aKey = (tenant: string, assignmentId: number) => `${tenant}\u0000${assignmentId}`;

/**
 * The notice of a change to an assignment or its students; the assignment's `version` becomes the event's position
 * (what a cached reply of the course's grades is keyed by).
 */
function touched(state: InsightsState, tenant: string, assignmentId: number, position: string): Touched {
  const row = state.assignments.get({ tenant, assignment_id: assignmentId });
  // Changed in place: the set holds the batch's own copy of the row (a build changes it once per grading event).
  if (row && row.version < position) {
    row.version = position;
    state.assignments.put(row);
  }
  const courseId = row?.course_id;
  return { tenant, keys: [noticeKeys.assignment(assignmentId), ...(courseId === undefined ? [] : [noticeKeys.course(courseId)])] };
}

function studentRow(state: InsightsState, tenant: string, assignmentId: number, studentId: number): InStudentRow {
  const row = state.students.get({ tenant, assignment_id: assignmentId, student_id: studentId });
  if (row) return row;
  // A new row is scored with the questions in memory (all of the assignment's: loaded for every event naming a student).
  const empty = {
    tenant,
    assignment_id: assignmentId,
    student_id: studentId,
    submitted: false,
    marks: {},
    graded: false,
    total_score: 0,
    rubric_scores: [],
  };
  return scored(empty, sheetOf(state, tenant, assignmentId));
}

function markSubmitted(state: InsightsState, tenant: string, assignmentId: number, studentId: number): boolean {
  const row = studentRow(state, tenant, assignmentId, studentId);
  if (row.submitted) return false;
  state.students.put({ ...row, submitted: true });
  return true;
}

function updateAssignment(state: InsightsState, tenant: string, assignmentId: number, change: Partial<InAssignmentRow>) {
  const row = state.assignments.get({ tenant, assignment_id: assignmentId });
  if (row) state.assignments.put({ ...row, ...change });
}

/** Pure over the batch's state: one event folded in. */
export function evolveInsights(state: InsightsState, recorded: RecordedEvent): Touched | null {
  if (!HANDLED.has(recorded.type)) return null;
  const tenant = tenantOf(recorded);
  if (GradeTotals.isGradingEvent(recorded)) {
    state.grades.apply(recorded, false);
    const assignmentId = Number(recorded.data.assignmentId);
    const studentId = Number(recorded.data.studentId);
    if (recorded.type === 'SubmissionFileProcessed') markSubmitted(state, tenant, assignmentId, studentId);
    const k = aKey(tenant, assignmentId);
    let due = state.marksDue.get(k);
    if (!due) state.marksDue.set(k, (due = { tenant, assignment_id: assignmentId, students: new Set() }));
    due.students.add(studentId);
    return touched(state, tenant, assignmentId, recorded.globalPosition);
  }
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  switch (event.type) {
    case 'AssignmentCreated': {
      const d = event.data;
      if (!state.assignments.has({ tenant, assignment_id: d.assignmentId })) {
        state.assignments.put({
          tenant,
          assignment_id: d.assignmentId,
          course_id: d.courseId,
          title: d.title,
          due: iso(d.due),
          published: false,
          deleted: false,
          version: '',
        });
      }
      return touched(state, tenant, d.assignmentId, recorded.globalPosition);
    }
    case 'AssignmentPublished':
      updateAssignment(state, tenant, event.data.assignmentId, { published: true });
      return touched(state, tenant, event.data.assignmentId, recorded.globalPosition);
    case 'AssignmentRenamed':
      updateAssignment(state, tenant, event.data.assignmentId, { title: event.data.title });
      return touched(state, tenant, event.data.assignmentId, recorded.globalPosition);
    case 'AssignmentDeleted':
      updateAssignment(state, tenant, event.data.assignmentId, { deleted: true });
      return touched(state, tenant, event.data.assignmentId, recorded.globalPosition);
    case 'QuestionAdded': {
      const d = event.data;
      const key = { tenant, assignment_id: d.assignmentId, question_id: d.questionId };
      if (!state.questions.has(key)) {
        state.questions.put({ ...key, question_number: d.questionNumber, marks_possible: d.marksPossible, tags: [...(d.tags ?? [])] });
        indexQuestion(state, tenant, d.assignmentId, d.questionId);
        state.questionsChanged.set(aKey(tenant, d.assignmentId), { tenant, assignment_id: d.assignmentId });
      }
      return touched(state, tenant, d.assignmentId, recorded.globalPosition);
    }
    case 'QuestionUpdated': {
      const d = event.data;
      const key = { tenant, assignment_id: d.assignmentId, question_id: d.questionId };
      const row = state.questions.get(key);
      if (row) {
        state.questions.put({ ...row, marks_possible: d.marksPossible, tags: [...d.tags] });
        state.questionsChanged.set(aKey(tenant, d.assignmentId), { tenant, assignment_id: d.assignmentId });
      }
      return touched(state, tenant, d.assignmentId, recorded.globalPosition);
    }
    case 'AssignmentSubmitted': {
      const d = event.data;
      if (!markSubmitted(state, tenant, d.assignmentId, d.studentId)) return null;
      return touched(state, tenant, d.assignmentId, recorded.globalPosition);
    }
    default:
      return null;
  }
}

function indexQuestion(state: InsightsState, tenant: string, assignmentId: number, questionId: number) {
  const k = aKey(tenant, assignmentId);
  let ids = state.questionIds.get(k);
  if (!ids) state.questionIds.set(k, (ids = new Set()));
  ids.add(questionId);
}

/** An assignment's questions in memory, in question-number order (all of them once loaded by assignment). */
function sheetOf(state: InsightsState, tenant: string, assignmentId: number): ScoreQuestion[] {
  const out: ScoreQuestion[] = [];
  for (const id of state.questionIds.get(aKey(tenant, assignmentId)) ?? []) {
    const q = state.questions.get({ tenant, assignment_id: assignmentId, question_id: id });
    if (q) out.push({ question_id: id, question_number: q.question_number, marks_possible: Number(q.marks_possible), tags: q.tags ?? [] });
  }
  return out.sort((a, b) => a.question_number - b.question_number || a.question_id - b.question_id);
}

/** A student row with its graded state, total and rubric scores computed from its marks and the sheet. */
function scored(row: InStudentRow, sheet: readonly ScoreQuestion[]): InStudentRow {
  const s = studentScores(sheet, row);
  return { ...row, graded: s.graded, total_score: s.total_score, rubric_scores: Object.values(s.rubrics).map((r) => r.score) };
}

const sameRubrics = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((x, i) => Number(x) === Number(b[i]));
const sameScores = (a: InStudentRow, b: InStudentRow): boolean =>
  a.graded === b.graded && Number(a.total_score) === Number(b.total_score) && sameRubrics(a.rubric_scores, b.rubric_scores);

const sameMarks = (a: Record<string, number | null>, b: Record<string, number | null>): boolean => {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => k in b && (a[k] === null ? b[k] === null : b[k] !== null && Number(a[k]) === Number(b[k])));
};

/**
 * The students whose marks changed: their `marks` rewritten from the stored per-question marks; then their scores, and
 * those of every student of an assignment whose questions changed.
 */
export function settleMarks(state: InsightsState): void {
  for (const { tenant, assignment_id } of state.questionsChanged.values()) {
    const sheet = sheetOf(state, tenant, assignment_id);
    for (const row of state.students.filter((r) => r.tenant === tenant && r.assignment_id === assignment_id)) {
      const next = scored(row, sheet);
      if (!sameScores(row, next)) state.students.put(next);
    }
  }
  state.questionsChanged.clear();
  for (const { tenant, assignment_id, students } of state.marksDue.values()) {
    const sheet = sheetOf(state, tenant, assignment_id);
    const marks = new Map<number, Record<string, number | null>>();
    for (const g of state.grades.rowsOfAssignment(tenant, assignment_id)) {
      if (!students.has(g.student_id)) continue;
      let m = marks.get(g.student_id);
      if (!m) marks.set(g.student_id, (m = {}));
      m[String(g.question_id)] = g.graded ? Number(g.points) : null;
    }
    for (const studentId of students) {
      const row = studentRow(state, tenant, assignment_id, studentId);
      const next = scored({ ...row, marks: marks.get(studentId) ?? {} }, sheet);
      if (state.students.has(row) && sameMarks(row.marks, next.marks) && sameScores(row, next)) continue;
      state.students.put(next);
    }
  }
  state.marksDue.clear();
}

const assignmentOf = (e: RecordedEvent) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId) });

/**
 * Reads what the batch touches, one query per table: the assignments named; every question of the assignments
 * submitted, graded or edited; the students named, and every student of an assignment whose questions are edited; the named students'
 * marks.
 */
export async function loadInsights(tx: SqlClient, state: InsightsState, events: readonly RecordedEvent[]): Promise<void> {
  // A set holding its whole table (carried by a rebuild's build) has every row in memory, and `questionIds` every
  // question: nothing to read, nothing to index.
  if (!state.assignments.holdsWholeTable) await state.assignments.load(tx, events.map(assignmentOf));
  const edited = events.filter((e) => QUESTION_EVENTS.has(e.type)).map(assignmentOf);
  if (!state.questions.holdsWholeTable) {
    const graded = events.filter((e) => e.type === 'AssignmentSubmitted' || GradeTotals.isGradingEvent(e)).map(assignmentOf);
    for (const q of await state.questions.loadIn(tx, ['tenant', 'assignment_id'], [...edited, ...graded])) {
      indexQuestion(state, q.tenant, q.assignment_id, q.question_id);
    }
  }
  const named = state.students.holdsWholeTable
    ? []
    : events
        .filter((e) => e.type === 'AssignmentSubmitted' || GradeTotals.isGradingEvent(e))
        .map((e) => ({ ...assignmentOf(e), student_id: Number(e.data.studentId) }));
  if (named.length > 0 || (edited.length > 0 && !state.students.holdsWholeTable)) {
    await state.students.loadWhere(
      tx,
      `(t.tenant, t.assignment_id, t.student_id) IN
         (SELECT x.tenant, x.assignment_id, x.student_id FROM json_populate_recordset(NULL::in_students, $1::json) x)
       OR (t.tenant, t.assignment_id) IN (SELECT x.tenant, x.assignment_id FROM json_populate_recordset(NULL::in_students, $2::json) x)`,
      [JSON.stringify(named), JSON.stringify(edited)],
    );
  }
  await state.grades.load(tx, events);
}

export const initInsights = (): InsightsState => ({
  assignments: new RowSet(assignmentsTable),
  questions: new RowSet(questionsTable),
  students: new RowSet(studentsTable),
  grades: new GradeTotals('in_grades'),
  marksDue: new Map(),
  questionIds: new Map(),
  questionsChanged: new Map(),
});

export const insightsProjection = defineProjection<InsightsState>({
  name: PROJECTIONS.insights,
  version: 4,
  tables: ['in_assignments', 'in_questions', 'in_students', 'in_grades'],
  handles: [...HANDLED],
  async migrate(db) {
    await db.query(gradesTableSql('in_grades'));
    await db.query(`CREATE TABLE IF NOT EXISTS in_assignments (
      tenant text NOT NULL, assignment_id integer NOT NULL, course_id integer NOT NULL, title text NOT NULL,
      due timestamptz NOT NULL, published boolean NOT NULL, deleted boolean NOT NULL, version text NOT NULL,
      PRIMARY KEY (tenant, assignment_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS in_assignments_by_course ON in_assignments (tenant, course_id)');
    await db.query(`CREATE TABLE IF NOT EXISTS in_questions (
      tenant text NOT NULL, assignment_id integer NOT NULL, question_id integer NOT NULL, question_number integer NOT NULL,
      marks_possible numeric NOT NULL, tags jsonb NOT NULL, PRIMARY KEY (tenant, assignment_id, question_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS in_students (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, submitted boolean NOT NULL,
      marks jsonb NOT NULL, graded boolean NOT NULL, total_score numeric NOT NULL, rubric_scores jsonb NOT NULL,
      PRIMARY KEY (tenant, assignment_id, student_id))`);
  },
  init: initInsights,
  load: loadInsights,
  evolve: evolveInsights,
  carry: ['assignments', 'questions', 'students', 'grades', 'questionIds'],
  async save(tx, state) {
    settleMarks(state);
    await state.assignments.flush(tx);
    await state.questions.flush(tx);
    await state.students.flush(tx);
    await state.grades.rows.flush(tx);
  },
});
