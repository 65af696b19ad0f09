import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { PROJECTIONS } from '@evergrade/contracts';
import { applyNotice } from './live-updates';
import { courseKeys } from '../features/courses/api/keys';

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('live notices for the course analytics', () => {
  it('an insights notice refetches the course grades and item analysis, not the course lists', () => {
    const client = new QueryClient();
    client.setQueryData(courseKeys.grades('bio101'), []);
    client.setQueryData(courseKeys.itemAnalysis('BIO101'), []);
    client.setQueryData(courseKeys.students('BIO101'), { student_list: [] });
    applyNotice(client, { projection: PROJECTIONS.insights, keys: ['course:1', 'assignment:7'], position: '20' });
    expect(stale(client, courseKeys.grades('BIO101'))).toBe(true);
    expect(stale(client, courseKeys.itemAnalysis('BIO101'))).toBe(true);
    expect(stale(client, courseKeys.students('BIO101'))).toBe(false);
  });
});
