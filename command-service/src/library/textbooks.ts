import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  ForbiddenError,
  NotFoundError,
  SHARED_LIBRARY_TENANT,
  exampleQueriesFrom,
  streamIds,
  type EventOf,
  type UploadTextbookLine,
} from '@evergrade/contracts';
import { openPdfReader, type OcrEngine, type PdfPage } from '@evergrade/documents';
import { WrongExpectedVersionError, type EventStore, type NewEvent, type RecordedEvent } from '@evergrade/platform/event-store';
import { metadataOf, type Actor } from '../admin/meta';
import { allocateId } from '../ids';

/**
 * A school's textbooks (issue 13), on `textbooks:{tenant}` (the shared library's on `textbooks:_shared`): a book is
 * added (TextbookAdded), its pages' text is recorded as it is read (TextbookPagesExtracted, at most 25 pages an event,
 * the text layer or OCR), then it is indexed with example queries drawn from its headings (TextbookIndexed) or its
 * indexing fails (TextbookIndexingFailed); a school removes its own books (TextbookRemoved). The write side decides
 * from this stream alone, never from a read model.
 */

/** Pages per TextbookPagesExtracted event. */
export const PAGES_PER_EVENT = 25;

export type TextbookInput = { title: string; subject: string; author?: string | undefined };

/** Who acts, and a command id making a re-run (the seed's) append nothing twice. */
export type TextbookActor = Actor & { actorId?: number; commandId?: string };

const meta = (actor: TextbookActor, step?: string) =>
  metadataOf({ ...actor, ...(actor.commandId && step ? { commandId: `${actor.commandId}:${step}` } : {}) });

/** Allocates the book's id and records it as added (indexing starts). */
export async function addTextbook(
  store: EventStore,
  actor: TextbookActor,
  book: TextbookInput & { pdfKey?: string },
  now: Date,
): Promise<{ textbookId: number; position: string; appended: boolean }> {
  const textbookId = await allocateId(store, 'textbook', actor.commandId ? meta(actor, 'id') : undefined);
  const author = book.author?.trim();
  const event: EventOf<'TextbookAdded'> = {
    type: 'TextbookAdded',
    data: {
      textbookId,
      title: book.title.trim(),
      ...(author ? { author } : {}),
      subject: book.subject.trim(),
      addedAt: now.toISOString(),
      ...(book.pdfKey ? { pdfKey: book.pdfKey } : {}),
      addedBy: actor.actorId ?? null,
    },
  };
  const result = await store.append(streamIds.textbooks(actor.tenant), [{ ...event, metadata: meta(actor, 'added') }], {
    expectedVersion: 'any',
  });
  return { textbookId, position: result.lastPosition, appended: result.appended };
}

export type IndexOutcome =
  | { status: 'ready'; pageCount: number; exampleQueries: string[]; position: string }
  | { status: 'failed'; reason: string; position: string };

export type IndexOptions = {
  /** Null: no OCR (pages without a text layer stay empty). */
  ocr: OcrEngine | null;
  now: () => Date;
  signal?: AbortSignal;
  /** Progress while reading ('reading', a line per page) and before indexing. */
  onProgress?: (line: UploadTextbookLine) => void;
};

/** Reading stopped because the client went away: the book is marked failed, never left indexing. */
export const INDEXING_CANCELLED = 'Indexing stopped: the upload was cancelled.';
/** A page the PDF reader could not read. */
export const INDEXING_UNREADABLE = 'This PDF could not be read.';

/**
 * Reads every page of the book's PDF (the text layer, OCR where a page has none), records the pages as they are read
 * (25 to an event, one reading method an event), then records the book as indexed with example queries from its
 * headings, or as failed (no text at all, unreadable, cancelled). Always ends the book's indexing with one of the two.
 */
export async function indexTextbook(
  store: EventStore,
  actor: TextbookActor,
  textbookId: number,
  book: TextbookInput,
  pdf: Uint8Array,
  options: IndexOptions,
): Promise<IndexOutcome> {
  const stream = streamIds.textbooks(actor.tenant);
  const append = async (events: NewEvent[], step: string) =>
    (
      await store.append(
        stream,
        events.map((e) => ({ ...e, metadata: meta(actor, step) })),
        { expectedVersion: 'any' },
      )
    ).lastPosition;
  const fail = async (reason: string): Promise<IndexOutcome> => {
    const event: EventOf<'TextbookIndexingFailed'> = {
      type: 'TextbookIndexingFailed',
      data: { textbookId, reason, at: options.now().toISOString() },
    };
    return { status: 'failed', reason, position: await append([event], 'failed') };
  };

  const pages: { page: number; text: string }[] = [];
  let reader;
  try {
    reader = await openPdfReader(pdf);
  } catch {
    return fail(INDEXING_UNREADABLE);
  }
  try {
    const total = reader.numPages;
    let chunk: { page: number; text: string }[] = [];
    let chunkMethod: 'text' | 'ocr' = 'text';
    let chunkNo = 0;
    const flush = async () => {
      if (chunk.length === 0) return;
      const event: EventOf<'TextbookPagesExtracted'> = {
        type: 'TextbookPagesExtracted',
        data: { textbookId, pages: chunk, method: chunkMethod },
      };
      await append([event], `pages:${++chunkNo}`);
      chunk = [];
    };
    for (let n = 1; n <= total; n++) {
      if (options.signal?.aborted) return await fail(INDEXING_CANCELLED);
      let page: PdfPage;
      try {
        page = await reader.readPage(n, { ocr: options.ocr });
      } catch {
        return await fail(INDEXING_UNREADABLE);
      }
      const method = page.source === 'ocr' ? 'ocr' : 'text';
      if (chunk.length >= PAGES_PER_EVENT || (chunk.length > 0 && method !== chunkMethod)) await flush();
      chunkMethod = method;
      const entry = { page: n, text: page.text };
      chunk.push(entry);
      pages.push(entry);
      options.onProgress?.({
        status: 'processing',
        stage: 'reading',
        textbook_id: textbookId,
        pages: total,
        total_pages: total,
        current_page: n,
      });
    }
    await flush();
  } finally {
    await reader.close();
  }
  if (options.signal?.aborted) return fail(INDEXING_CANCELLED);
  if (!pages.some((p) => /[\p{L}\p{N}]/u.test(p.text))) return fail(CHAT_MESSAGES.textbookNoText);
  options.onProgress?.({
    status: 'processing',
    stage: 'indexing',
    textbook_id: textbookId,
    pages: pages.length,
    total_pages: pages.length,
  });
  const exampleQueries = exampleQueriesFrom(pages, CHAT_LIMITS.exampleQueries, book);
  const event: EventOf<'TextbookIndexed'> = {
    type: 'TextbookIndexed',
    data: { textbookId, pageCount: pages.length, exampleQueries, at: options.now().toISOString() },
  };
  return { status: 'ready', pageCount: pages.length, exampleQueries, position: await append([event], 'indexed') };
}

// ---------------------------------------------------------------- removal

export type TextbookState = { title: string; removed: boolean; indexed: boolean; failed: boolean };

/** Pure: the books of one textbooks stream, by id. */
export function booksOf(events: readonly Pick<RecordedEvent, 'type' | 'data'>[]): Map<number, TextbookState> {
  const books = new Map<number, TextbookState>();
  for (const e of events) {
    const id = Number((e.data as { textbookId?: unknown }).textbookId);
    const book = books.get(id);
    switch (e.type) {
      case 'TextbookAdded':
        if (!book) books.set(id, { title: String(e.data.title), removed: false, indexed: false, failed: false });
        break;
      case 'TextbookIndexed':
        if (book) book.indexed = true;
        break;
      case 'TextbookIndexingFailed':
        if (book) book.failed = true;
        break;
      case 'TextbookRemoved':
        if (book) book.removed = true;
        break;
    }
  }
  return books;
}

export type RemoveTextbook = { textbookId: number; removedBy: number | null; now: string };

/**
 * Pure: a school removes one of its own books. A shared book (in `shared`, the shared library's books) is read-only
 * (403); a book that is not the school's, or is already removed, is not found (404: another school's books are never
 * confirmed to exist).
 */
export function decideRemoveTextbook(
  own: ReadonlyMap<number, TextbookState>,
  shared: ReadonlyMap<number, TextbookState> | null,
  command: RemoveTextbook,
): EventOf<'TextbookRemoved'>[] {
  const book = own.get(command.textbookId);
  if (!book || book.removed) {
    const sharedBook = shared?.get(command.textbookId);
    if (sharedBook && !sharedBook.removed) throw new ForbiddenError(CHAT_MESSAGES.sharedTextbookReadOnly);
    throw new NotFoundError(CHAT_MESSAGES.textbookNotFound);
  }
  return [{ type: 'TextbookRemoved', data: { textbookId: command.textbookId, removedBy: command.removedBy, at: command.now } }];
}

/**
 * Refuses (404, as for another school's book) any id that is neither the school's own nor a shared book, or that
 * has been removed: decided from the textbooks streams, never a read model.
 */
export async function assertTextbooksVisible(store: EventStore, tenant: string, textbookIds: readonly number[]): Promise<void> {
  if (textbookIds.length === 0) return;
  const own = booksOf(await store.readStream(streamIds.textbooks(tenant)));
  const missing = textbookIds.filter((id) => !own.get(id) || own.get(id)!.removed);
  if (missing.length === 0) return;
  const shared = tenant === SHARED_LIBRARY_TENANT ? own : booksOf(await store.readStream(streamIds.textbooks(SHARED_LIBRARY_TENANT)));
  if (missing.some((id) => !shared.get(id) || shared.get(id)!.removed)) throw new NotFoundError(CHAT_MESSAGES.textbookNotFound);
}

/** Removes one of the actor's school's books (decided from its textbooks stream, appended at the version read). */
export async function removeTextbook(store: EventStore, actor: TextbookActor, textbookId: number, now: Date): Promise<string> {
  const stream = streamIds.textbooks(actor.tenant);
  for (let attempt = 0; ; attempt++) {
    const events = await store.readStream(stream);
    const own = booksOf(events);
    const shared =
      own.has(textbookId) || actor.tenant === SHARED_LIBRARY_TENANT
        ? null
        : booksOf(await store.readStream(streamIds.textbooks(SHARED_LIBRARY_TENANT)));
    const decided = decideRemoveTextbook(own, shared, { textbookId, removedBy: actor.actorId ?? null, now: now.toISOString() });
    try {
      const result = await store.append(
        stream,
        decided.map((e) => ({ ...e, metadata: meta(actor, 'removed') })),
        { expectedVersion: events.length },
      );
      return result.lastPosition;
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && attempt < 20) continue;
      throw err;
    }
  }
}
