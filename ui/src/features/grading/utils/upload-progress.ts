/**
 * Upload phases and percentages of one submission file (spec document 2 sections 4 and 9): 0 to 10
 * while the file is sent, then up to 80 while it is processed (current_batch / total_batches * 80),
 * 80 while validating, 100 when complete. An error keeps the progress reached.
 */
export const UPLOAD_PHASES = ['pending', 'uploading_to_gcs', 'processing', 'validating', 'complete', 'error'] as const;
export type UploadPhase = (typeof UPLOAD_PHASES)[number];

export const UPLOAD_PHASE_LABELS: Record<UploadPhase, string> = {
  pending: 'Ready to upload',
  uploading_to_gcs: 'Uploading',
  processing: 'Processing',
  validating: 'Validating',
  complete: 'Complete',
  error: 'Error',
};

export const UPLOAD_SHARE = 10;
export const PROCESSING_SHARE = 80;
export const COMPLETE = 100;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** While the file is sent: `fraction` (0..1) of its bytes → 0..10. */
export const uploadingProgress = (fraction: number) => clamp(fraction, 0, 1) * UPLOAD_SHARE;

/** While processing: current_batch / total_batches * 80 (0 when the total is not known yet). */
export const processingProgress = (currentBatch: number, totalBatches: number) =>
  totalBatches > 0 ? clamp(currentBatch / totalBatches, 0, 1) * PROCESSING_SHARE : 0;

export type StreamStatus = 'processing' | 'validating' | 'error' | 'complete';

export type ProgressLine = { status: StreamStatus; current_batch?: number | null; total_batches?: number | null };

/**
 * The phase and progress after one line of the processing stream. Progress never goes back (a
 * first batch of 1/8 is 10%, not less than the finished upload).
 */
export function afterLine(previous: number, line: ProgressLine): { phase: UploadPhase; progress: number; processingProgress: number } {
  switch (line.status) {
    case 'processing': {
      const p = processingProgress(line.current_batch ?? 0, line.total_batches ?? 0);
      return { phase: 'processing', progress: Math.max(previous, p), processingProgress: p };
    }
    case 'validating':
      return { phase: 'validating', progress: PROCESSING_SHARE, processingProgress: PROCESSING_SHARE };
    case 'complete':
      return { phase: 'complete', progress: COMPLETE, processingProgress: PROCESSING_SHARE };
    case 'error':
      return { phase: 'error', progress: previous, processingProgress: 0 };
  }
}

/** Rounded for display: '42%'. */
export const percentLabel = (progress: number) => `${Math.round(clamp(progress, 0, COMPLETE))}%`;
