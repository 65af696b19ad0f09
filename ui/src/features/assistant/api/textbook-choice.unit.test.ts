import { describe, expect, it } from 'vitest';
import type { Textbook } from '@evergrade/contracts';
import { defaultTextbook, textbookForSubject } from './textbook-choice';

const book = (textbook_id: number, subject: string, status: Textbook['status'] = 'ready'): Textbook => ({
  textbook_id,
  title: `Book ${textbook_id}`,
  author: 'Unknown',
  subject,
  example_queries: [],
  status,
  page_count: 10,
  shared: true,
});

describe('the textbook the assistant starts with', () => {
  it('is textbook id 1 when it is ready, else the first ready book; never one still indexing', () => {
    expect(defaultTextbook([book(3, 'Biology'), book(1, 'Physics')])?.textbook_id).toBe(1);
    expect(defaultTextbook([book(1, 'Physics', 'indexing'), book(4, 'Biology', 'failed'), book(3, 'Mathematics')])?.textbook_id).toBe(3);
    expect(defaultTextbook([book(1, 'Physics', 'indexing')])).toBeNull();
  });

  it("is the subject's book for IsolatedChat ('Mathematics 10' finds Mathematics), else the default", () => {
    const books = [book(1, 'Physics'), book(2, 'Biology'), book(3, 'Mathematics'), book(5, 'History', 'indexing')];
    expect(textbookForSubject(books, 'Mathematics 10')?.textbook_id).toBe(3);
    expect(textbookForSubject(books, 'AP Biology')?.textbook_id).toBe(2);
    expect(textbookForSubject(books, 'History')?.textbook_id).toBe(1);
    expect(textbookForSubject(books, undefined)?.textbook_id).toBe(1);
  });
});
