import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { PROJECTIONS } from '@evergrade/contracts';
import { applyNotice } from './live-updates';
import { instructorAssignmentKeys } from '../features/instructor-assignments/api/keys';

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('live notices for the instructor', () => {
  it('an instructor-assignments notice invalidates the list and the named sheet only', () => {
    const client = new QueryClient();
    client.setQueryData(instructorAssignmentKeys.list(), []);
    client.setQueryData(instructorAssignmentKeys.sheet(3), {});
    client.setQueryData(instructorAssignmentKeys.sheet(4), {});
    applyNotice(client, { projection: PROJECTIONS.instructorAssignments, keys: ['assignment:3', 'course:1'], position: '10' });
    expect(stale(client, instructorAssignmentKeys.list())).toBe(true);
    expect(stale(client, instructorAssignmentKeys.sheet(3))).toBe(true);
    expect(stale(client, instructorAssignmentKeys.sheet(4))).toBe(false);
  });

  it('a course or user notice without an assignment invalidates every sheet', () => {
    const client = new QueryClient();
    client.setQueryData(instructorAssignmentKeys.sheet(4), {});
    applyNotice(client, { projection: PROJECTIONS.instructorAssignments, keys: ['user:2'], position: '11' });
    expect(stale(client, instructorAssignmentKeys.sheet(4))).toBe(true);
  });

  it('a directory notice (course names) invalidates the list', () => {
    const client = new QueryClient();
    client.setQueryData(instructorAssignmentKeys.list(), []);
    applyNotice(client, { projection: PROJECTIONS.directory, keys: ['course:1'], position: '12' });
    expect(stale(client, instructorAssignmentKeys.list())).toBe(true);
  });
});
