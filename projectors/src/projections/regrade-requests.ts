import { noticeKeys, REGRADE_REQUESTS_PROJECTION, type EventOf } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** One student regrade request and its outcome. `position`: the last event that changed it. */
export type RegradeRequestRow = {
  tenant: string;
  request_id: number;
  assignment_id: number;
  student_id: number;
  question_id: number;
  question_number: number;
  response_id: number;
  reason: string;
  status: 'open' | 'accepted' | 'rejected' | 'answered';
  reply: string | null;
  points_before: number;
  points_after: number | null;
  points_possible: number;
  requested_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
  position: string;
};

/** An assignment's regrade window, when its instructor set one (none: the default). */
export type RegradeWindowRow = { tenant: string; assignment_id: number; days: number; position: string };

const requestsTable: TableSpec<RegradeRequestRow> = {
  table: 'regrade_requests',
  key: ['tenant', 'request_id'],
  columns: [
    'tenant',
    'request_id',
    'assignment_id',
    'student_id',
    'question_id',
    'question_number',
    'response_id',
    'reason',
    'status',
    'reply',
    'points_before',
    'points_after',
    'points_possible',
    'requested_at',
    'resolved_at',
    'resolved_by',
    'position',
  ],
};

const windowsTable: TableSpec<RegradeWindowRow> = {
  table: 'regrade_windows',
  key: ['tenant', 'assignment_id'],
  columns: ['tenant', 'assignment_id', 'days', 'position'],
};

type State = { requests: RowSet<RegradeRequestRow>; windows: RowSet<RegradeWindowRow> };

const HANDLED = ['RegradeRequested', 'RegradeRequestResolved', 'RegradeWindowSet'] as const;

/** Pure: requests, their outcomes and the windows. An event at or before a row's position changes nothing. */
export function evolveRegradeRequests(state: State, recorded: RecordedEvent): Touched | null {
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  switch (recorded.type) {
    case 'RegradeRequested': {
      const d = recorded.data as EventOf<'RegradeRequested'>['data'];
      if (state.requests.has({ tenant, request_id: d.requestId })) return null;
      state.requests.put({
        tenant,
        request_id: d.requestId,
        assignment_id: d.assignmentId,
        student_id: d.studentId,
        question_id: d.questionId,
        question_number: d.questionNumber,
        response_id: d.responseId,
        reason: d.reason,
        status: 'open',
        reply: null,
        points_before: d.points,
        points_after: null,
        points_possible: d.pointsPossible,
        requested_at: d.requestedAt,
        resolved_at: null,
        resolved_by: null,
        position,
      });
      return { tenant, keys: [noticeKeys.user(d.studentId), noticeKeys.assignment(d.assignmentId)] };
    }
    case 'RegradeRequestResolved': {
      const d = recorded.data as EventOf<'RegradeRequestResolved'>['data'];
      const row = state.requests.get({ tenant, request_id: d.requestId });
      if (!row || row.status !== 'open') return null;
      state.requests.put({
        ...row,
        status: d.outcome,
        reply: d.reply,
        points_after: d.points,
        points_possible: d.pointsPossible,
        resolved_at: d.resolvedAt,
        resolved_by: d.by,
        position,
      });
      return { tenant, keys: [noticeKeys.user(d.studentId), noticeKeys.assignment(d.assignmentId)] };
    }
    case 'RegradeWindowSet': {
      const d = recorded.data as EventOf<'RegradeWindowSet'>['data'];
      const row = state.windows.get({ tenant, assignment_id: d.assignmentId });
      if (row && row.position >= position) return null;
      state.windows.put({ tenant, assignment_id: d.assignmentId, days: d.days, position });
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId)] };
    }
    default:
      return null;
  }
}

/** Student regrade requests with their outcomes, and each assignment's window (the queue and the student's view). */
export const regradeRequestsProjection = defineProjection<State>({
  name: REGRADE_REQUESTS_PROJECTION,
  version: 1,
  tables: ['regrade_requests', 'regrade_windows'],
  handles: [...HANDLED],
  async migrate(db) {
    await db.query(`CREATE TABLE IF NOT EXISTS regrade_requests (
      tenant text NOT NULL, request_id integer NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL,
      question_id integer NOT NULL, question_number integer NOT NULL, response_id integer NOT NULL, reason text NOT NULL,
      status text NOT NULL, reply text, points_before double precision NOT NULL, points_after double precision,
      points_possible double precision NOT NULL, requested_at timestamptz NOT NULL, resolved_at timestamptz, resolved_by integer,
      position text NOT NULL, PRIMARY KEY (tenant, request_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS regrade_requests_by_assignment ON regrade_requests (tenant, assignment_id)');
    await db.query(`CREATE TABLE IF NOT EXISTS regrade_windows (
      tenant text NOT NULL, assignment_id integer NOT NULL, days integer NOT NULL, position text NOT NULL,
      PRIMARY KEY (tenant, assignment_id))`);
  },
  init: () => ({ requests: new RowSet(requestsTable), windows: new RowSet(windowsTable) }),
  async load(tx, state, events) {
    await state.requests.load(
      tx,
      ofTypes(events, ...HANDLED.slice(0, 2)).map((e) => ({ tenant: tenantOf(e), request_id: Number(e.data.requestId) })),
    );
    await state.windows.load(
      tx,
      ofTypes(events, 'RegradeWindowSet').map((e) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId) })),
    );
  },
  evolve: evolveRegradeRequests,
  carry: ['requests', 'windows'],
});
