import { SHARED_LIBRARY_TENANT, streamIds, type IdKind } from '@evergrade/contracts';
import { WrongExpectedVersionError, type EventStore, type NewEvent, type RecordedEvent } from '@evergrade/platform/event-store';
import { allocateIds } from '../ids';
import { SEED_QUESTION_BANK, seedSource } from './data/questions';
import { SEED_RUBRICS, describeLevels } from './data/rubrics';
import { LEGACY_TEXTBOOKS } from './data/textbooks';
import { SEED_BOOKS, makeBookPdf } from './data/books';
import { booksOf, indexTextbook, addTextbook } from './textbooks';

const metadata = { tenant: SHARED_LIBRARY_TENANT, actorRole: 'system' };

/**
 * The libraries every school shares (rubrics, questions, textbooks) live on the shared tenant's streams and
 * are seeded at start by events, item by item: an item already there (same key) is skipped, so a newer
 * build adds its new items to an older database and two processes starting together do not duplicate.
 * The shared textbooks are the three short books of data/books, each made into a PDF and read and indexed by the
 * upload's own pipeline (textbooks.ts).
 */
export async function seedSharedLibrary(store: EventStore, now = new Date()): Promise<{ added: number }> {
  const at = now.toISOString();
  let added = 0;
  added += await seedStream(
    store,
    streamIds.rubrics(SHARED_LIBRARY_TENANT),
    'rubric',
    (e) => rubricKey(e.data as { rubricName: string; criterion: string }),
    SEED_RUBRICS.map((r) => ({
      key: rubricKey(r),
      event: (rubricId: number) => ({
        type: 'RubricAdded',
        data: {
          rubricId,
          rubricName: r.rubricName,
          criterion: r.criterion,
          description: describeLevels(r.levels),
          addedBy: null,
          addedAt: at,
        },
      }),
    })),
  );
  added += await seedStream(
    store,
    streamIds.questionLibrary(SHARED_LIBRARY_TENANT),
    'library-question',
    (e) => questionKey(e.data as { questionText: string }),
    SEED_QUESTION_BANK.flatMap(({ subject, questions }) =>
      questions.map((q, i) => ({
        key: questionKey({ questionText: q.text }),
        event: (questionId: number) => ({
          type: 'LibraryQuestionAdded',
          data: {
            questionId,
            subject,
            questionType: q.type,
            questionText: q.text,
            answer: q.answer,
            gradingInstructions: q.instructions ?? '',
            marksPossible: q.marks,
            topics: q.topics,
            ...seedSource(subject),
            originalQuestionNumber: i + 1,
            grade: q.grade,
            addedBy: null,
            addedAt: at,
          },
        }),
      })),
    ),
  );
  added += await seedTextbooks(store, now);
  return { added };
}

export const rubricKey = (r: { rubricName: string; criterion: string }) => `${r.rubricName} - ${r.criterion}`.toLowerCase();
const questionKey = (q: { questionText: string }) => q.questionText.trim().toLowerCase();

type SeedItem = { key: string; event: (id: number) => NewEvent };

async function seedStream(
  store: EventStore,
  streamId: string,
  kind: IdKind,
  keyOf: (e: RecordedEvent) => string,
  items: SeedItem[],
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const have = new Set(recorded.map(keyOf));
    const missing = items.filter((item) => !have.has(item.key));
    if (missing.length === 0) return 0;
    const ids = await allocateIds(store, kind, missing.length);
    try {
      await store.append(
        streamId,
        missing.map((item, i) => ({ ...item.event(ids[i]!), metadata })),
        {
          expectedVersion: recorded.length === 0 ? 'no_stream' : recorded.length,
        },
      );
      return missing.length;
    } catch (err) {
      // Another process seeded at the same moment: read again and add only what is still missing.
      if (err instanceof WrongExpectedVersionError && attempt < 3) continue;
      throw err;
    }
  }
}

/**
 * The shared textbooks: each book of SEED_BOOKS not indexed yet is made into its PDF and run through the upload's
 * pipeline (pages read from the PDF's text layer, recorded, indexed with example queries from its headings). Every
 * append carries a command id made from the book's title, so a seed interrupted half-way, or two processes seeding at
 * once, append nothing twice (a repeated id allocation gets the same id back). On a fresh store the books get ids 1, 2
 * and 3. The title-only books of older builds (LEGACY_TEXTBOOKS) are retired: TextbookRemoved by the system.
 * A restart with the books indexed reads the stream once and makes no PDF.
 */
export async function seedTextbooks(store: EventStore, now: Date): Promise<number> {
  const stream = streamIds.textbooks(SHARED_LIBRARY_TENANT);
  const books = booksOf(await store.readStream(stream));
  const byTitle = new Map([...books].filter(([, b]) => !b.removed).map(([id, b]) => [b.title.trim().toLowerCase(), { id, ...b }]));
  let added = 0;
  for (const book of SEED_BOOKS) {
    const have = byTitle.get(book.title.trim().toLowerCase());
    if (have && (have.indexed || have.failed)) continue;
    const actor = { ...metadata, commandId: `seed-textbook:${book.title.trim().toLowerCase()}` };
    let textbookId = have?.id;
    if (textbookId === undefined) {
      const result = await addTextbook(store, actor, book, now);
      textbookId = result.textbookId;
      // Another process seeding at the same moment added it first: it counts there.
      if (result.appended) added++;
    }
    await indexTextbook(store, actor, textbookId, book, await makeBookPdf(book), { ocr: null, now: () => now });
  }
  const legacy = new Set(LEGACY_TEXTBOOKS.map((t) => t.title.trim().toLowerCase()));
  for (const [textbookId, b] of books) {
    if (b.removed || b.indexed || b.failed || !legacy.has(b.title.trim().toLowerCase())) continue;
    await store.append(
      stream,
      [
        {
          type: 'TextbookRemoved',
          data: { textbookId, removedBy: null, at: now.toISOString() },
          metadata: { ...metadata, commandId: `seed-retire-textbook:${textbookId}` },
        },
      ],
      { expectedVersion: 'any' },
    );
  }
  return added;
}
