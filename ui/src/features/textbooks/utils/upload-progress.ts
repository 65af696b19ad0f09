import type { UploadTextbookLine } from '@evergrade/contracts';

/** Where an upload is: sending the file, then the server's stages, then done or failed. */
export type UploadPhase = 'uploading' | 'stored' | 'reading' | 'indexing' | 'complete' | 'error';

export const PHASE_LABELS: Record<UploadPhase, string> = {
  uploading: 'Uploading',
  stored: 'Stored',
  reading: 'Reading pages',
  indexing: 'Indexing',
  complete: 'Ready',
  error: 'Failed',
};

export type UploadProgress = { phase: UploadPhase; currentPage: number; totalPages: number };

export const STARTED: UploadProgress = { phase: 'uploading', currentPage: 0, totalPages: 0 };

/** Folds one NDJSON line of the upload's reply into the progress shown. */
export function nextProgress(p: UploadProgress, line: UploadTextbookLine): UploadProgress {
  const totalPages = line.total_pages ?? line.pages ?? p.totalPages;
  const currentPage = line.current_page ?? p.currentPage;
  if (line.status === 'complete') return { phase: 'complete', currentPage: totalPages, totalPages };
  if (line.status === 'error') return { ...p, phase: 'error' };
  return { phase: line.stage ?? (totalPages > 0 ? 'reading' : p.phase), currentPage, totalPages };
}

/**
 * The bar's percent: reading the pages is most of the work (5-90), indexing the rest (90-99); 100 only
 * once the book is ready.
 */
export function progressPercent(p: UploadProgress): number {
  const share = p.totalPages > 0 ? Math.min(1, p.currentPage / p.totalPages) : 0;
  switch (p.phase) {
    case 'uploading':
      return 2;
    case 'stored':
      return 5;
    case 'reading':
      return Math.round(5 + 85 * share);
    case 'indexing':
      return Math.min(99, 90 + Math.round(9 * share));
    case 'complete':
      return 100;
    case 'error':
      return 0;
  }
}

/** "Page 3 of 12" while pages are read or indexed. */
export function progressDetail(p: UploadProgress): string | null {
  if ((p.phase === 'reading' || p.phase === 'indexing') && p.totalPages > 0)
    return `Page ${Math.min(p.currentPage, p.totalPages)} of ${p.totalPages}`;
  return null;
}
