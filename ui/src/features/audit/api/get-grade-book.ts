import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { auditKeys } from '../../../api/audit-keys';

/** POST /admin/audit/grade-book-as-of: the whole grade book as it stood at `asOf`. */
export const getGradeBook = (assignmentId: number, asOf: string, signal?: AbortSignal) =>
  callApi('auditGradeBookAsOf', {
    body: { assignment_id: assignmentId, as_of: asOf },
    signal,
    minPosition: minPositionFor(auditKeys.gradeBook(assignmentId, asOf)),
  });
export const gradeBookQueryOptions = (assignmentId: number, asOf: string) =>
  queryOptions({ queryKey: auditKeys.gradeBook(assignmentId, asOf), queryFn: ({ signal }) => getGradeBook(assignmentId, asOf, signal) });
export const useGradeBook = (assignmentId: number | null, asOf: string | null) =>
  useQuery({ ...gradeBookQueryOptions(assignmentId ?? 0, asOf ?? ''), enabled: assignmentId !== null && asOf !== null });

/** The CSV export is a plain GET the browser downloads with the session cookie (no CSRF on reads). */
export const gradeHistoryCsvUrl = (assignmentId: number) => `${routes.auditGradeHistoryCsv.path}?assignment_id=${assignmentId}`;
