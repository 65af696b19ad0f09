import { DEFAULT_MARKS_MAX } from './timings';

export type BuilderFilters = { subject: string; question_type: string; marks_min: number | null; marks_max: number | null };
export const NO_FILTERS: BuilderFilters = { subject: '', question_type: '', marks_min: null, marks_max: null };

/** The marks bound: the highest marks among the results, 20 when there are none. */
export const marksCeiling = (results: readonly { marks_possible: number }[]) =>
  results.length === 0 ? DEFAULT_MARKS_MAX : Math.max(...results.map((r) => r.marks_possible));

const clamp = (n: number, max: number) => Math.min(max, Math.max(0, n));

/** Spec: min and max stay within 0..ceiling; a min above max raises max, a max below min lowers min. */
export function setMarksBound(f: BuilderFilters, which: 'min' | 'max', raw: number | null, ceiling: number): BuilderFilters {
  if (raw === null || !Number.isFinite(raw)) return which === 'min' ? { ...f, marks_min: null } : { ...f, marks_max: null };
  const v = clamp(raw, ceiling);
  if (which === 'min') return { ...f, marks_min: v, marks_max: f.marks_max !== null && v > f.marks_max ? v : f.marks_max };
  return { ...f, marks_max: v, marks_min: f.marks_min !== null && v < f.marks_min ? v : f.marks_min };
}

export function applyFilters<Q extends { subject: string; question_type: string; marks_possible: number }>(
  results: readonly Q[],
  f: BuilderFilters,
): Q[] {
  return results.filter(
    (q) =>
      (!f.subject || q.subject === f.subject) &&
      (!f.question_type || q.question_type === f.question_type) &&
      (f.marks_min === null || q.marks_possible >= f.marks_min) &&
      (f.marks_max === null || q.marks_possible <= f.marks_max),
  );
}

export const hasFilters = (f: BuilderFilters) => f.subject !== '' || f.question_type !== '' || f.marks_min !== null || f.marks_max !== null;
