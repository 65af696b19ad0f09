import { SHARED_LIBRARY_TENANT, UNKNOWN_AUTHOR, streamIds, type EventOf } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';

export type LibraryItem = EventOf<'LibraryQuestionAdded'>['data'];
export type RubricItem = EventOf<'RubricAdded'>['data'];
export type TextbookItem = Omit<EventOf<'TextbookAdded'>['data'], 'author'> & { author: string };

/** What a school sees of a library: the shared items, then its own. Read from the streams, not a read model. */
async function read<T>(store: EventStore, stream: (tenant: string) => string, type: string, tenant: string): Promise<T[]> {
  const streams = await Promise.all([store.readStream(stream(SHARED_LIBRARY_TENANT)), store.readStream(stream(tenant))]);
  return streams
    .flat()
    .filter((e) => e.type === type)
    .map((e) => e.data as T);
}

export const loadLibraryQuestions = (store: EventStore, tenant: string) =>
  read<LibraryItem>(store, streamIds.questionLibrary, 'LibraryQuestionAdded', tenant);

export const loadRubrics = (store: EventStore, tenant: string) => read<RubricItem>(store, streamIds.rubrics, 'RubricAdded', tenant);

export const loadTextbooks = async (store: EventStore, tenant: string): Promise<TextbookItem[]> =>
  (await read<EventOf<'TextbookAdded'>['data']>(store, streamIds.textbooks, 'TextbookAdded', tenant)).map((t) => ({
    ...t,
    author: t.author ?? UNKNOWN_AUTHOR,
  }));
