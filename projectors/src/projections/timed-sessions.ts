import { TIMED_SESSIONS_PROJECTION, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';

/**
 * Timed sessions, one row per (assignment, student): the instructor's panel reads it, and the server's deadline
 * process looks in it for running sessions past their deadline (the decider then decides on the stream itself).
 */
async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const pos = recorded.globalPosition;
  const keys = (d: { assignmentId: number; studentId: number }) => ({ tenant, keys: [noticeKeys.user(d.studentId), noticeKeys.assignment(d.assignmentId)] });
  switch (event.type) {
    case 'TimedSessionStarted': {
      const d = event.data;
      await tx.query(
        `INSERT INTO timed_sessions (tenant, assignment_id, student_id, started_at, deadline, time_limit, extra_seconds, status, position)
         VALUES ($1,$2,$3,$4,$5,$6,0,'active',$7) ON CONFLICT DO NOTHING`,
        [tenant, d.assignmentId, d.studentId, d.startedAt, d.deadline, d.timeLimitSeconds, pos]);
      return keys(d);
    }
    case 'ExtraTimeGranted': {
      const d = event.data;
      await tx.query(
        `UPDATE timed_sessions SET deadline = $4, extra_seconds = extra_seconds + $5, position = $6
         WHERE tenant = $1 AND assignment_id = $2 AND student_id = $3`,
        [tenant, d.assignmentId, d.studentId, d.newDeadline, d.seconds, pos]);
      return keys(d);
    }
    case 'SessionHeartbeat': {
      const d = event.data;
      await tx.query('UPDATE timed_sessions SET last_heartbeat_at = $4 WHERE tenant = $1 AND assignment_id = $2 AND student_id = $3',
        [tenant, d.assignmentId, d.studentId, d.at]);
      // Heartbeats change nothing anyone is shown: no notice.
      return null;
    }
    case 'AssignmentSubmitted': {
      const d = event.data;
      const { rowCount } = await tx.query(
        `UPDATE timed_sessions SET status = 'submitted', submission_method = $4, submitted_at = $5, position = $6
         WHERE tenant = $1 AND assignment_id = $2 AND student_id = $3`,
        [tenant, d.assignmentId, d.studentId, d.submissionMethod ?? 'manual', d.submittedAt, pos]);
      return rowCount ? keys(d) : null;
    }
    default:
      return null;
  }
}

export const timedSessionsProjection: Projection = perEventProjection({
  name: TIMED_SESSIONS_PROJECTION,
  version: 1,
  tables: ['timed_sessions'],
  async migrate(db) {
    await db.query(`CREATE TABLE IF NOT EXISTS timed_sessions (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL,
      started_at timestamptz NOT NULL, deadline timestamptz NOT NULL, time_limit integer NOT NULL, extra_seconds integer NOT NULL,
      status text NOT NULL, submission_method text, submitted_at timestamptz, last_heartbeat_at timestamptz, position text NOT NULL,
      PRIMARY KEY (tenant, assignment_id, student_id))`);
    await db.query(`CREATE INDEX IF NOT EXISTS timed_sessions_open ON timed_sessions (deadline) WHERE status = 'active'`);
  },
  apply,
});
