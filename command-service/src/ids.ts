import { streamIds, type IdKind } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';

/** The spec's ids are integers: each is the version of an append to that kind's sequence stream. */
export async function allocateId(store: EventStore, kind: IdKind): Promise<number> {
  const result = await store.append(streamIds.sequence(kind), [{ type: 'IdAllocated', data: {} }], { expectedVersion: 'any' });
  return result.nextExpectedVersion;
}
