import type { ReportChart, ReportColumn, ReportId, ReportRow } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import type { Naming, School } from './school';

/** The window a run reports on, as instants (both ends included). */
export type ReportWindow = { from: Date; to: Date };

/** What a report's fold sees beside its own state: the school's directory so far and the window. */
export type ReportContext = { school: School; window: ReportWindow };

/**
 * One report: a pure fold over the school's events into its own throwaway state (mutated in place: the state belongs
 * to one run), and the rows it reads at the end. `evolve` sees every event of the school in log order, after the
 * school's directory has folded it.
 */
export type ReportDef<S> = {
  id: ReportId;
  title: string;
  description: string;
  columns: ReportColumn[];
  chart?: ReportChart;
  init(): S;
  evolve(state: S, event: RecordedEvent, ctx: ReportContext): void;
  rows(state: S, ctx: ReportContext & { naming: Naming }): ReportRow[];
};

export const defineReport = <S>(def: ReportDef<S>): ReportDef<S> => def;

/** Milliseconds since the epoch of an event's ISO field; NaN when absent. */
export const timeOf = (value: unknown): number => (typeof value === 'string' ? Date.parse(value) : NaN);

export const within = (ms: number, w: ReportWindow): boolean => ms >= w.from.getTime() && ms <= w.to.getTime();

/** The UTC day of an instant, `2026-03-01`. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const iso = (ms: number): string => new Date(ms).toISOString();

/** A number rounded to `places` decimals (reports show marks and minutes, not float noise). */
export const round = (n: number, places = 2): number => {
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

export const mean = (xs: readonly number[]): number | null => (xs.length === 0 ? null : round(xs.reduce((a, b) => a + b, 0) / xs.length));

export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return round(s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2);
}

/** Text order that does not depend on the locale (reports are compared in tests and across machines). */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
