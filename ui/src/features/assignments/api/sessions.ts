import { queryOptions } from '@tanstack/react-query';
import type { TimedSessionState } from '@evergrade/contracts';
import { ApiError, callApi } from '../../../lib/api-client';

export const timedSessionKey = (assignmentId: number) => ['timed-session', assignmentId] as const;
export const timedSessionBaseKey = ['timed-session'] as const;

/**
 * The student's timed session, or null: 404 means none; any other failure is logged and the assignment treated as
 * not started (spec section 4).
 */
export async function getCurrentSession(assignmentId: number, signal?: AbortSignal): Promise<TimedSessionState | null> {
  try {
    return await callApi('getCurrentSession', { params: { assignmentId }, signal });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) console.error('Could not load the timed session', err);
    return null;
  }
}

export const timedSessionQueryOptions = (assignmentId: number) =>
  queryOptions({ queryKey: timedSessionKey(assignmentId), queryFn: ({ signal }) => getCurrentSession(assignmentId, signal), retry: false });

export const startSession = (assignmentId: number) => callApi('startSession', { params: { assignmentId } });

export const sendHeartbeat = (assignmentId: number, timeUsedSeconds: number) =>
  callApi('sessionHeartbeat', { body: { assignment_id: assignmentId, time_used_seconds: timeUsedSeconds } });

export const submitSession = (assignmentId: number, method: 'manual' | 'auto_time_limit', timeUsedSeconds: number) =>
  callApi('submitSession', { params: { assignmentId }, body: { submission_method: method, time_used_seconds: timeUsedSeconds } });
