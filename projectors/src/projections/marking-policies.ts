import { MARKING_POLICIES_PROJECTION, noticeKeys, recordedMarkingPolicy, type EventOf } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** An assignment's marking policy, once its instructor set one (none: every switch unset). */
export type MarkingPolicyRow = { tenant: string; assignment_id: number; policy: Record<string, unknown>; set_at: string; position: string };

const policiesTable: TableSpec<MarkingPolicyRow> = {
  table: 'marking_policies',
  key: ['tenant', 'assignment_id'],
  columns: ['tenant', 'assignment_id', 'policy', 'set_at', 'position'],
};

type State = { policies: RowSet<MarkingPolicyRow> };

/** Pure: the latest policy of each assignment. An event at or before the row's position changes nothing. */
export function evolveMarkingPolicies(state: State, recorded: RecordedEvent): Touched | null {
  if (recorded.type !== 'MarkingPolicySet') return null;
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  const d = recorded.data as EventOf<'MarkingPolicySet'>['data'];
  const row = state.policies.get({ tenant, assignment_id: d.assignmentId });
  if (row && row.position >= position) return null;
  state.policies.put({ tenant, assignment_id: d.assignmentId, policy: recordedMarkingPolicy(d.policy), set_at: d.setAt, position });
  return { tenant, keys: [noticeKeys.assignment(d.assignmentId)] };
}

/** Each assignment's marking policy (the instructor's settings screen). */
export const markingPoliciesProjection = defineProjection<State>({
  name: MARKING_POLICIES_PROJECTION,
  version: 1,
  tables: ['marking_policies'],
  handles: ['MarkingPolicySet'],
  async migrate(db) {
    await db.query(`CREATE TABLE IF NOT EXISTS marking_policies (
      tenant text NOT NULL, assignment_id integer NOT NULL, policy jsonb NOT NULL, set_at timestamptz NOT NULL,
      position text NOT NULL, PRIMARY KEY (tenant, assignment_id))`);
  },
  init: () => ({ policies: new RowSet(policiesTable) }),
  async load(tx, state, events) {
    await state.policies.load(
      tx,
      ofTypes(events, 'MarkingPolicySet').map((e) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId) })),
    );
  },
  evolve: evolveMarkingPolicies,
  carry: ['policies'],
});
