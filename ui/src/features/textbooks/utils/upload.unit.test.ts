import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@evergrade/contracts';
import { nextProgress, progressDetail, progressPercent, STARTED } from './upload-progress';
import { titleFromFileName, uploadErrors } from './upload-rules';

const pdf = (name = 'book.pdf', size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('upload progress', () => {
  it('follows the stages: sending, stored, pages read, indexing, ready; the bar only reaches 100 when ready', () => {
    let p = STARTED;
    expect(progressPercent(p)).toBe(2);
    p = nextProgress(p, { status: 'processing', stage: 'stored' });
    expect([p.phase, progressPercent(p)]).toEqual(['stored', 5]);
    p = nextProgress(p, { status: 'processing', stage: 'reading', current_page: 3, total_pages: 12 });
    expect([p.phase, progressPercent(p), progressDetail(p)]).toEqual(['reading', 26, 'Page 3 of 12']);
    p = nextProgress(p, { status: 'processing', stage: 'reading', current_page: 12 });
    expect(progressPercent(p)).toBe(90);
    p = nextProgress(p, { status: 'processing', stage: 'indexing' });
    expect(p.phase).toBe('indexing');
    expect(progressPercent(p)).toBeLessThan(100);
    p = nextProgress(p, { status: 'complete', textbook_id: 4, example_queries: [] });
    expect([p.phase, progressPercent(p), progressDetail(p)]).toEqual(['complete', 100, null]);
  });

  it('counts pages from `pages` when total_pages is missing, and an error line fails it', () => {
    const p = nextProgress(STARTED, { status: 'processing', pages: 8, current_page: 2 });
    expect([p.phase, p.totalPages, progressDetail(p)]).toEqual(['reading', 8, 'Page 2 of 8']);
    expect(nextProgress(p, { status: 'error', error: 'No text' }).phase).toBe('error');
  });
});

describe('upload rules', () => {
  const ok = { title: 'Physics notes', subject: 'Physics', author: '' };

  it('needs a PDF of at most 50 MB, a title and a subject of 2 characters or more', () => {
    expect(uploadErrors(pdf(), ok)).toEqual({});
    expect(uploadErrors(null, ok).file).toBe('Choose a PDF file');
    expect(uploadErrors(new File(['x'], 'notes.txt', { type: 'text/plain' }), ok).file).toBe(CHAT_MESSAGES.pdfOnly);
    const big = pdf();
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    expect(uploadErrors(big, ok).file).toBe(CHAT_MESSAGES.textbookTooLarge);
    expect(uploadErrors(pdf(), { ...ok, title: ' ', subject: 'P' })).toEqual({
      title: 'Title must be at least 2 characters',
      subject: 'Subject must be at least 2 characters',
    });
  });

  it('offers a title from the file name', () => {
    expect(titleFromFileName('physics_notes-ch1.PDF')).toBe('Physics notes ch1');
    expect(titleFromFileName('.pdf')).toBe('');
  });
});
