import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { MARKING_POLICIES_PROJECTION, REGRADE_JOBS_PROJECTION } from '@evergrade/contracts';
import { applyNotice } from './live-updates';
import { markingPolicyKeys } from '../api/marking-policy';
import { regradeJobsKey } from '../features/grading/api/regrade-job';

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('marking policy notices', () => {
  it('a policy set refetches the policy of the assignment it names, not the others', () => {
    const client = new QueryClient();
    client.setQueryData(markingPolicyKeys.of(3), { policy: {}, set_at: null });
    client.setQueryData(markingPolicyKeys.of(4), { policy: {}, set_at: null });
    applyNotice(client, { projection: MARKING_POLICIES_PROJECTION, keys: ['assignment:3'], position: '10' });
    expect(stale(client, markingPolicyKeys.of(3))).toBe(true);
    expect(stale(client, markingPolicyKeys.of(4))).toBe(false);
  });
});

describe('regrade job notices', () => {
  it("a job started, going on or finished refetches the job list of the assignment it names, not the others'", () => {
    const client = new QueryClient();
    client.setQueryData(regradeJobsKey(3), []);
    client.setQueryData(regradeJobsKey(4), []);
    applyNotice(client, { projection: REGRADE_JOBS_PROJECTION, keys: ['assignment:3'], position: '10' });
    expect(stale(client, regradeJobsKey(3))).toBe(true);
    expect(stale(client, regradeJobsKey(4))).toBe(false);
  });
});
