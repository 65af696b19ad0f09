import { PROJECTIONS, SUMMARY_EVENT_TYPES, noticeKeys, type SummaryEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';
import type { SmAssignmentRow, SmClassRow, SmStudentRow } from './summaries.queries';

/**
 * The written summaries (issue 12, item 4): per (assignment, student) and per assignment, the current summary, who
 * wrote it (generator, provider), the grades it was written from (its inputs) and the newest grading event, so a
 * summary whose grades changed since reads as being rewritten ('generating', old text kept), as does one whose trend
 * changed (a grade of the student's earlier assignment of the course: `trend_position`). The summary writer
 * (`projectors/src/summaries/writer.ts`) reads the stale rows as its to-do list.
 */

/** Grading events that change what a summary says (marks, feedback, what is graded); a resolved flag does not. */
const GRADE_EVENTS = [
  'SubmissionFileProcessed',
  'OnlineResponsesCaptured',
  'ResponseGraded',
  'ResponseMarkEdited',
  'GradingReset',
  'RegradeRequestResolved',
] as const;
const GRADE_TYPES = new Set<string>(GRADE_EVENTS);

const studentsTable: TableSpec<SmStudentRow> = {
  table: 'sm_students',
  key: ['tenant', 'assignment_id', 'student_id'],
  columns: [
    'tenant',
    'assignment_id',
    'student_id',
    'grading_version',
    'grading_position',
    'summary',
    'generator',
    'provider',
    'inputs_version',
    'inputs_position',
    'trend_position',
    'inputs_trend_position',
    'written_at',
    'position',
  ],
};
/** Each assignment's course and due date (fixed at creation): which summaries' trends a grade changes. */
const assignmentsTable: TableSpec<SmAssignmentRow> = {
  table: 'sm_assignments',
  key: ['tenant', 'assignment_id'],
  columns: ['tenant', 'assignment_id', 'course_id', 'due'],
};
const classesTable: TableSpec<SmClassRow> = {
  table: 'sm_classes',
  key: ['tenant', 'assignment_id'],
  columns: [
    'tenant',
    'assignment_id',
    'grading_position',
    'summary',
    'generator',
    'provider',
    'inputs_position',
    'students',
    'written_at',
    'error',
    'error_position',
    'position',
  ],
};

type State = {
  students: RowSet<SmStudentRow>;
  classes: RowSet<SmClassRow>;
  assignments: RowSet<SmAssignmentRow>;
  /** tenant → student → assignment ids of their rows in memory: the rows a grade of theirs may make stale. */
  byStudent: Map<string, Map<number, Set<number>>>;
  /**
   * tenant → assignment → its course and due time (ms), for the assignments rows in memory: fixed at creation, so a
   * grade's look at the student's other assignments builds no row key and parses no date.
   */
  assignmentInfo: Map<string, Map<number, AssignmentInfo>>;
};

type AssignmentInfo = { courseId: number; due: number };

function index(state: State, row: SmStudentRow) {
  let students = state.byStudent.get(row.tenant);
  if (!students) state.byStudent.set(row.tenant, (students = new Map()));
  const studentId = Number(row.student_id);
  let ids = students.get(studentId);
  if (!ids) students.set(studentId, (ids = new Set()));
  ids.add(Number(row.assignment_id));
}
const put = (state: State, row: SmStudentRow) => {
  state.students.put(row);
  index(state, row);
};

/** An assignment's course and due time, when its row is in memory. */
function infoOf(state: State, tenant: string, assignmentId: number): AssignmentInfo | undefined {
  let known = state.assignmentInfo.get(tenant);
  const info = known?.get(assignmentId);
  if (info) return info;
  const row = state.assignments.get({ tenant, assignment_id: assignmentId });
  if (!row) return undefined;
  if (!known) state.assignmentInfo.set(tenant, (known = new Map()));
  const made = { courseId: Number(row.course_id), due: Date.parse(row.due) };
  known.set(assignmentId, made);
  return made;
}

const emptyStudent = (tenant: string, assignmentId: number, studentId: number): SmStudentRow => ({
  tenant,
  assignment_id: assignmentId,
  student_id: studentId,
  grading_version: 0,
  grading_position: '',
  summary: null,
  generator: null,
  provider: null,
  inputs_version: null,
  inputs_position: null,
  trend_position: '',
  inputs_trend_position: null,
  written_at: null,
  position: '',
});
const emptyClass = (tenant: string, assignmentId: number): SmClassRow => ({
  tenant,
  assignment_id: assignmentId,
  grading_position: '',
  summary: null,
  generator: null,
  provider: null,
  inputs_position: null,
  students: null,
  written_at: null,
  error: null,
  error_position: null,
  position: '',
});

const iso = (v: string) => new Date(v).toISOString();

/**
 * Pure: one event folded into the batch's rows. Rows keep the position they reflect, so a redelivered event changes
 * nothing; a summary written from older inputs than the current one (a slow second writer) is ignored.
 */
export function evolveSummaries(state: State, recorded: RecordedEvent): Touched | null {
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition as string;
  const assignmentId = Number(recorded.data.assignmentId);
  const key = { tenant, assignment_id: assignmentId };
  if (recorded.type === 'AssignmentCreated') {
    const row = { ...key, course_id: Number(recorded.data.courseId), due: iso(String(recorded.data.due)) };
    state.assignments.put(row);
    state.assignmentInfo.get(tenant)?.delete(assignmentId);
    return null;
  }
  const cls = state.classes.get(key) ?? emptyClass(tenant, assignmentId);
  if (cls.position >= position) return null;
  const touched = { tenant, keys: [noticeKeys.assignment(assignmentId)] };
  if (GRADE_TYPES.has(recorded.type)) {
    const studentId = Number(recorded.data.studentId);
    // Changed in place (the set holds the batch's own copy of each row): a build does this for every grading event.
    const s = state.students.get({ ...key, student_id: studentId }) ?? emptyStudent(tenant, assignmentId, studentId);
    s.grading_version = recorded.streamVersion;
    s.grading_position = position;
    s.position = position;
    put(state, s);
    cls.grading_position = position;
    cls.position = position;
    state.classes.put(cls);
    // The student's summaries of later assignments of the course measured their trend against this one's grades.
    const here = infoOf(state, tenant, assignmentId);
    if (here)
      for (const other of state.byStudent.get(tenant)?.get(studentId) ?? []) {
        const there = infoOf(state, tenant, other);
        // Same course, due later (ISO times compare as the times do).
        if (!there || there.courseId !== here.courseId || there.due <= here.due) continue;
        const row = state.students.get({ tenant, assignment_id: other, student_id: studentId });
        if (!row) continue;
        put(state, { ...row, trend_position: position });
        touched.keys.push(noticeKeys.assignment(other));
      }
    return touched;
  }
  const event = { type: recorded.type, data: recorded.data } as SummaryEvent;
  switch (event.type) {
    case 'StudentSummaryWritten': {
      const d = event.data;
      const s = state.students.get({ ...key, student_id: d.studentId }) ?? emptyStudent(tenant, assignmentId, d.studentId);
      state.classes.put({ ...cls, position });
      if (s.inputs_version !== null && s.inputs_version > d.inputs.gradingVersion) return null;
      put(state, {
        ...s,
        summary: d.summary,
        generator: d.generator,
        provider: d.provider,
        inputs_version: d.inputs.gradingVersion,
        inputs_position: d.inputs.gradingPosition,
        inputs_trend_position: d.inputs.trendPosition ?? null,
        written_at: iso(d.writtenAt),
        position,
      });
      return touched;
    }
    case 'ClassSummaryWritten': {
      const d = event.data;
      if (cls.inputs_position !== null && cls.inputs_position > d.inputs.gradingPosition) {
        state.classes.put({ ...cls, position });
        return null;
      }
      const failedLater = cls.error_position !== null && cls.error_position > d.inputs.gradingPosition;
      state.classes.put({
        ...cls,
        summary: d.summary,
        generator: d.generator,
        provider: d.provider,
        inputs_position: d.inputs.gradingPosition,
        students: d.inputs.students,
        written_at: iso(d.writtenAt),
        error: failedLater ? cls.error : null,
        error_position: failedLater ? cls.error_position : null,
        position,
      });
      return touched;
    }
    case 'ClassSummaryFailed': {
      const d = event.data;
      if (cls.inputs_position !== null && cls.inputs_position >= d.inputs.gradingPosition) {
        state.classes.put({ ...cls, position });
        return null;
      }
      state.classes.put({ ...cls, error: d.error, error_position: d.inputs.gradingPosition, position });
      return touched;
    }
  }
}

export const summariesProjection = defineProjection<State>({
  name: PROJECTIONS.summaries,
  version: 2,
  tables: ['sm_students', 'sm_classes', 'sm_assignments'],
  handles: ['AssignmentCreated', ...GRADE_EVENTS, ...SUMMARY_EVENT_TYPES],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS sm_students (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, grading_version integer NOT NULL,
      grading_position text NOT NULL, summary text, generator text, provider text, inputs_version integer, inputs_position text,
      trend_position text NOT NULL, inputs_trend_position text, written_at timestamptz, position text NOT NULL,
      PRIMARY KEY (tenant, assignment_id, student_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS sm_students_student ON sm_students (tenant, student_id)');
    await db.query(`CREATE TABLE IF NOT EXISTS sm_assignments (
      tenant text NOT NULL, assignment_id integer NOT NULL, course_id integer NOT NULL, due timestamptz NOT NULL,
      PRIMARY KEY (tenant, assignment_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS sm_classes (
      tenant text NOT NULL, assignment_id integer NOT NULL, grading_position text NOT NULL, summary text, generator text,
      provider text, inputs_position text, students integer, written_at timestamptz, error text, error_position text,
      position text NOT NULL, PRIMARY KEY (tenant, assignment_id))`);
  },
  init: () => ({
    students: new RowSet(studentsTable),
    classes: new RowSet(classesTable),
    assignments: new RowSet(assignmentsTable),
    byStudent: new Map(),
    assignmentInfo: new Map(),
  }),
  async load(tx, state, events) {
    const summaryEvents = events.filter((e) => e.type !== 'AssignmentCreated');
    await state.classes.load(
      tx,
      summaryEvents.map((e) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId) })),
    );
    // Every row of each student a grading or summary event names: a grade may change their later assignments' trends.
    const graded = summaryEvents.filter((e) => GRADE_TYPES.has(e.type));
    const ofStudents = state.students.holdsWholeTable
      ? []
      : await state.students.loadIn(
          tx,
          ['tenant', 'student_id'],
          summaryEvents
            .filter((e) => e.data.studentId !== undefined)
            .map((e) => ({ tenant: tenantOf(e), student_id: Number(e.data.studentId) })),
        );
    for (const row of ofStudents) index(state, row);
    await state.assignments.load(tx, [
      ...graded.map((e) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId) })),
      ...ofStudents.map((r) => ({ tenant: r.tenant, assignment_id: Number(r.assignment_id) })),
    ]);
  },
  evolve: evolveSummaries,
  carry: ['students', 'classes', 'assignments', 'byStudent', 'assignmentInfo'],
});
