import { streamIds, type IdKind, type IdOwner } from '@evergrade/contracts';
import type { EventMetadata, EventStore } from '@evergrade/platform/event-store';

/**
 * The spec's ids are integers: each is the version of an append to that kind's sequence stream.
 * With a command id in `metadata`, a repeated allocation (a resumed seed) gets the same id back.
 * `owner` records the stream the ids belong to in the allocation itself, for ids a command later sends alone
 * (question_id, response_id): the write side finds their stream there (id-owners.ts), never in a read model.
 */
export async function allocateId(store: EventStore, kind: IdKind, metadata?: EventMetadata, owner?: IdOwner): Promise<number> {
  const [id] = await allocateIds(store, kind, 1, metadata, owner);
  return id!;
}

/** n consecutive ids in one append (an append's events are contiguous in the stream). */
export async function allocateIds(
  store: EventStore,
  kind: IdKind,
  n: number,
  metadata?: EventMetadata,
  owner?: IdOwner,
): Promise<number[]> {
  if (n === 0) return [];
  const event = { type: 'IdAllocated', data: owner ? { owner } : {}, ...(metadata ? { metadata } : {}) };
  const result = await store.append(
    streamIds.sequence(kind),
    Array.from({ length: n }, () => event),
    { expectedVersion: 'any' },
  );
  const last = result.nextExpectedVersion;
  return Array.from({ length: n }, (_, i) => last - n + 1 + i);
}

/** A question's ids belong to its assignment's stream. */
export const questionOwner = (tenant: string, assignmentId: number): IdOwner => ({
  tenant,
  stream: streamIds.assignment(tenant, assignmentId),
  assignmentId,
});

/** A response's ids belong to the student's grading stream for the assignment. */
export const responseOwner = (tenant: string, assignmentId: number, studentId: number): IdOwner => ({
  tenant,
  stream: streamIds.grading(tenant, assignmentId, studentId),
  assignmentId,
  studentId,
});
