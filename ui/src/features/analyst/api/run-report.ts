import { routes, RunReportLineSchema, type RunReportBody, type RunReportLine } from '@evergrade/contracts';
import { postNdjson } from '../../../lib/ndjson';

/**
 * POST /analyst/run-report: progress lines while the server replays the school's events, then one `complete` (or
 * `error`) line. Resolves with the last line; null when the stream ended without one.
 */
export const runReport = (body: RunReportBody, onLine: (line: RunReportLine) => void, signal?: AbortSignal) =>
  postNdjson(routes.analystRunReport.path, body, RunReportLineSchema, onLine, signal);

/** GET /analyst/events for the window: the browser downloads it with the session cookie. */
export function eventsExportHref(from: string, to: string): string {
  const q = new URLSearchParams({ from, to });
  return `${routes.analystEvents.path}?${q.toString()}`;
}
