import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ANSWER_GROUPS_PROJECTION, GRADING_PROJECTION } from '@evergrade/contracts';
import { applyNotice } from './live-updates';
import { answerGroupsKey } from '../features/grading/by-question/api';

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('answer group notices', () => {
  it('a split refetches the groups of the assignment it names, not the others', () => {
    const client = new QueryClient();
    client.setQueryData(answerGroupsKey(3, 11), {});
    client.setQueryData(answerGroupsKey(4, 12), {});
    applyNotice(client, { projection: ANSWER_GROUPS_PROJECTION, keys: ['assignment:3'], position: '10' });
    expect(stale(client, answerGroupsKey(3, 11))).toBe(true);
    expect(stale(client, answerGroupsKey(4, 12))).toBe(false);
  });

  it('a mark set elsewhere (the grading read model) refetches the groups too', () => {
    const client = new QueryClient();
    client.setQueryData(answerGroupsKey(3, null), {});
    applyNotice(client, { projection: GRADING_PROJECTION, keys: ['assignment:3', 'user:8'], position: '11' });
    expect(stale(client, answerGroupsKey(3, null))).toBe(true);
  });
});
