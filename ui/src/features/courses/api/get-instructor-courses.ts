import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';
import { courseKeys } from './keys';

/** POST /instructors/get-courses; the reply is parsed with the contract's schema by callApi. */
export const getInstructorCourses = (instructorId: number, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getInstructorCourses', {
    body: { instructor_id: instructorId },
    signal,
    minPosition: minPositionFor(courseKeys.list(instructorId)),
  });

export const instructorCoursesQueryOptions = (instructorId: number) =>
  queryOptions({
    queryKey: courseKeys.list(instructorId),
    queryFn: ({ signal }) => getInstructorCourses(instructorId, { signal }),
    // Spec: an instructor id is required before courses load.
    enabled: instructorId > 0,
  });

/** The signed-in instructor's courses (cached; reused while fresh). */
export const useInstructorCourses = () => {
  const instructorId = useSessionStore((s) => s.instructor.instructorId);
  return useQuery(instructorCoursesQueryOptions(instructorId));
};
