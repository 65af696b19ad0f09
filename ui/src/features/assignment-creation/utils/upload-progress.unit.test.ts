import { describe, expect, it } from 'vitest';
import { splitLines } from '../../../lib/ndjson';
import { INITIAL_PROGRESS, nextProgress, PHASE_LABELS, progressPercent } from './upload-progress';

describe('process-marking-scheme stream', () => {
  it('splits newline-delimited JSON, keeping an unfinished line for the next chunk', () => {
    expect(splitLines('{"a":1}\n{"b":2}\n{"c"')).toEqual({ lines: ['{"a":1}', '{"b":2}'], rest: '{"c"' });
    expect(splitLines('\n\n')).toEqual({ lines: [], rest: '' });
  });
  it('moves from Loading to Processing once pages are reported, then Complete', () => {
    let p = nextProgress(INITIAL_PROGRESS, { status: 'processing', stage: 'stored' });
    expect(PHASE_LABELS[p.phase]).toBe('Loading');
    p = nextProgress(p, { status: 'processing', pages: 4, current_page: 1, total_batches: 1, current_batch: 1 });
    expect(PHASE_LABELS[p.phase]).toBe('Processing');
    expect(progressPercent(p)).toBe(25);
    p = nextProgress(p, { status: 'complete', questions: [] });
    expect([PHASE_LABELS[p.phase], progressPercent(p)]).toEqual(['Complete', 100]);
    expect(PHASE_LABELS[nextProgress(p, { status: 'error', error: 'x' }).phase]).toBe('Error');
  });
});
