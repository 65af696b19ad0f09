import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { courseKeys } from './keys';

/** GET /instructors/get-course-grades/:courseCode: every student with their grades by assignment and rubric. */
export const getCourseGrades = (courseCode: string, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getCourseGrades', { params: { courseCode }, signal, minPosition: minPositionFor(courseKeys.grades(courseCode)) });

export const courseGradesQueryOptions = (courseCode: string) =>
  queryOptions({ queryKey: courseKeys.grades(courseCode), queryFn: ({ signal }) => getCourseGrades(courseCode, { signal }) });

export const useCourseGrades = (courseCode: string) => useQuery(courseGradesQueryOptions(courseCode));
