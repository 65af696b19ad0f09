import { GRADING_EVENT_TYPES, GRADING_PROJECTION, noticeKeys, type DomainEvent, type EventOf } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';

type GradingEvent = EventOf<
  'SubmissionFileProcessed' | 'OnlineResponsesCaptured' | 'ResponseGraded' | 'ResponseMarkEdited' | 'ResponseFlagResolved' | 'GradingReset'
>;

/** One response's current grade (gr_responses). `version` counts the events that touched it, as the decider does. */
export type ResponseRow = {
  response_id: number; assignment_id: number; student_id: number; question_id: number; question_number: number;
  response: string; response_version: number; points: number; points_possible: number | null; feedback: string;
  original_feedback: string; graded: boolean; graded_by: string; manual: boolean; flagged_for_review: string;
  flag_resolved: boolean; version: number;
};

/** One link of a response's chain (gr_history): who or what, when, the previous value and why. */
export type HistoryRow = {
  response_id: number; version: number; kind: GradingEvent['type']; at: string; actor_kind: 'instructor' | 'ai' | 'offline' | 'system';
  actor: string; actor_id: number | null; previous_points: number | null; points: number | null; previous_feedback: string | null;
  feedback: string | null; flagged_for_review: string | null; confidence: number | null; reason: string | null;
};

const TYPES = new Set<string>(GRADING_EVENT_TYPES);

/** Pure: a response's row and its history link after an event that touched it. */
export function evolveResponse(row: ResponseRow | null, event: GradingEvent, responseId: number): { row: ResponseRow; link: HistoryRow } | null {
  const base = { response_id: responseId, version: (row?.version ?? 0) + 1, kind: event.type, previous_points: row?.points ?? null, previous_feedback: row?.feedback ?? null };
  const none = { points: null, feedback: null, flagged_for_review: null, confidence: null, reason: null };
  switch (event.type) {
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured': {
      const r = event.data.responses.find((x) => x.responseId === responseId);
      if (!r) return null;
      const file = event.type === 'SubmissionFileProcessed';
      const next: ResponseRow = {
        response_id: responseId, assignment_id: event.data.assignmentId, student_id: event.data.studentId, question_id: r.questionId,
        question_number: r.questionNumber, response: r.response, response_version: (row?.response_version ?? 0) + 1, points: 0,
        points_possible: row?.points_possible ?? null, feedback: '', original_feedback: '', graded: false, graded_by: '', manual: false,
        flagged_for_review: '', flag_resolved: false, version: base.version,
      };
      const at = file ? event.data.processedAt : event.data.capturedAt;
      return {
        row: next,
        link: { ...base, ...none, at, actor_kind: file ? 'instructor' : 'system', actor: file ? 'instructor' : 'student', actor_id: file ? event.data.processedBy : event.data.studentId, points: 0, feedback: '' },
      };
    }
    default:
      if (!row) return null;
  }
  switch (event.type) {
    case 'ResponseGraded': {
      const d = event.data;
      return {
        row: {
          ...row, points: d.pointsObtained, points_possible: d.pointsPossible, feedback: d.feedback, original_feedback: d.feedback, graded: true,
          graded_by: d.grader.name, manual: false, flagged_for_review: d.flaggedForReview, flag_resolved: false, version: base.version,
        },
        link: {
          ...base, at: d.gradedAt, actor_kind: d.grader.kind, actor: d.grader.name, actor_id: null, points: d.pointsObtained, feedback: d.feedback,
          flagged_for_review: d.flaggedForReview, confidence: d.confidence, reason: d.regradeInstructions ?? null,
        },
      };
    }
    case 'ResponseMarkEdited': {
      const d = event.data;
      return {
        row: { ...row, points: d.points, points_possible: d.pointsPossible, feedback: d.feedback, graded: true, graded_by: 'instructor', manual: true, version: base.version },
        link: {
          ...base, ...none, at: d.editedAt, actor_kind: 'instructor', actor: 'instructor', actor_id: d.by, previous_points: d.previousPoints,
          previous_feedback: d.previousFeedback, points: d.points, feedback: d.feedback, reason: d.reason ?? null,
        },
      };
    }
    case 'ResponseFlagResolved':
      return {
        row: { ...row, flag_resolved: true, version: base.version },
        link: { ...base, ...none, at: event.data.resolvedAt, actor_kind: 'instructor', actor: 'instructor', actor_id: event.data.by, flagged_for_review: event.data.flag, points: row.points, feedback: row.feedback },
      };
    case 'GradingReset':
      return {
        row: { ...row, graded: false, manual: false, version: base.version },
        link: { ...base, ...none, at: event.data.resetAt, actor_kind: 'instructor', actor: 'instructor', actor_id: event.data.by, points: row.points, feedback: row.feedback },
      };
    default:
      return null;
  }
}

const COLUMNS = [
  'response_id', 'assignment_id', 'student_id', 'question_id', 'question_number', 'response', 'response_version', 'points', 'points_possible',
  'feedback', 'original_feedback', 'graded', 'graded_by', 'manual', 'flagged_for_review', 'flag_resolved', 'version',
] as const;
const HISTORY = [
  'response_id', 'version', 'kind', 'at', 'actor_kind', 'actor', 'actor_id', 'previous_points', 'points', 'previous_feedback', 'feedback',
  'flagged_for_review', 'confidence', 'reason',
] as const;
const params = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');

async function responseIdsOf(tx: SqlClient, tenant: string, event: GradingEvent): Promise<number[]> {
  switch (event.type) {
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured':
      return event.data.responses.map((r) => r.responseId);
    case 'GradingReset': {
      const { rows } = await tx.query<{ response_id: number }>(
        'SELECT response_id FROM gr_responses WHERE tenant = $1 AND assignment_id = $2 AND student_id = $3 AND question_id = ANY($4::int[])',
        [tenant, event.data.assignmentId, event.data.studentId, event.data.questionIds]);
      return rows.map((r) => Number(r.response_id));
    }
    default:
      return [event.data.responseId];
  }
}

const toRow = (r: Record<string, unknown>): ResponseRow => ({
  ...(r as ResponseRow), response_id: Number(r.response_id), points: Number(r.points),
  points_possible: r.points_possible === null ? null : Number(r.points_possible), version: Number(r.version),
});

async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  if (!TYPES.has(recorded.type)) return null;
  const event = { type: recorded.type, data: recorded.data } as DomainEvent as GradingEvent;
  const tenant = tenantOf(recorded);
  const { assignmentId, studentId } = event.data;
  let touched = false;
  for (const responseId of await responseIdsOf(tx, tenant, event)) {
    const { rows } = await tx.query<Record<string, unknown> & { position: string }>(
      'SELECT * FROM gr_responses WHERE tenant = $1 AND response_id = $2', [tenant, responseId]);
    // Rows keep the position they reflect: a redelivered event changes nothing.
    if (rows[0] && rows[0].position >= recorded.globalPosition) continue;
    const next = evolveResponse(rows[0] ? toRow(rows[0]) : null, event, responseId);
    if (!next) continue;
    const values = COLUMNS.map((c) => next.row[c]);
    await tx.query(
      `INSERT INTO gr_responses (tenant, ${COLUMNS.join(', ')}, position) VALUES ($1, ${params(COLUMNS.length, 2)}, $${COLUMNS.length + 2})
       ON CONFLICT (tenant, response_id) DO UPDATE SET ${COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, position = EXCLUDED.position`,
      [tenant, ...values, recorded.globalPosition]);
    await tx.query(
      `INSERT INTO gr_history (tenant, ${HISTORY.join(', ')}, position) VALUES ($1, ${params(HISTORY.length, 2)}, $${HISTORY.length + 2})
       ON CONFLICT DO NOTHING`,
      [tenant, ...HISTORY.map((c) => next.link[c]), recorded.globalPosition]);
    touched = true;
  }
  if (event.type === 'SubmissionFileProcessed' || event.type === 'OnlineResponsesCaptured') {
    const file = event.type === 'SubmissionFileProcessed';
    await tx.query(
      `INSERT INTO gr_submissions (tenant, assignment_id, student_id, source, file_key, original_filename, position) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (tenant, assignment_id, student_id) DO UPDATE SET
         source = CASE WHEN EXCLUDED.source = 'file' THEN 'file' ELSE gr_submissions.source END,
         file_key = COALESCE(EXCLUDED.file_key, gr_submissions.file_key),
         original_filename = COALESCE(EXCLUDED.original_filename, gr_submissions.original_filename), position = EXCLUDED.position`,
      [tenant, assignmentId, studentId, file ? 'file' : 'online', file ? event.data.fileKey : null, file ? event.data.originalFilename : null, recorded.globalPosition]);
    touched = true;
  }
  return touched ? { tenant, keys: [noticeKeys.assignment(assignmentId), noticeKeys.user(studentId)] } : null;
}

export const gradingProjection: Projection = perEventProjection({
  name: GRADING_PROJECTION,
  version: 1,
  tables: ['gr_submissions', 'gr_responses', 'gr_history'],
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
  apply,
});

/** A per-(student, question) grades table for another projection's own use (projections never read each other's tables). */
export const gradesTableSql = (table: string) => `CREATE TABLE IF NOT EXISTS ${table} (
  tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, question_id integer NOT NULL,
  points numeric NOT NULL, graded boolean NOT NULL, PRIMARY KEY (tenant, assignment_id, student_id, question_id))`;

export type StudentGradeTotals = { assignmentId: number; studentId: number; gradedQuestions: number; obtained: number };

/**
 * Keeps `table` (made by gradesTableSql) up to date with a grading event and returns the student's totals, or null
 * when the event is not a grading event. Each write is idempotent (it sets values), so a redelivered event is harmless.
 */
export async function trackGrades(tx: SqlClient, table: string, tenant: string, recorded: RecordedEvent): Promise<StudentGradeTotals | null> {
  if (!TYPES.has(recorded.type)) return null;
  const event = { type: recorded.type, data: recorded.data } as DomainEvent as GradingEvent;
  const { assignmentId, studentId } = event.data;
  const set = (questionId: number, points: number | null, graded: boolean) => tx.query(
    `INSERT INTO ${table} (tenant, assignment_id, student_id, question_id, points, graded) VALUES ($1, $2, $3, $4, coalesce($5::numeric, 0), $6)
     ON CONFLICT (tenant, assignment_id, student_id, question_id) DO UPDATE SET points = coalesce($5::numeric, ${table}.points), graded = EXCLUDED.graded`,
    [tenant, assignmentId, studentId, questionId, points, graded]);
  switch (event.type) {
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured':
      for (const r of event.data.responses) await set(r.questionId, 0, false);
      break;
    case 'ResponseGraded':
      await set(event.data.questionId, event.data.pointsObtained, true);
      break;
    case 'ResponseMarkEdited':
      await set(event.data.questionId, event.data.points, true);
      break;
    case 'GradingReset':
      for (const id of event.data.questionIds) await set(id, null, false);
      break;
    case 'ResponseFlagResolved':
      break;
  }
  const { rows } = await tx.query<{ graded: string | number; obtained: string | number }>(
    `SELECT count(*) FILTER (WHERE graded) AS graded, coalesce(sum(points), 0) AS obtained FROM ${table}
     WHERE tenant = $1 AND assignment_id = $2 AND student_id = $3`, [tenant, assignmentId, studentId]);
  return { assignmentId, studentId, gradedQuestions: Number(rows[0]?.graded ?? 0), obtained: Number(rows[0]?.obtained ?? 0) };
}
