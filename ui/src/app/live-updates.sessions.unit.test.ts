import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { TIMED_SESSIONS_PROJECTION } from '@evergrade/contracts';
import { applyNotice } from './live-updates';
import { timedSessionsKey } from '../features/instructor-assignments/api/timed-sessions';
import { timedSessionKey } from '../features/assignments/api/sessions';

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('live notices for timed sessions', () => {
  it("extra time (a timed-sessions notice) refreshes that assignment's student timer and instructor panel only", () => {
    const client = new QueryClient();
    for (const key of [timedSessionKey(7), timedSessionKey(8), timedSessionsKey(7)]) client.setQueryData(key, null);
    applyNotice(client, { projection: TIMED_SESSIONS_PROJECTION, keys: ['user:3', 'assignment:7'], position: '20' });
    expect(stale(client, timedSessionKey(7))).toBe(true);
    expect(stale(client, timedSessionsKey(7))).toBe(true);
    expect(stale(client, timedSessionKey(8))).toBe(false);
  });
});
