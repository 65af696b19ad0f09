import { TIMED_SESSIONS_PROJECTION, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';
import type { TimedSessionRow } from './timed-sessions.queries';

/**
 * Timed sessions, one row per (assignment, student): the instructor's panel reads it, and the server's deadline
 * process looks in it for running sessions past their deadline (the decider then decides on the stream itself).
 */
const sessionsTable: TableSpec<TimedSessionRow> = {
  table: 'timed_sessions',
  key: ['tenant', 'assignment_id', 'student_id'],
  columns: [
    'tenant',
    'assignment_id',
    'student_id',
    'started_at',
    'deadline',
    'time_limit',
    'extra_seconds',
    'status',
    'submission_method',
    'submitted_at',
    'last_heartbeat_at',
    'position',
  ],
};

export type TimedSessionsState = { sessions: RowSet<TimedSessionRow> };

const TYPES = ['TimedSessionStarted', 'ExtraTimeGranted', 'SessionHeartbeat', 'AssignmentSubmitted'] as const;
const HANDLED = new Set<string>(TYPES);

/** Pure: one event folded into the batch's sessions. A row already at or past the event's position is left as it is. */
export function evolveTimedSessions(state: TimedSessionsState, recorded: RecordedEvent): Touched | null {
  if (!HANDLED.has(recorded.type)) return null;
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  const keys = (d: { assignmentId: number; studentId: number }) => ({
    tenant,
    keys: [noticeKeys.user(d.studentId), noticeKeys.assignment(d.assignmentId)],
  });
  const rowOf = (d: { assignmentId: number; studentId: number }) =>
    state.sessions.get({ tenant, assignment_id: d.assignmentId, student_id: d.studentId });
  /** Rows keep the position they reflect: a redelivered event changes nothing. */
  const fresh = (row: TimedSessionRow) => row.position < position;
  switch (event.type) {
    case 'TimedSessionStarted': {
      const d = event.data;
      if (!rowOf(d)) {
        state.sessions.put({
          tenant,
          assignment_id: d.assignmentId,
          student_id: d.studentId,
          started_at: d.startedAt,
          deadline: d.deadline,
          time_limit: d.timeLimitSeconds,
          extra_seconds: 0,
          status: 'active',
          submission_method: null,
          submitted_at: null,
          last_heartbeat_at: null,
          position,
        });
      }
      return keys(d);
    }
    case 'ExtraTimeGranted': {
      const d = event.data;
      const row = rowOf(d);
      if (row && fresh(row))
        state.sessions.put({ ...row, deadline: d.newDeadline, extra_seconds: row.extra_seconds + d.seconds, position });
      return keys(d);
    }
    case 'SessionHeartbeat': {
      const d = event.data;
      const row = rowOf(d);
      if (row) state.sessions.put({ ...row, last_heartbeat_at: d.at });
      // Heartbeats change nothing anyone is shown: no notice.
      return null;
    }
    case 'AssignmentSubmitted': {
      const d = event.data;
      const row = rowOf(d);
      if (!row) return null;
      if (fresh(row)) {
        state.sessions.put({
          ...row,
          status: 'submitted',
          submission_method: d.submissionMethod ?? 'manual',
          submitted_at: d.submittedAt,
          position,
        });
      }
      return keys(d);
    }
    default:
      return null;
  }
}

export const timedSessionsProjection = defineProjection<TimedSessionsState>({
  name: TIMED_SESSIONS_PROJECTION,
  version: 1,
  tables: ['timed_sessions'],
  handles: TYPES,
  async migrate(db) {
    await db.query(`CREATE TABLE IF NOT EXISTS timed_sessions (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL,
      started_at timestamptz NOT NULL, deadline timestamptz NOT NULL, time_limit integer NOT NULL, extra_seconds integer NOT NULL,
      status text NOT NULL, submission_method text, submitted_at timestamptz, last_heartbeat_at timestamptz, position text NOT NULL,
      PRIMARY KEY (tenant, assignment_id, student_id))`);
    await db.query(`CREATE INDEX IF NOT EXISTS timed_sessions_open ON timed_sessions (deadline) WHERE status = 'active'`);
  },
  init: () => ({ sessions: new RowSet(sessionsTable) }),
  async load(tx, state, events) {
    await state.sessions.load(
      tx,
      ofTypes(events, ...TYPES).map((e) => ({
        tenant: tenantOf(e),
        assignment_id: Number(e.data.assignmentId),
        student_id: Number(e.data.studentId),
      })),
    );
  },
  evolve: evolveTimedSessions,
  carry: ['sessions'],
  // An exam's heartbeats (one per student every 30 s) touch the same sessions again and again: kept between live batches.
  carryLive: ['sessions'],
});
