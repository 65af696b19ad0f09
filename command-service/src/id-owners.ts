import { IdAllocatedSchema, IdOwnersRecordedSchema, streamCategory, streamIds, type IdOwner } from '@evergrade/contracts';
import type { EventStore, GlobalPosition, NewEvent, RecordedEvent } from '@evergrade/platform/event-store';
import { readToHead } from './read-to-head';

export type OwnedIdKind = 'question' | 'response';

/**
 * Which stream an id belongs to, from the event store alone (the write side never reads a read model):
 *  - the id's own allocation, `IdAllocated` at version `id` of `sequence:{kind}`, names its owner (one row read);
 *  - ids allocated before owners were recorded are found on `id-owners:{tenant}:{kind}:{bucket}`, written once by
 *    `backfillIdOwners` from the log; such a lookup waits for that backfill.
 * An owner of another school is not found. Read-your-writes: the owner is in the store before the id is used.
 */
export type IdOwners = {
  find(tenant: string, kind: OwnedIdKind, id: number): Promise<IdOwner | null>;
  /** Resolves once ids of older builds can be found (the backfill ran, now or before). */
  ready(): Promise<void>;
  /** Waits for a backfill in progress to stop. */
  close(): Promise<void>;
};

export function createIdOwners(store: EventStore, options: { now?: () => Date; onError?: (err: unknown) => void } = {}): IdOwners {
  const now = options.now ?? (() => new Date());
  const abort = new AbortController();
  let backfill: Promise<void> | null = null;
  const ready = () => {
    backfill ??= backfillIdOwners(store, { now, signal: abort.signal }).catch((err: unknown) => {
      backfill = null; // the next lookup of an older id tries again
      throw err;
    });
    return backfill;
  };
  // Started at once, so an older id is found without waiting for a whole log to be read then.
  ready().catch((err: unknown) => {
    if (!abort.signal.aborted) (options.onError ?? console.error)(err);
  });
  return {
    async find(tenant, kind, id) {
      if (!Number.isSafeInteger(id) || id < 1) return null;
      const [allocation] = await store.readStream(streamIds.sequence(kind), { fromVersion: id, limit: 1 });
      if (!allocation || allocation.streamVersion !== id) return null;
      const owner = IdAllocatedSchema.shape.data.safeParse(allocation.data).data?.owner;
      if (owner) return owner.tenant === tenant ? owner : null;
      await ready();
      return recordedOwner(store, tenant, kind, id);
    },
    ready,
    async close() {
      abort.abort();
      await backfill?.catch(() => {});
    },
  };
}

async function recordedOwner(store: EventStore, tenant: string, kind: OwnedIdKind, id: number): Promise<IdOwner | null> {
  const events = await store.readStream(streamIds.idOwners(tenant, kind, id));
  for (const e of events.reverse()) {
    const parsed = IdOwnersRecordedSchema.safeParse({ type: e.type, data: e.data });
    const owner = parsed.success && parsed.data.data.kind === kind ? parsed.data.data.owners[String(id)] : undefined;
    if (owner && owner.tenant === tenant) return owner;
  }
  return null;
}

const KINDS: OwnedIdKind[] = ['question', 'response'];
const BATCH = 2000;
/** Owners held in memory before they are written out (then the scan goes on). */
const FLUSH_AT = 50_000;

/**
 * Once per event store: reads the log for the ids that older builds allocated without an owner (questions from
 * QuestionAdded, responses from the grading streams' recorded responses) and writes their owners to lookup streams,
 * then marks it done. Idempotent (command ids), so two processes starting together, or a run cut short, are harmless.
 * Ids allocated since carry their owner, so the scan stops at the log's head (everything committed before it read).
 */
export async function backfillIdOwners(store: EventStore, options: { now?: () => Date; signal?: AbortSignal } = {}): Promise<void> {
  if ((await store.readStream(streamIds.idOwnersBackfill(), { limit: 1 })).length > 0) return;
  const pending = new Map<string, { tenant: string; kind: OwnedIdKind; owners: Record<string, IdOwner> }>();
  const counts = { question: 0, response: 0 };
  let held = 0;
  // The command id names the stretch of the log a write covers (up to the last event that created ids, not the last
  // read: another process's lookups may follow), so a rerun or a racing process writes the same stretch as a no-op.
  let from = 'start';
  let lastFound: string | undefined;
  // Ids whose allocation names their owner already (this build's) need no lookup.
  const owned = { question: new Set<number>(), response: new Set<number>() };
  const add = (kind: OwnedIdKind, id: number, owner: IdOwner) => {
    const stream = streamIds.idOwners(owner.tenant, kind, id);
    const bucket = pending.get(stream) ?? { tenant: owner.tenant, kind, owners: {} };
    pending.set(stream, bucket);
    bucket.owners[String(id)] = owner;
    counts[kind]++;
    held++;
  };
  const flush = async (to: string) => {
    for (const [stream, bucket] of pending) {
      const event: NewEvent = {
        type: 'IdOwnersRecorded',
        data: { kind: bucket.kind, owners: bucket.owners },
        metadata: { tenant: bucket.tenant, actorId: 'system', actorRole: 'system', commandId: `id-owners-backfill:${from}:${to}` },
      };
      await store.append(stream, [event], { expectedVersion: 'any' });
    }
    pending.clear();
    held = 0;
    from = to;
  };

  const scan = (e: RecordedEvent) => {
    const kind = KINDS.find((k) => e.streamId === streamIds.sequence(k));
    if (kind && e.type === 'IdAllocated' && e.data.owner) owned[kind].add(e.streamVersion);
    const found = ownersIn(e).filter(([k, id]) => !owned[k].has(id));
    for (const [k, id, owner] of found) add(k, id, owner);
    if (found.length > 0) lastFound = e.globalPosition;
  };
  // Up to the log's head: every older build's event is committed by then. Written out a stretch at a time, so memory
  // stays bounded on a long log.
  let after: GlobalPosition | undefined;
  while (!options.signal?.aborted) {
    after = await readToHead(store, after, scan, { batch: BATCH, stopped: () => held >= FLUSH_AT || !!options.signal?.aborted });
    if (held >= FLUSH_AT) await flush(lastFound!);
    else break;
  }
  if (options.signal?.aborted) return;
  if (held > 0) await flush(lastFound!);
  const at = (options.now ?? (() => new Date()))().toISOString();
  await store.append(
    streamIds.idOwnersBackfill(),
    [
      {
        type: 'IdOwnersBackfilled',
        data: { upTo: after ?? null, questions: counts.question, responses: counts.response, at },
        metadata: { actorId: 'system', actorRole: 'system', commandId: 'id-owners-backfill' },
      },
    ],
    { expectedVersion: 'any' },
  );
}

/** The stream's school: its metadata's, or the stream id's (`{category}:{tenant}:{keys...}`). */
function tenantOf(e: RecordedEvent, keys: number): string {
  if (typeof e.metadata.tenant === 'string') return e.metadata.tenant;
  return e.streamId.split(':').slice(1, -keys).join(':');
}

type Found = [OwnedIdKind, number, IdOwner];

/** The ids an event creates, with their owner: a question added to an assignment, responses recorded for grading. */
function ownersIn(e: RecordedEvent): Found[] {
  const category = streamCategory(e.streamId);
  if (e.type === 'QuestionAdded' && category === 'assignment') {
    const assignmentId = Number(e.data.assignmentId);
    return [['question', Number(e.data.questionId), { tenant: tenantOf(e, 1), stream: e.streamId, assignmentId }]];
  }
  if ((e.type === 'SubmissionFileProcessed' || e.type === 'OnlineResponsesCaptured') && category === 'grading') {
    const assignmentId = Number(e.data.assignmentId);
    const studentId = Number(e.data.studentId);
    const tenant = tenantOf(e, 2);
    const responses = Array.isArray(e.data.responses) ? (e.data.responses as { responseId: unknown }[]) : [];
    return responses.map((r): Found => ['response', Number(r.responseId), { tenant, stream: e.streamId, assignmentId, studentId }]);
  }
  return [];
}
