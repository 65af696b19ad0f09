import {
  asGradingEvent,
  GRADING_EVENT_TYPES,
  evolveGradedResponse,
  GRADING_PROJECTION,
  noticeKeys,
  type GradedResponse,
  type GradingEvent,
} from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** How each student submitted (gr_submissions): an uploaded file wins over typed answers. */
export type SubmissionRow = {
  tenant: string;
  assignment_id: number;
  student_id: number;
  source: 'file' | 'online';
  file_key: string | null;
  original_filename: string | null;
  position: string;
};

/** One response's current grade (gr_responses): the one grading fold's response state. `version` counts the events that touched it. */
export type ResponseRow = {
  tenant: string;
  response_id: number;
  assignment_id: number;
  student_id: number;
  question_id: number;
  question_number: number;
  response: string;
  response_version: number;
  points: number;
  points_possible: number | null;
  feedback: string;
  original_feedback: string;
  graded: boolean;
  graded_by: string;
  manual: boolean;
  flagged_for_review: string;
  flag_resolved: boolean;
  version: number;
  position: string;
};

/** One link of a response's chain (gr_history): who or what, when, the previous value and why. */
export type HistoryRow = {
  tenant: string;
  response_id: number;
  version: number;
  kind: GradingEvent['type'];
  at: string;
  actor_kind: 'instructor' | 'ai' | 'offline' | 'system';
  actor: string;
  actor_id: number | null;
  previous_points: number | null;
  points: number | null;
  previous_feedback: string | null;
  feedback: string | null;
  flagged_for_review: string | null;
  confidence: number | null;
  reason: string | null;
  position: string;
};

const submissionsTable: TableSpec<SubmissionRow> = {
  table: 'gr_submissions',
  key: ['tenant', 'assignment_id', 'student_id'],
  columns: ['tenant', 'assignment_id', 'student_id', 'source', 'file_key', 'original_filename', 'position'],
};
const responsesTable: TableSpec<ResponseRow> = {
  table: 'gr_responses',
  key: ['tenant', 'response_id'],
  columns: [
    'tenant',
    'response_id',
    'assignment_id',
    'student_id',
    'question_id',
    'question_number',
    'response',
    'response_version',
    'points',
    'points_possible',
    'feedback',
    'original_feedback',
    'graded',
    'graded_by',
    'manual',
    'flagged_for_review',
    'flag_resolved',
    'version',
    'position',
  ],
};
const HISTORY_VALUES = [
  'kind',
  'at',
  'actor_kind',
  'actor',
  'actor_id',
  'previous_points',
  'points',
  'previous_feedback',
  'feedback',
  'flagged_for_review',
  'confidence',
  'reason',
  'position',
] as const;
/** A link is written once: a redelivered one is left as it is. */
const historyTable: TableSpec<HistoryRow> = {
  table: 'gr_history',
  key: ['tenant', 'response_id', 'version'],
  columns: ['tenant', 'response_id', 'version', ...HISTORY_VALUES],
  keepOnConflict: HISTORY_VALUES,
  writtenOnce: true,
};

const stateOf = (row: ResponseRow): GradedResponse => ({
  responseId: Number(row.response_id),
  questionId: Number(row.question_id),
  questionNumber: Number(row.question_number),
  response: row.response,
  responseVersion: Number(row.response_version),
  points: Number(row.points),
  pointsPossible: row.points_possible === null ? null : Number(row.points_possible),
  feedback: row.feedback,
  originalFeedback: row.original_feedback,
  graded: row.graded,
  gradedBy: row.graded_by,
  manual: row.manual,
  flaggedForReview: row.flagged_for_review,
  flagResolved: row.flag_resolved,
  version: Number(row.version),
});

/**
 * Pure: a response's row and its history link after an event that touched it (the one grading fold, in the table's
 * shape); null when the event does not touch it or names a response never recorded. Tenant and position default to
 * the row's.
 */
export function evolveResponse(
  row: ResponseRow | null,
  event: GradingEvent,
  responseId: number,
  at?: { tenant: string; position: string },
): { row: ResponseRow; link: HistoryRow } | null {
  const recorded = event.type === 'SubmissionFileProcessed' || event.type === 'OnlineResponsesCaptured';
  const questionId = recorded ? event.data.responses.find((r) => r.responseId === responseId)?.questionId : row?.question_id;
  if (questionId === undefined) return null;
  const next = evolveGradedResponse(row ? stateOf(row) : undefined, event, questionId);
  if (!next) return null;
  const { tenant, position } = at ?? { tenant: row?.tenant ?? '', position: row?.position ?? '' };
  const r = next.response;
  const l = next.link;
  return {
    row: {
      tenant,
      response_id: r.responseId,
      assignment_id: recorded || !row ? event.data.assignmentId : row.assignment_id,
      student_id: recorded || !row ? event.data.studentId : row.student_id,
      question_id: r.questionId,
      question_number: r.questionNumber,
      response: r.response,
      response_version: r.responseVersion,
      points: r.points,
      points_possible: r.pointsPossible,
      feedback: r.feedback,
      original_feedback: r.originalFeedback,
      graded: r.graded,
      graded_by: r.gradedBy,
      manual: r.manual,
      flagged_for_review: r.flaggedForReview,
      flag_resolved: r.flagResolved,
      version: r.version,
      position,
    },
    link: {
      tenant,
      response_id: l.responseId,
      version: l.version,
      kind: l.kind,
      at: l.at,
      actor_kind: l.actorKind,
      actor: l.actor,
      actor_id: l.actorId,
      previous_points: l.previousPoints,
      points: l.points,
      previous_feedback: l.previousFeedback,
      feedback: l.feedback,
      flagged_for_review: l.flaggedForReview,
      confidence: l.confidence,
      reason: l.reason,
      position,
    },
  };
}

/** The batch's rows, and each (tenant, assignment, student)'s response ids among them (a reset names questions, not responses). */
type State = {
  submissions: RowSet<SubmissionRow>;
  responses: RowSet<ResponseRow>;
  history: RowSet<HistoryRow>;
  byStudent: Map<string, Set<number>>;
};

const studentKey = (tenant: string, assignmentId: number, studentId: number) => `${tenant}\u0000${assignmentId}\u0000${studentId}`;

function index(state: State, row: ResponseRow) {
  const k = studentKey(row.tenant, Number(row.assignment_id), Number(row.student_id));
  const ids = state.byStudent.get(k) ?? new Set<number>();
  ids.add(Number(row.response_id));
  state.byStudent.set(k, ids);
}

function responseIdsOf(state: State, tenant: string, event: GradingEvent): number[] {
  switch (event.type) {
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured':
      return event.data.responses.map((r) => r.responseId);
    case 'GradingReset': {
      const questions = new Set(event.data.questionIds);
      return [...(state.byStudent.get(studentKey(tenant, event.data.assignmentId, event.data.studentId)) ?? [])].filter((id) =>
        questions.has(Number(state.responses.get({ tenant, response_id: id })?.question_id)),
      );
    }
    default:
      return [event.data.responseId];
  }
}

/** Pure: one grading event folded into the batch. Rows keep the position they reflect, so a redelivered event changes nothing. */
export function evolveGrading(state: State, recorded: RecordedEvent): Touched | null {
  const event = asGradingEvent(recorded);
  if (!event) return null;
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  const { assignmentId, studentId } = event.data;
  let touched = false;
  for (const responseId of responseIdsOf(state, tenant, event)) {
    const row = state.responses.get({ tenant, response_id: responseId });
    if (row && row.position >= position) continue;
    const next = evolveResponse(row ?? null, event, responseId, { tenant, position });
    if (!next) continue;
    state.responses.put(next.row);
    index(state, next.row);
    state.history.put(next.link);
    touched = true;
  }
  if (event.type === 'SubmissionFileProcessed' || event.type === 'OnlineResponsesCaptured') {
    const key = { tenant, assignment_id: assignmentId, student_id: studentId };
    const old = state.submissions.get(key);
    if (!old || old.position < position) {
      const file = event.type === 'SubmissionFileProcessed';
      state.submissions.put({
        ...key,
        source: file ? 'file' : (old?.source ?? 'online'),
        file_key: (file ? event.data.fileKey : null) ?? old?.file_key ?? null,
        original_filename: (file ? event.data.originalFilename : null) ?? old?.original_filename ?? null,
        position,
      });
    }
    touched = true;
  }
  return touched ? { tenant, keys: [noticeKeys.assignment(assignmentId), noticeKeys.user(studentId)] } : null;
}

export const gradingProjection = defineProjection<State>({
  name: GRADING_PROJECTION,
  version: 1,
  tables: ['gr_submissions', 'gr_responses', 'gr_history'],
  handles: GRADING_EVENT_TYPES,
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS gr_submissions (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, source text NOT NULL, file_key text,
      original_filename text, position text NOT NULL, PRIMARY KEY (tenant, assignment_id, student_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS gr_responses (
      tenant text NOT NULL, response_id integer NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL,
      question_id integer NOT NULL, question_number integer NOT NULL, response text NOT NULL, response_version integer NOT NULL,
      points numeric NOT NULL, points_possible numeric, feedback text NOT NULL, original_feedback text NOT NULL, graded boolean NOT NULL,
      graded_by text NOT NULL, manual boolean NOT NULL, flagged_for_review text NOT NULL, flag_resolved boolean NOT NULL,
      version integer NOT NULL, position text NOT NULL, PRIMARY KEY (tenant, response_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS gr_responses_student ON gr_responses (tenant, assignment_id, student_id, question_id)');
    await db.query(`CREATE TABLE IF NOT EXISTS gr_history (
      tenant text NOT NULL, response_id integer NOT NULL, version integer NOT NULL, kind text NOT NULL, at timestamptz NOT NULL,
      actor_kind text NOT NULL, actor text NOT NULL, actor_id integer, previous_points numeric, points numeric, previous_feedback text,
      feedback text, flagged_for_review text, confidence double precision, reason text, position text NOT NULL,
      PRIMARY KEY (tenant, response_id, version))`);
  },
  init: () => ({
    submissions: new RowSet(submissionsTable),
    responses: new RowSet(responsesTable),
    history: new RowSet(historyTable),
    byStudent: new Map(),
  }),
  async load(tx, state, events) {
    const students = new Map<string, { tenant: string; assignment_id: number; student_id: number }>();
    for (const e of events) {
      const event = asGradingEvent(e);
      if (!event) continue;
      const k = { tenant: tenantOf(e), assignment_id: event.data.assignmentId, student_id: event.data.studentId };
      students.set(studentKey(k.tenant, k.assignment_id, k.student_id), k);
    }
    if (students.size === 0) return;
    // Every response of each (assignment, student) the batch names: events name a response, or (a reset) its questions.
    // Holding the whole table (a rebuild's build), they are all in memory and indexed already.
    if (!state.responses.holdsWholeTable) {
      const found = await state.responses.loadIn(tx, ['tenant', 'assignment_id', 'student_id'], students.values());
      for (const row of found) index(state, row);
    }
    const submitted = events.filter((e) => e.type === 'SubmissionFileProcessed' || e.type === 'OnlineResponsesCaptured');
    await state.submissions.load(
      tx,
      submitted.map((e) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId), student_id: Number(e.data.studentId) })),
    );
  },
  evolve: evolveGrading,
  carry: ['submissions', 'responses', 'byStudent'],
});
