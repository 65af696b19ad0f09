import { recordedMarkingPolicy, type MarkingPolicy } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';

export type { MarkingPolicyRow } from './marking-policies';

/** An assignment's marking policy and when it was set; null when its instructor never set one. */
export async function markingPolicyOf(
  db: SqlClient,
  tenant: string,
  assignmentId: number,
): Promise<{ policy: MarkingPolicy; setAt: string } | null> {
  const { rows } = await db.query<{ policy: unknown; set_at: string | Date }>(
    'SELECT policy, set_at FROM marking_policies WHERE tenant = $1 AND assignment_id = $2',
    [tenant, assignmentId],
  );
  const row = rows[0];
  if (!row) return null;
  const policy = typeof row.policy === 'string' ? (JSON.parse(row.policy) as unknown) : row.policy;
  return { policy: recordedMarkingPolicy(policy), setAt: new Date(row.set_at).toISOString() };
}
