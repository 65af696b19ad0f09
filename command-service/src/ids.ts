import { streamIds, type IdKind } from '@evergrade/contracts';
import type { EventMetadata, EventStore } from '@evergrade/platform/event-store';

/**
 * The spec's ids are integers: each is the version of an append to that kind's sequence stream.
 * With a command id in `metadata`, a repeated allocation (a resumed seed) gets the same id back.
 */
export async function allocateId(store: EventStore, kind: IdKind, metadata?: EventMetadata): Promise<number> {
  const result = await store.append(streamIds.sequence(kind), [{ type: 'IdAllocated', data: {}, ...(metadata ? { metadata } : {}) }], { expectedVersion: 'any' });
  return result.nextExpectedVersion;
}

/** n consecutive ids in one append (an append's events are contiguous in the stream). */
export async function allocateIds(store: EventStore, kind: IdKind, n: number, metadata?: EventMetadata): Promise<number[]> {
  if (n === 0) return [];
  const result = await store.append(streamIds.sequence(kind), Array.from({ length: n }, () => ({ type: 'IdAllocated', data: {}, ...(metadata ? { metadata } : {}) })), { expectedVersion: 'any' });
  const last = result.nextExpectedVersion;
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}
