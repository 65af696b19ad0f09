import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { PROJECTIONS } from '@evergrade/contracts';
import { applyNotice } from './live-updates';
import { assignmentInsightKeys as keys } from '../features/insights/api/keys';

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

function cached() {
  const client = new QueryClient();
  for (const id of [3, 4]) {
    client.setQueryData(keys.stats(id), {});
    client.setQueryData(keys.students(id), {});
    client.setQueryData(keys.classSummary(id), {});
  }
  return client;
}

describe('assignment insights notices', () => {
  it('insights: the statistics, student rows and class averages of the assignment named, not the others', () => {
    const client = cached();
    applyNotice(client, { projection: PROJECTIONS.insights, keys: ['assignment:3', 'course:1'], position: '10' });
    expect([keys.stats(3), keys.students(3), keys.classSummary(3)].map((k) => stale(client, k))).toEqual([true, true, true]);
    expect([keys.stats(4), keys.students(4), keys.classSummary(4)].map((k) => stale(client, k))).toEqual([false, false, false]);
  });

  it('summaries: the written student and class summaries of the assignment named; the statistics stay', () => {
    const client = cached();
    applyNotice(client, { projection: PROJECTIONS.summaries, keys: ['assignment:4'], position: '11' });
    expect([keys.students(4), keys.classSummary(4)].map((k) => stale(client, k))).toEqual([true, true]);
    expect(stale(client, keys.stats(4))).toBe(false);
    expect(stale(client, keys.students(3))).toBe(false);
  });

  it('without an assignment key, every cached assignment insight is refetched', () => {
    const client = cached();
    applyNotice(client, { projection: PROJECTIONS.summaries, keys: ['user:8'], position: '12' });
    expect([3, 4].every((id) => stale(client, keys.students(id)) && stale(client, keys.classSummary(id)))).toBe(true);
  });
});
