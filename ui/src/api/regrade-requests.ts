import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegradeRequestOutcome } from '@evergrade/contracts';
import { callApi } from '../lib/api-client';
import { invalidateAt, minPositionFor } from '../lib/positions';

/**
 * Student regrade requests and notifications: the student's assignment view, the instructor's queue and the header's
 * notification menu all read these, so they live here with one key factory. Live notices of the regrade-requests and
 * notifications read models invalidate `regradeKeys.all` and `notificationKeys.all` (app/live-updates.ts).
 */
export const regradeKeys = {
  all: ['regrade-requests'] as const,
  queue: (assignmentId: number) => ['regrade-requests', 'queue', assignmentId] as const,
  own: (assignmentId: number) => ['regrade-requests', 'own', assignmentId] as const,
};
export const notificationKeys = { all: ['notifications'] as const };

export const regradeQueueQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: regradeKeys.queue(assignmentId),
    queryFn: ({ signal }) =>
      callApi('getRegradeRequests', {
        body: { assignment_id: assignmentId },
        signal,
        minPosition: minPositionFor(regradeKeys.queue(assignmentId)),
      }),
  });
export const useRegradeQueue = (assignmentId: number) => useQuery(regradeQueueQueryOptions(assignmentId));

export const ownRegradeRequestsQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: regradeKeys.own(assignmentId),
    queryFn: ({ signal }) =>
      callApi('getStudentRegradeRequests', {
        body: { assignment_id: assignmentId },
        signal,
        minPosition: minPositionFor(regradeKeys.own(assignmentId)),
      }),
  });
export const useOwnRegradeRequests = (assignmentId: number) => useQuery(ownRegradeRequestsQueryOptions(assignmentId));

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => callApi('getNotifications', { signal, minPosition: minPositionFor(notificationKeys.all) }),
  });
export const useNotifications = (enabled = true) => useQuery({ ...notificationsQueryOptions(), enabled });

export function useRequestRegrade(assignmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { questionId: number; reason: string }) =>
      callApi('requestRegrade', { body: { assignment_id: assignmentId, question_id: v.questionId, reason: v.reason } }),
    onSuccess: (r) => invalidateAt(client, regradeKeys.own(assignmentId), r.position),
  });
}

export function useResolveRegradeRequest(assignmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { requestId: number; outcome: RegradeRequestOutcome; points?: number; reply: string }) =>
      callApi('resolveRegradeRequest', {
        body: {
          request_id: v.requestId,
          outcome: v.outcome,
          reply: v.reply,
          ...(v.outcome === 'accepted' && v.points !== undefined ? { points_obtained: v.points } : {}),
        },
      }),
    onSuccess: async (r) => {
      await invalidateAt(client, regradeKeys.queue(assignmentId), r.position);
      // The accepted mark shows in the submissions view too.
      await invalidateAt(client, ['grading'], r.position);
    },
  });
}

export function useSetRegradeWindow(assignmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => callApi('setRegradeWindow', { body: { assignment_id: assignmentId, days } }),
    onSuccess: (r) => invalidateAt(client, regradeKeys.queue(assignmentId), r.position),
  });
}

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => callApi('markNotificationsRead', { body: ids ? { ids } : {} }),
    onSuccess: (r) => invalidateAt(client, notificationKeys.all, r.position),
  });
}
