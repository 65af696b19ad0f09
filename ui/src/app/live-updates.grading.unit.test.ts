import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { GRADING_PROJECTION } from '@evergrade/contracts';
import { applyNotice } from './live-updates';
import { gradingKeys } from '../features/grading/api/keys';

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('grading notices', () => {
  it('invalidate the submissions of the assignment they name, not the others', () => {
    const client = new QueryClient();
    client.setQueryData(gradingKeys.submissions(3), []);
    client.setQueryData(gradingKeys.submissions(4), []);
    applyNotice(client, { projection: GRADING_PROJECTION, keys: ['assignment:3', 'user:8'], position: '10' });
    expect(stale(client, gradingKeys.submissions(3))).toBe(true);
    expect(stale(client, gradingKeys.submissions(4))).toBe(false);
  });

  it('without an assignment key, every cached submissions list is refetched', () => {
    const client = new QueryClient();
    client.setQueryData(gradingKeys.submissions(4), []);
    applyNotice(client, { projection: GRADING_PROJECTION, keys: ['user:8'], position: '11' });
    expect(stale(client, gradingKeys.submissions(4))).toBe(true);
  });
});
