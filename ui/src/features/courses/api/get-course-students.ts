import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { courseKeys } from './keys';

/** GET /instructors/get-course-students/:courseCode */
export const getCourseStudents = (courseCode: string, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getCourseStudents', { params: { courseCode }, signal, minPosition: minPositionFor(courseKeys.students(courseCode)) });

export const courseStudentsQueryOptions = (courseCode: string) =>
  queryOptions({ queryKey: courseKeys.students(courseCode), queryFn: ({ signal }) => getCourseStudents(courseCode, { signal }) });

export const useCourseStudents = (courseCode: string) => useQuery(courseStudentsQueryOptions(courseCode));
