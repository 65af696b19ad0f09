import type { ProcessMarkingSchemeLine } from '@evergrade/contracts';

/** Spec document 3 section 3: upload phases and how they are shown. */
export type UploadPhase = 'pending' | 'uploading_to_gcs' | 'processing' | 'complete' | 'error';
export const PHASE_LABELS: Record<UploadPhase, string> = {
  pending: 'Preparing',
  uploading_to_gcs: 'Loading',
  processing: 'Processing',
  complete: 'Complete',
  error: 'Error',
};

export type UploadProgress = {
  phase: UploadPhase;
  pages: number;
  total_pages: number;
  current_page: number;
  total_batches: number;
  current_batch: number;
  batch_size: number;
  pages_in_current_batch: number;
};
export const INITIAL_PROGRESS: UploadProgress = {
  phase: 'pending',
  pages: 0,
  total_pages: 0,
  current_page: 0,
  total_batches: 0,
  current_batch: 0,
  batch_size: 0,
  pages_in_current_batch: 0,
};

/** The upload starts as uploading and switches to processing once a line reports pages above 0. */
export function nextProgress(p: UploadProgress, line: ProcessMarkingSchemeLine): UploadProgress {
  const merged: UploadProgress = {
    ...p,
    pages: line.pages ?? p.pages,
    total_pages: line.total_pages ?? line.pages ?? p.total_pages,
    current_page: line.current_page ?? p.current_page,
    total_batches: line.total_batches ?? p.total_batches,
    current_batch: line.current_batch ?? p.current_batch,
    batch_size: line.batch_size ?? p.batch_size,
    pages_in_current_batch: line.pages_in_current_batch ?? p.pages_in_current_batch,
  };
  if (line.status === 'complete') return { ...merged, phase: 'complete' };
  if (line.status === 'error') return { ...merged, phase: 'error' };
  return { ...merged, phase: merged.pages > 0 ? 'processing' : 'uploading_to_gcs' };
}

/** Percent for the bar: pages read of all pages, else batches, with a sliver while loading. */
export function progressPercent(p: UploadProgress): number {
  if (p.phase === 'complete') return 100;
  if (p.total_pages > 0) return Math.min(99, Math.round((p.current_page / p.total_pages) * 100));
  if (p.total_batches > 0) return Math.min(99, Math.round((p.current_batch / p.total_batches) * 100));
  return p.phase === 'pending' ? 0 : 5;
}
