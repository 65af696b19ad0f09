import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, ForbiddenError, NotFoundError } from '@evergrade/contracts';
import { booksOf, decideRemoveTextbook } from './textbooks';

const at = '2026-03-01T09:00:00.000Z';
const added = (textbookId: number, title = `Book ${textbookId}`) => ({
  type: 'TextbookAdded',
  data: { textbookId, title, subject: 'Science', addedAt: at },
});

describe('removing a textbook, decided from the textbooks streams', () => {
  const own = booksOf([
    added(4),
    { type: 'TextbookIndexed', data: { textbookId: 4 } },
    added(5),
    { type: 'TextbookRemoved', data: { textbookId: 5 } },
  ]);
  const shared = booksOf([added(1), added(2)]);
  const remove = (textbookId: number) => () => decideRemoveTextbook(own, shared, { textbookId, removedBy: 7, now: at });

  it("removes the school's own book", () => {
    expect(own.get(4)).toEqual({ title: 'Book 4', removed: false, indexed: true, failed: false });
    expect(remove(4)()).toEqual([{ type: 'TextbookRemoved', data: { textbookId: 4, removedBy: 7, at } }]);
  });

  it('refuses a shared book (403), and one removed already or not the school’s (404)', () => {
    expect(remove(1)).toThrow(ForbiddenError);
    expect(remove(1)).toThrow(CHAT_MESSAGES.sharedTextbookReadOnly);
    expect(remove(5)).toThrow(NotFoundError);
    expect(remove(99)).toThrow(CHAT_MESSAGES.textbookNotFound);
  });
});
