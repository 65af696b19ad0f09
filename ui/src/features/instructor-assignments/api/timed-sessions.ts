import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** Running and finished timed sessions of one assignment; live notices of the timed-sessions read model refresh it. */
export const timedSessionsKey = (assignmentId: number) => ['instructor-timed-sessions', assignmentId] as const;
export const timedSessionsBaseKey = ['instructor-timed-sessions'] as const;

export const timedSessionsQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: timedSessionsKey(assignmentId),
    queryFn: () => callApi('getTimedSessions', { params: { assignmentId } }).then((r) => r.sessions),
    // Time left is counted on the client between refetches; a slow refetch keeps it honest.
    refetchInterval: 30_000,
  });

export const useTimedSessions = (assignmentId: number) => useQuery(timedSessionsQueryOptions(assignmentId));

export const useGrantExtraTime = (assignmentId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, seconds }: { studentId: number; seconds: number }) =>
      callApi('grantExtraTime', { body: { assignment_id: assignmentId, student_id: studentId, extra_seconds: seconds } }),
    onSuccess: (reply) => client.invalidateQueries({ queryKey: timedSessionsKey(assignmentId) }).then(() => reply),
  });
};
