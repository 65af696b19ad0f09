import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';

/** The same key as the courses feature's list, so the two share the cache and its live invalidation. */
const coursesKey = (instructorId: number) => ['instructor-courses', 'list', instructorId] as const;

/** POST /instructors/get-courses: the course select of the setup step. */
export const getCourses = (instructorId: number, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getInstructorCourses', { body: { instructor_id: instructorId }, signal, minPosition: minPositionFor(coursesKey(instructorId)) });

export const coursesQueryOptions = (instructorId: number) =>
  queryOptions({
    queryKey: coursesKey(instructorId),
    queryFn: ({ signal }) => getCourses(instructorId, { signal }),
    enabled: instructorId > 0,
  });

/** Spec (error catalogue): a failed course load empties the list silently. */
export function useCourses() {
  const instructorId = useSessionStore((s) => s.instructor.instructorId);
  const query = useQuery(coursesQueryOptions(instructorId));
  return { courses: query.isError ? [] : (query.data ?? []), loading: query.isPending && query.fetchStatus !== 'idle' };
}
