import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { courseKeys } from './keys';

/** GET /instructors/get-course-item-analysis/:courseCode: facility and discrimination of every question, per assignment. */
export const getCourseItemAnalysis = (courseCode: string, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getCourseItemAnalysis', { params: { courseCode }, signal, minPosition: minPositionFor(courseKeys.itemAnalysis(courseCode)) });

export const courseItemAnalysisQueryOptions = (courseCode: string) =>
  queryOptions({
    queryKey: courseKeys.itemAnalysis(courseCode),
    queryFn: ({ signal }) => getCourseItemAnalysis(courseCode, { signal }),
  });

export const useCourseItemAnalysis = (courseCode: string) => useQuery(courseItemAnalysisQueryOptions(courseCode));
