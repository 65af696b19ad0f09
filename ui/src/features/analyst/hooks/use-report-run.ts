import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportComplete, RunReportBody } from '@evergrade/contracts';
import { runReport } from '../api/run-report';

export type ReportRun =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number }
  | { phase: 'complete'; result: ReportComplete }
  | { phase: 'error'; message: string };

const NO_RESULT = 'The report stopped before it finished. Please run it again.';

/**
 * One report run at a time: a new run (or leaving the page) aborts the one in flight. Kept out of react-query: a run
 * is a stream with progress, not a cached read.
 */
export function useReportRun() {
  const [run, setRun] = useState<ReportRun>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (body: RunReportBody) => {
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    setRun({ phase: 'running', done: 0, total: 0 });
    try {
      const last = await runReport(
        body,
        (line) => {
          if (mine.signal.aborted) return;
          if (line.status === 'progress') setRun({ phase: 'running', done: line.done, total: line.total });
        },
        mine.signal,
      );
      if (mine.signal.aborted) return;
      if (last?.status === 'complete') setRun({ phase: 'complete', result: last });
      else setRun({ phase: 'error', message: last?.status === 'error' ? last.message : NO_RESULT });
    } catch (err) {
      if (mine.signal.aborted) return;
      setRun({ phase: 'error', message: err instanceof Error ? err.message : NO_RESULT });
    }
  }, []);

  return { run, start };
}
