import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { courseKeys } from './keys';

/** GET /instructors/get-course-assignments/:courseCode */
export const getCourseAssignments = (courseCode: string, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getCourseAssignments', { params: { courseCode }, signal, minPosition: minPositionFor(courseKeys.assignments(courseCode)) });

export const courseAssignmentsQueryOptions = (courseCode: string) =>
  queryOptions({ queryKey: courseKeys.assignments(courseCode), queryFn: ({ signal }) => getCourseAssignments(courseCode, { signal }) });

export const useCourseAssignments = (courseCode: string) => useQuery(courseAssignmentsQueryOptions(courseCode));
