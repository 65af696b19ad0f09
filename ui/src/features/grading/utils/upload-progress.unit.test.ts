import { describe, expect, it } from 'vitest';
import { afterLine, percentLabel, processingProgress, uploadingProgress } from './upload-progress';

describe('upload progress (spec: 10% upload, 80% processing, 100% complete)', () => {
  it('runs 0 to 10 while the file is sent', () => {
    expect(uploadingProgress(0)).toBe(0);
    expect(uploadingProgress(0.5)).toBe(5);
    expect(uploadingProgress(1)).toBe(10);
    expect(uploadingProgress(3)).toBe(10);
    expect(uploadingProgress(-1)).toBe(0);
  });

  it('is current_batch / total_batches * 80 while processing', () => {
    expect(processingProgress(1, 4)).toBe(20);
    expect(processingProgress(3, 4)).toBe(60);
    expect(processingProgress(4, 4)).toBe(80);
    expect(processingProgress(2, 0)).toBe(0);
    expect(processingProgress(9, 4)).toBe(80);
  });

  it('follows the stream statuses through the phases', () => {
    expect(afterLine(10, { status: 'processing', current_batch: 2, total_batches: 4 })).toEqual({
      phase: 'processing',
      progress: 40,
      processingProgress: 40,
    });
    expect(afterLine(40, { status: 'validating' })).toEqual({ phase: 'validating', progress: 80, processingProgress: 80 });
    expect(afterLine(80, { status: 'complete' })).toMatchObject({ phase: 'complete', progress: 100 });
  });

  it('never goes back below the finished upload', () => {
    expect(afterLine(10, { status: 'processing', current_batch: 1, total_batches: 10 }).progress).toBe(10);
    expect(afterLine(10, { status: 'processing' }).progress).toBe(10);
  });

  it('an error keeps the progress reached', () => {
    expect(afterLine(40, { status: 'error' })).toMatchObject({ phase: 'error', progress: 40 });
  });

  it('labels whole percentages', () => {
    expect(percentLabel(33.333)).toBe('33%');
    expect(percentLabel(100)).toBe('100%');
    expect(percentLabel(120)).toBe('100%');
  });
});
