import {
  applyChange,
  asGradingEvent,
  GRADING_EVENT_TYPES,
  AUDIT_PROJECTION,
  evolveGradingStream,
  initialGradingStream,
  noticeKeys,
  type GradingEvent,
  type GradingStream,
} from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/**
 * The audit log of grades: one immutable row per (grading event, response it touched), appended in log order and
 * never updated. Each row carries the event's own values (not a computed state) and the instant the store recorded
 * it, so a response's chain, previous values and the grade book "as of" an instant are folds over these rows
 * (query-service/src/routes/audit-fold.ts). The only lookup is this table's own earlier rows, for a response's
 * question number and id when an event names only one of them: the batch folds each (assignment, student) it names
 * with the one grading fold, starting from those rows.
 */
export type AuditGradeEventRow = {
  tenant: string;
  /** The event's global position; with `seq`, the key. */
  position: string;
  /** When the store recorded the event (`to_jsonb`'s ISO string when read back). */
  recorded_at: string;
  event_id: string;
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

/** The part of an audit row that comes from the event alone. */
export type AuditRow = Omit<AuditGradeEventRow, 'tenant' | 'position' | 'recorded_at' | 'event_id'>;

/** A response already in the table: what events that name only a question (or only a response) need. */
export type KnownResponse = { responseId: number; questionId: number; questionNumber: number };

/**
 * One audit row with every value column empty but those naming the response. Built field by field (no spreads: a
 * replay makes hundreds of thousands of these, and spreading objects into objects is V8's slow path).
 */
function emptyRow(event: GradingEvent, r: KnownResponse, seq: number, actorKind: string): AuditRow {
  return {
    seq,
    event_type: event.type,
    assignment_id: event.data.assignmentId,
    student_id: event.data.studentId,
    response_id: r.responseId,
    question_id: r.questionId,
    question_number: r.questionNumber,
    actor_kind: actorKind,
    actor_id: null,
    actor_name: null,
    requested_by: null,
    points: null,
    previous_points: null,
    points_possible: null,
    feedback: null,
    previous_feedback: null,
    flag: null,
    confidence: null,
    reason: null,
    response: null,
    detail: null,
  };
}

const methodName = (method: string) => (method === 'text' ? 'text layer' : method === 'ocr' ? 'OCR' : 'AI model');

/** Pure: the audit rows of one grading event. `known` finds a response of this (assignment, student) by question id. */
export function auditRows(
  event: GradingEvent,
  requestedBy: number | null,
  known: (questionId: number) => KnownResponse | null,
): AuditRow[] {
  switch (event.type) {
    case 'SubmissionFileProcessed': {
      const d = event.data;
      return d.responses.map((r, i) => {
        const row = emptyRow(event, r, i, 'instructor');
        row.actor_id = d.processedBy;
        row.response = r.response;
        row.detail = `File ${d.originalFilename} read (${methodName(d.method)})`;
        return row;
      });
    }
    case 'OnlineResponsesCaptured': {
      const d = event.data;
      return d.responses.map((r, i) => {
        const row = emptyRow(event, r, i, 'system');
        row.actor_name = 'online submission';
        row.requested_by = requestedBy;
        row.response = r.response;
        row.detail = `The student's typed answer (submission version ${d.submissionVersion})`;
        return row;
      });
    }
    case 'ResponseGraded': {
      const d = event.data;
      const inputs = `question version ${d.inputs.questionVersion}, response version ${d.inputs.responseVersion}`;
      const row = emptyRow(event, d, 0, d.grader.kind);
      row.actor_name = d.grader.name;
      row.requested_by = requestedBy;
      row.points = d.pointsObtained;
      row.points_possible = d.pointsPossible;
      row.feedback = d.feedback;
      row.flag = d.flaggedForReview;
      row.confidence = d.confidence;
      row.reason = d.regradeInstructions ?? null;
      row.detail = `${d.regradeInstructions !== undefined ? 'Regrade' : 'Grade'} from ${inputs}${d.overrodeManual ? '; replaced a mark set by hand' : ''}`;
      return [row];
    }
    case 'ResponseMarkEdited': {
      const d = event.data;
      const r = known(d.questionId);
      const row = emptyRow(
        event,
        { responseId: d.responseId, questionId: d.questionId, questionNumber: r?.questionNumber ?? 0 },
        0,
        'instructor',
      );
      row.actor_id = d.by;
      row.points = d.points;
      row.previous_points = d.previousPoints;
      row.points_possible = d.pointsPossible;
      row.feedback = d.feedback;
      row.previous_feedback = d.previousFeedback;
      row.reason = d.reason ?? null;
      return [row];
    }
    case 'ResponseFlagResolved': {
      const d = event.data;
      const r = known(d.questionId);
      const row = emptyRow(
        event,
        { responseId: d.responseId, questionId: d.questionId, questionNumber: r?.questionNumber ?? 0 },
        0,
        'instructor',
      );
      row.actor_id = d.by;
      row.flag = d.flag;
      return [row];
    }
    case 'GradingReset': {
      const d = event.data;
      const kept = d.keptManual?.length ? `; ${d.keptManual.length} mark(s) set by hand kept` : '';
      return d.questionIds
        .flatMap((questionId) => known(questionId) ?? [])
        .map((r, i) => {
          const row = emptyRow(event, r, i, 'instructor');
          row.actor_id = d.by;
          row.detail = `Reset to ungraded${kept}`;
          return row;
        });
    }
    case 'RegradeRequested': {
      const d = event.data;
      const row = emptyRow(event, d, 0, 'system');
      row.actor_name = 'student';
      row.actor_id = d.studentId;
      row.points = d.points;
      row.points_possible = d.pointsPossible;
      row.reason = d.reason;
      row.detail = `Contested mark ${d.points} of ${d.pointsPossible}`;
      return [row];
    }
    case 'RegradeRequestResolved': {
      const d = event.data;
      const row = emptyRow(event, d, 0, 'instructor');
      row.actor_id = d.by;
      row.previous_points = d.previousPoints;
      row.points = d.points ?? d.previousPoints;
      row.points_possible = d.pointsPossible;
      row.feedback = d.feedback;
      row.reason = `${d.outcome}: ${d.reply}`;
      row.detail = `Regrade request ${d.outcome}`;
      return [row];
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

const VALUES = [
  'recorded_at',
  'event_id',
  'event_type',
  'assignment_id',
  'student_id',
  'response_id',
  'question_id',
  'question_number',
  'actor_kind',
  'actor_id',
  'actor_name',
  'requested_by',
  'points',
  'previous_points',
  'points_possible',
  'feedback',
  'previous_feedback',
  'flag',
  'confidence',
  'reason',
  'response',
  'detail',
] as const satisfies readonly (keyof AuditGradeEventRow)[];
/** Rows are immutable: a redelivered event's rows are left as they are. */
const auditTable: TableSpec<AuditGradeEventRow> = {
  table: 'audit_grade_events',
  key: ['tenant', 'position', 'seq'],
  columns: ['tenant', 'position', 'seq', ...VALUES],
  keepOnConflict: VALUES,
  writtenOnce: true,
};

/**
 * What is known of each (tenant, assignment, student)'s responses, by the one grading fold: in a batch, of those whose
 * events look responses up (see `load`); in a rebuild's build, of every one since the log's start (`whole`).
 */
class Streams extends Map<string, GradingStream> {
  whole = false;
  holdWholeTable(): void {
    this.whole = true;
  }
}

/** The batch's new rows, and the streams it knows. */
type State = {
  rows: RowSet<AuditGradeEventRow>;
  streams: Streams;
};

const streamKey = (tenant: string, assignmentId: number, studentId: number) => `${tenant}\u0000${assignmentId}\u0000${studentId}`;

/** Pure: the audit rows of one grading event, appended to the batch. */
export function evolveAudit(state: State, recorded: RecordedEvent): Touched | null {
  const event = asGradingEvent(recorded);
  if (!event) return null;
  const tenant = tenantOf(recorded);
  const { assignmentId, studentId } = event.data;
  const key = streamKey(tenant, assignmentId, studentId);
  const known = state.streams.get(key);
  const actor = Number(recorded.metadata.actorId);
  const rows = auditRows(event, Number.isInteger(actor) && actor > 0 ? actor : null, (q) => known?.responses[q] ?? null);
  if (state.streams.whole) {
    // Every stream, from its first response: only recordings change what look-ups need (a response's id and number).
    if (event.type === 'SubmissionFileProcessed' || event.type === 'OnlineResponsesCaptured')
      state.streams.set(key, evolveGradingStream(known ?? initialGradingStream(), event));
  } else if (known) state.streams.set(key, evolveGradingStream(known, event));
  const recordedAt = new Date(recorded.recordedAt).toISOString();
  for (const row of rows) {
    // The row is this call's own: completed in place rather than copied.
    const full = row as AuditGradeEventRow;
    full.tenant = tenant;
    full.position = recorded.globalPosition;
    full.recorded_at = recordedAt;
    full.event_id = recorded.eventId;
    state.rows.put(full);
  }
  return rows.length ? { tenant, keys: [noticeKeys.school(), noticeKeys.assignment(assignmentId)] } : null;
}

export const auditProjection = defineProjection<State>({
  name: AUDIT_PROJECTION,
  version: 1,
  tables: ['audit_grade_events'],
  handles: GRADING_EVENT_TYPES,
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
  init: () => ({ rows: new RowSet(auditTable), streams: new Streams() }),
  async load(tx, state, events) {
    const students = new Map<string, { tenant: string; assignment_id: number; student_id: number }>();
    // Only events that name a question without its response (or a response without its number) look anything up.
    for (const e of ofTypes(events, 'ResponseMarkEdited', 'ResponseFlagResolved', 'GradingReset')) {
      const event = asGradingEvent(e);
      if (!event) continue;
      const k = { tenant: tenantOf(e), assignment_id: event.data.assignmentId, student_id: event.data.studentId };
      students.set(streamKey(k.tenant, k.assignment_id, k.student_id), k);
    }
    if (students.size === 0 || state.streams.whole) return;
    for (const key of students.keys()) state.streams.set(key, initialGradingStream());
    // Each question's latest recorded response (id and number) in the earlier rows of every (assignment, student) the
    // batch names: what the fold knows of them (grades and edits change neither).
    const { rows } = await tx.query<{
      tenant: string;
      assignment_id: number;
      student_id: number;
      response_id: number;
      question_id: number;
      question_number: number;
    }>(
      `SELECT DISTINCT ON (e.tenant, e.assignment_id, e.student_id, e.question_id)
         e.tenant, e.assignment_id, e.student_id, e.response_id, e.question_id, e.question_number
       FROM audit_grade_events e
       WHERE e.event_type IN ('SubmissionFileProcessed', 'OnlineResponsesCaptured') AND (e.tenant, e.assignment_id, e.student_id) IN (SELECT tenant, assignment_id, student_id
         FROM jsonb_to_recordset($1::jsonb) AS k(tenant text, assignment_id integer, student_id integer))
       ORDER BY e.tenant, e.assignment_id, e.student_id, e.question_id, e.position DESC`,
      [JSON.stringify([...students.values()])],
    );
    for (const r of rows) {
      const key = streamKey(r.tenant, Number(r.assignment_id), Number(r.student_id));
      const stream = state.streams.get(key) ?? initialGradingStream();
      // Known as recorded (the fold's start of a response): only its id and number matter here.
      const questionId = Number(r.question_id);
      const known = applyChange(undefined, {
        kind: 'recorded',
        responseId: Number(r.response_id),
        questionId,
        questionNumber: Number(r.question_number),
        response: '',
      });
      if (known) state.streams.set(key, { ...stream, responses: { ...stream.responses, [questionId]: known } });
    }
  },
  evolve: evolveAudit,
  carry: ['streams'],
});
