import { CHAT_LIMITS, type Textbook } from '@evergrade/contracts';

export const readyBooks = (books: Textbook[]) => books.filter((b) => b.status === 'ready');

/** The book shown first: textbook id 1 (spec document 1 section 9) when it is ready, otherwise the first ready one. */
export function defaultTextbook(books: Textbook[]): Textbook | null {
  const ready = readyBooks(books);
  return ready.find((b) => b.textbook_id === CHAT_LIMITS.defaultTextbookId) ?? ready[0] ?? null;
}

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z]{3,}/g) ?? []);

/** The ready book of a subject ("Biology" matches "Biology 10" and "AP Biology"), else the default one. */
export function textbookForSubject(books: Textbook[], subject: string | undefined): Textbook | null {
  if (subject) {
    const wanted = words(subject);
    const match = readyBooks(books).find((b) => [...words(b.subject)].some((w) => wanted.has(w)));
    if (match) return match;
  }
  return defaultTextbook(books);
}
