import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditFilters } from '../../../api/audit-keys';

export type AuditTab = 'events' | 'book';
export const PAGE_SIZE = 25;

const int = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);
const instant = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : undefined);

/** The audit page's state lives in the URL, so a search, a response and a grade book "as of" can be linked to. */
export function useAuditParams() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(
    () => ({
      tab: (params.get('tab') === 'book' ? 'book' : 'events') as AuditTab,
      studentId: int(params.get('student_id')),
      assignmentId: int(params.get('assignment_id')),
      from: instant(params.get('from')),
      to: instant(params.get('to')),
      page: int(params.get('page')) ?? 1,
      responseId: int(params.get('response_id')),
      asOf: instant(params.get('as_of')),
    }),
    [params],
  );

  const update = useCallback(
    (changes: Record<string, string | number | undefined | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined || v === null || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  const filters: AuditFilters = useMemo(
    () => ({
      ...(state.studentId !== undefined ? { student_id: state.studentId } : {}),
      ...(state.assignmentId !== undefined ? { assignment_id: state.assignmentId } : {}),
      ...(state.from ? { from: state.from } : {}),
      ...(state.to ? { to: state.to } : {}),
      page: state.page,
      page_size: PAGE_SIZE,
    }),
    [state],
  );

  return { ...state, filters, update };
}
