import { streamIds, type IdKind } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';

/** The spec's ids are integers: each is the version of an append to that kind's sequence stream. */
export async function allocateId(store: EventStore, kind: IdKind): Promise<number> {
  const result = await store.append(streamIds.sequence(kind), [{ type: 'IdAllocated', data: {} }], { expectedVersion: 'any' });
  return result.nextExpectedVersion;
}

/** n consecutive ids in one append (an append's events are contiguous in the stream). */
export async function allocateIds(store: EventStore, kind: IdKind, n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await store.append(streamIds.sequence(kind), Array.from({ length: n }, () => ({ type: 'IdAllocated', data: {} })), { expectedVersion: 'any' });
  const last = result.nextExpectedVersion;
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}
