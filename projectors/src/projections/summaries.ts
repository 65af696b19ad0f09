import { PROJECTIONS, SUMMARY_EVENT_TYPES, noticeKeys, type SummaryEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';
import type { SmClassRow, SmStudentRow } from './summaries.queries';

/**
 * The written summaries (issue 12, item 4): per (assignment, student) and per assignment, the current summary, who
 * wrote it (generator, provider), the grades it was written from (its inputs) and the newest grading event, so a
 * summary whose grades changed since reads as being rewritten ('generating', old text kept). The summary writer
 * (`projectors/src/summaries/writer.ts`) reads the stale rows as its to-do list.
 */

/** Grading events that change what a summary says (marks, feedback, what is graded); a resolved flag does not. */
const GRADE_EVENTS = [
  'SubmissionFileProcessed',
  'OnlineResponsesCaptured',
  'ResponseGraded',
  'ResponseMarkEdited',
  'GradingReset',
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
    'written_at',
    'position',
  ],
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

type State = { students: RowSet<SmStudentRow>; classes: RowSet<SmClassRow> };

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
  const cls = state.classes.get(key) ?? emptyClass(tenant, assignmentId);
  if (cls.position >= position) return null;
  const touched = { tenant, keys: [noticeKeys.assignment(assignmentId)] };
  if (GRADE_TYPES.has(recorded.type)) {
    const studentId = Number(recorded.data.studentId);
    const s = state.students.get({ ...key, student_id: studentId }) ?? emptyStudent(tenant, assignmentId, studentId);
    state.students.put({ ...s, grading_version: recorded.streamVersion, grading_position: position, position });
    state.classes.put({ ...cls, grading_position: position, position });
    return touched;
  }
  const event = { type: recorded.type, data: recorded.data } as SummaryEvent;
  switch (event.type) {
    case 'StudentSummaryWritten': {
      const d = event.data;
      const s = state.students.get({ ...key, student_id: d.studentId }) ?? emptyStudent(tenant, assignmentId, d.studentId);
      state.classes.put({ ...cls, position });
      if (s.inputs_version !== null && s.inputs_version > d.inputs.gradingVersion) return null;
      state.students.put({
        ...s,
        summary: d.summary,
        generator: d.generator,
        provider: d.provider,
        inputs_version: d.inputs.gradingVersion,
        inputs_position: d.inputs.gradingPosition,
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
  version: 1,
  tables: ['sm_students', 'sm_classes'],
  handles: [...GRADE_EVENTS, ...SUMMARY_EVENT_TYPES],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS sm_students (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, grading_version integer NOT NULL,
      grading_position text NOT NULL, summary text, generator text, provider text, inputs_version integer, inputs_position text,
      written_at timestamptz, position text NOT NULL, PRIMARY KEY (tenant, assignment_id, student_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS sm_classes (
      tenant text NOT NULL, assignment_id integer NOT NULL, grading_position text NOT NULL, summary text, generator text,
      provider text, inputs_position text, students integer, written_at timestamptz, error text, error_position text,
      position text NOT NULL, PRIMARY KEY (tenant, assignment_id))`);
  },
  init: () => ({ students: new RowSet(studentsTable), classes: new RowSet(classesTable) }),
  async load(tx, state, events) {
    await state.classes.load(
      tx,
      events.map((e) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId) })),
    );
    await state.students.load(
      tx,
      events
        .filter((e) => e.data.studentId !== undefined)
        .map((e) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId), student_id: Number(e.data.studentId) })),
    );
  },
  evolve: evolveSummaries,
  carry: ['students', 'classes'],
});
