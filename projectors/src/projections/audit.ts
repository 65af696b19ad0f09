import { AUDIT_PROJECTION, GRADING_EVENT_TYPES, noticeKeys, type DomainEvent, type EventOf } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';

type GradingEvent = EventOf<
  'SubmissionFileProcessed' | 'OnlineResponsesCaptured' | 'ResponseGraded' | 'ResponseMarkEdited' | 'ResponseFlagResolved' | 'GradingReset'
>;

/**
 * The audit log of grades: one immutable row per (grading event, response it touched), appended in log order and
 * never updated. Each row carries the event's own values (not a computed state) and the instant the store recorded
 * it, so a response's chain, previous values and the grade book "as of" an instant are folds over these rows
 * (query-service/src/routes/audit-fold.ts). The only lookup is this table's own earlier rows, for a response's
 * question number and id when an event names only one of them.
 */
export type AuditRow = {
  seq: number;
  event_type: GradingEvent['type'];
  assignment_id: number;
  student_id: number;
  response_id: number;
  question_id: number;
  question_number: number;
  /** 'instructor', 'ai', 'offline' or 'system'. */
  actor_kind: string;
  /** The instructor who did it (edits, flags, resets, uploads). */
  actor_id: number | null;
  /** The model name or 'offline' for grades. */
  actor_name: string | null;
  /** Who asked for an automatic grade (the command's actor). */
  requested_by: number | null;
  points: number | null;
  previous_points: number | null;
  points_possible: number | null;
  feedback: string | null;
  previous_feedback: string | null;
  flag: string | null;
  confidence: number | null;
  reason: string | null;
  response: string | null;
  detail: string | null;
};

/** A response already in the table: what events that name only a question (or only a response) need. */
export type KnownResponse = { responseId: number; questionId: number; questionNumber: number };

const GRADING_TYPES = new Set<string>(GRADING_EVENT_TYPES);
const blank = {
  actor_id: null, actor_name: null, requested_by: null, points: null, previous_points: null, points_possible: null, feedback: null,
  previous_feedback: null, flag: null, confidence: null, reason: null, response: null, detail: null,
} as const;

/** Pure: the audit rows of one grading event. `known` finds a response of this (assignment, student) by question id. */
export function auditRows(event: GradingEvent, requestedBy: number | null, known: (questionId: number) => KnownResponse | null): AuditRow[] {
  const base = (r: KnownResponse, seq: number) => ({
    seq, event_type: event.type, assignment_id: event.data.assignmentId, student_id: event.data.studentId,
    response_id: r.responseId, question_id: r.questionId, question_number: r.questionNumber,
  });
  switch (event.type) {
    case 'SubmissionFileProcessed': {
      const d = event.data;
      return d.responses.map((r, i) => ({
        ...base(r, i), ...blank, actor_kind: 'instructor', actor_id: d.processedBy, response: r.response,
        detail: `File ${d.originalFilename} read (${d.method === 'text' ? 'text layer' : d.method === 'ocr' ? 'OCR' : 'AI model'})`,
      }));
    }
    case 'OnlineResponsesCaptured': {
      const d = event.data;
      return d.responses.map((r, i) => ({
        ...base(r, i), ...blank, actor_kind: 'system', actor_name: 'online submission', requested_by: requestedBy, response: r.response,
        detail: `The student's typed answer (submission version ${d.submissionVersion})`,
      }));
    }
    case 'ResponseGraded': {
      const d = event.data;
      const inputs = `question version ${d.inputs.questionVersion}, response version ${d.inputs.responseVersion}`;
      return [{
        ...base(d, 0), ...blank, actor_kind: d.grader.kind, actor_name: d.grader.name, requested_by: requestedBy,
        points: d.pointsObtained, points_possible: d.pointsPossible, feedback: d.feedback, flag: d.flaggedForReview,
        confidence: d.confidence, reason: d.regradeInstructions ?? null,
        detail: `${d.regradeInstructions !== undefined ? 'Regrade' : 'Grade'} from ${inputs}${d.overrodeManual ? '; replaced a mark set by hand' : ''}`,
      }];
    }
    case 'ResponseMarkEdited': {
      const d = event.data;
      const r = known(d.questionId);
      return [{
        ...base({ responseId: d.responseId, questionId: d.questionId, questionNumber: r?.questionNumber ?? 0 }, 0), ...blank,
        actor_kind: 'instructor', actor_id: d.by, points: d.points, previous_points: d.previousPoints, points_possible: d.pointsPossible,
        feedback: d.feedback, previous_feedback: d.previousFeedback, reason: d.reason ?? null,
      }];
    }
    case 'ResponseFlagResolved': {
      const d = event.data;
      const r = known(d.questionId);
      return [{
        ...base({ responseId: d.responseId, questionId: d.questionId, questionNumber: r?.questionNumber ?? 0 }, 0), ...blank,
        actor_kind: 'instructor', actor_id: d.by, flag: d.flag,
      }];
    }
    case 'GradingReset': {
      const d = event.data;
      const kept = d.keptManual?.length ? `; ${d.keptManual.length} mark(s) set by hand kept` : '';
      return d.questionIds.flatMap((questionId) => known(questionId) ?? []).map((r, i) => ({
        ...base(r, i), ...blank, actor_kind: 'instructor', actor_id: d.by, detail: `Reset to ungraded${kept}`,
      }));
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const COLUMNS = [
  'seq', 'event_type', 'assignment_id', 'student_id', 'response_id', 'question_id', 'question_number', 'actor_kind', 'actor_id',
  'actor_name', 'requested_by', 'points', 'previous_points', 'points_possible', 'feedback', 'previous_feedback', 'flag',
  'confidence', 'reason', 'response', 'detail',
] as const satisfies readonly (keyof AuditRow)[];

async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  if (!GRADING_TYPES.has(recorded.type)) return null;
  const event = { type: recorded.type, data: recorded.data } as DomainEvent as GradingEvent;
  const tenant = tenantOf(recorded);
  const { assignmentId, studentId } = event.data;
  const { rows: earlier } = await tx.query<{ response_id: number; question_id: number; question_number: number }>(
    `SELECT DISTINCT ON (question_id) response_id, question_id, question_number FROM audit_grade_events
     WHERE tenant = $1 AND assignment_id = $2 AND student_id = $3 AND question_number > 0 ORDER BY question_id, position DESC`,
    [tenant, assignmentId, studentId]);
  const byQuestion = new Map(earlier.map((r) => [r.question_id, { responseId: r.response_id, questionId: r.question_id, questionNumber: r.question_number }]));
  const actor = Number(recorded.metadata.actorId);
  const rows = auditRows(event, Number.isInteger(actor) && actor > 0 ? actor : null, (q) => byQuestion.get(q) ?? null);
  for (const row of rows) {
    const values = COLUMNS.map((c) => row[c]);
    await tx.query(
      `INSERT INTO audit_grade_events (tenant, position, recorded_at, event_id, ${COLUMNS.join(', ')})
       VALUES ($1, $2, $3, $4, ${COLUMNS.map((_, i) => `$${i + 5}`).join(', ')}) ON CONFLICT DO NOTHING`,
      [tenant, recorded.globalPosition, recorded.recordedAt, recorded.eventId, ...values]);
  }
  return rows.length ? { tenant, keys: [noticeKeys.school(), noticeKeys.assignment(assignmentId)] } : null;
}

export const auditProjection: Projection = perEventProjection({
  name: AUDIT_PROJECTION,
  version: 1,
  tables: ['audit_grade_events'],
  async migrate(db) {
    await db.query(`CREATE TABLE IF NOT EXISTS audit_grade_events (
      tenant text NOT NULL, position text NOT NULL, seq integer NOT NULL, recorded_at timestamptz NOT NULL, event_id text NOT NULL,
      event_type text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, response_id integer NOT NULL,
      question_id integer NOT NULL, question_number integer NOT NULL, actor_kind text NOT NULL, actor_id integer, actor_name text,
      requested_by integer, points double precision, previous_points double precision, points_possible double precision,
      feedback text, previous_feedback text, flag text, confidence double precision, reason text, response text, detail text,
      PRIMARY KEY (tenant, position, seq))`);
    await db.query('CREATE INDEX IF NOT EXISTS audit_by_assignment ON audit_grade_events (tenant, assignment_id, recorded_at)');
    await db.query('CREATE INDEX IF NOT EXISTS audit_by_response ON audit_grade_events (tenant, response_id, position)');
    await db.query('CREATE INDEX IF NOT EXISTS audit_by_student ON audit_grade_events (tenant, student_id, recorded_at)');
    await db.query('CREATE INDEX IF NOT EXISTS audit_by_time ON audit_grade_events (tenant, recorded_at)');
  },
  apply,
});
