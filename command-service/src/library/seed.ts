import { SHARED_LIBRARY_TENANT, streamIds, type IdKind } from '@evergrade/contracts';
import { WrongExpectedVersionError, type EventStore, type NewEvent, type RecordedEvent } from '@evergrade/platform/event-store';
import { allocateIds } from '../ids';
import { SEED_QUESTION_BANK, seedSource } from './data/questions';
import { SEED_RUBRICS, describeLevels } from './data/rubrics';
import { SEED_TEXTBOOKS } from './data/textbooks';

const metadata = { tenant: SHARED_LIBRARY_TENANT, actorRole: 'system' };

/**
 * The libraries every school shares (rubrics, questions, textbooks) live on the shared tenant's streams and
 * are seeded at start by events, item by item: an item already there (same key) is skipped, so a newer
 * build adds its new items to an older database and two processes starting together do not duplicate.
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
  added += await seedStream(
    store,
    streamIds.textbooks(SHARED_LIBRARY_TENANT),
    'textbook',
    // The stream also holds each book's pages, index and removal (issue 13): only TextbookAdded names a title.
    (e) => (e.type === 'TextbookAdded' ? textbookKey(e.data as { title: string }) : `event:${e.eventId}`),
    SEED_TEXTBOOKS.map((t) => ({
      key: textbookKey(t),
      event: (textbookId: number) => ({
        type: 'TextbookAdded',
        data: {
          textbookId,
          title: t.title,
          ...(t.author ? { author: t.author } : {}),
          subject: t.subject,
          addedAt: at,
        },
      }),
    })),
  );
  return { added };
}

export const rubricKey = (r: { rubricName: string; criterion: string }) => `${r.rubricName} - ${r.criterion}`.toLowerCase();
const questionKey = (q: { questionText: string }) => q.questionText.trim().toLowerCase();
const textbookKey = (t: { title: string }) => t.title.trim().toLowerCase();

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
