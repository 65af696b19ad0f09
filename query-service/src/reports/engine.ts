import type { ReportComplete, ReportId, ReportSummary } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { gradeChanges } from './grade-changes';
import { graderAgreement } from './grader-agreement';
import type { ReportDef, ReportWindow } from './report';
import { replaySchool, type ReplayStore } from './replay';
import { evolveSchool, initialSchool, type Naming } from './school';
import { submissionTiming } from './submission-timing';
import { timeOnTask } from './time-on-task';

export const REPORTS: Record<ReportId, ReportDef<unknown>> = {
  'grade-changes': gradeChanges as ReportDef<unknown>,
  'time-on-task': timeOnTask as ReportDef<unknown>,
  'grader-agreement': graderAgreement as ReportDef<unknown>,
  'submission-timing': submissionTiming as ReportDef<unknown>,
};

export const reportList = (): ReportSummary[] => Object.values(REPORTS).map(({ id, title, description }) => ({ id, title, description }));

/** A report folded over events already read (tests, and the replay below): pure over its input. */
export function foldReport(
  id: ReportId,
  events: Iterable<RecordedEvent>,
  window: ReportWindow,
  naming: Naming,
): Omit<ReportComplete, 'events' | 'status'> {
  const run = startReport(id, window);
  for (const e of events) run.apply(e);
  return run.finish(naming);
}

function startReport(id: ReportId, window: ReportWindow) {
  const def = REPORTS[id];
  const school = initialSchool();
  const state = def.init();
  const ctx = { school, window };
  return {
    apply(event: RecordedEvent) {
      evolveSchool(school, event);
      def.evolve(state, event, ctx);
    },
    finish(naming: Naming) {
      return {
        report: id,
        from: window.from.toISOString(),
        to: window.to.toISOString(),
        columns: def.columns,
        rows: def.rows(state, { ...ctx, naming }),
        ...(def.chart ? { chart: def.chart } : {}),
        pseudonymised: !naming.namesAllowed,
      };
    },
  };
}

export type RunReportOptions = {
  store: ReplayStore;
  tenant: string;
  report: ReportId;
  window: ReportWindow;
  naming: Naming;
  /** The school's events in the log (countSchoolEvents), for progress; null: unknown. */
  total: number | null;
  onProgress?: (p: { done: number; total: number }) => void;
  signal?: AbortSignal;
};

/**
 * Replays the school's events from the store into a throwaway projection (the school's directory and the report's
 * fold, both in memory) and reads the report's rows from it. Progress counts the school's events read.
 */
export async function runReport(o: RunReportOptions): Promise<ReportComplete> {
  const run = startReport(o.report, o.window);
  const total = o.total ?? 0;
  o.onProgress?.({ done: 0, total });
  const events = await replaySchool(o.store, run.apply, {
    tenant: o.tenant,
    ...(o.signal ? { signal: o.signal } : {}),
    onProgress: (done) => o.onProgress?.({ done, total: Math.max(total, done) }),
  });
  return { status: 'complete', ...run.finish(o.naming), events };
}
