import { randomUUID } from 'node:crypto';
import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamSubscription,
  type AppendResult as KurrentAppendResult,
  type EventData,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  decodeKurrentPosition,
  encodeKurrentPosition,
  eventTypesRegex,
  fromStoredMetadata,
  isSystemEventType,
  revisionFrom,
  toRecordedEvent,
  toStoredMetadata,
  toStreamState,
  versionOf,
  wrongExpectedVersion,
} from './kurrentdb-mapping';
import { comparePositions } from './position';
import { startSubscription, WakeSignal } from './subscription';
import type { AppendResult, EventStore, ExpectedVersion, NewEvent, RecordedEvent, Subscription } from './types';

export type KurrentDbEventStoreOptions = {
  /** `esdb://host:2113?tls=false`, `kurrentdb://...` (EVENTSTORE_URL); or a client someone else owns. */
  connectionString?: string;
  client?: KurrentDBClient;
  /** The safety net behind the live `$all` feed: how often an idle subscription reads again; defaults to 500 ms. */
  pollIntervalMs?: number;
};

// An 'any' append carrying a command id is made at the exact version the command scan saw (see `append`).
const ANY_VERSION_ATTEMPTS = 20;
// A conflict names a version the writer has accepted; reads show it a moment later at most.
const SCAN_ATTEMPTS = 20;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const FEED_CONFIRM_MS = 5_000;
const FEED_RETRY_MS = 1_000;

const isForeign = (e: { type: string; streamId: string }) => isSystemEventType(e.type) || e.streamId.startsWith('$');

function validate(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): void {
  if (!streamId) throw new TypeError('streamId must not be empty');
  if (events.length === 0) throw new TypeError(`append to ${streamId} needs at least one event`);
  if (typeof expectedVersion === 'number' && (!Number.isInteger(expectedVersion) || expectedVersion < 0)) {
    throw new RangeError(`expectedVersion must be a non-negative integer, got ${expectedVersion}`);
  }
  for (const e of events) if (!e.type) throw new TypeError(`every event appended to ${streamId} needs a type`);
}

/** Every event of one stream read through `read`; none for a stream that does not exist. */
async function* streamEvents(read: () => AsyncIterable<ResolvedEvent>) {
  try {
    for await (const resolved of read()) if (resolved.event) yield resolved.event;
  } catch (err) {
    if (!(err instanceof StreamNotFoundError)) throw err;
  }
}

/**
 * The event store on KurrentDB / EventStoreDB (22.10 or later). Streams are KurrentDB streams, the global log is
 * `$all` without KurrentDB's own `$` events, positions are (commit, prepare). Read models and their checkpoints stay in
 * PostgreSQL: the projection runner only stores positions and compares them through `comparePositions`.
 *
 * Command ids: an append whose first event carries `metadata.commandId` first reads the stream back to front for
 * that id (as a command handler reads the stream to fold it anyway); found, it returns the first append's result and
 * writes nothing. Otherwise it appends at the exact version that read saw, so a duplicate racing it loses with a
 * wrong expected version, reads again and finds the winner. Event ids stay random: KurrentDB acknowledges a repeated
 * event id as a success, which would make a racing duplicate look written (appended: true) a second time.
 */
export function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): EventStore {
  const ownsClient = !options.client;
  if (!options.client && !options.connectionString) throw new TypeError('a KurrentDB connection string or client is needed');
  const client = options.client ?? KurrentDBClient.connectionString(options.connectionString!);
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const signal = new WakeSignal();
  const subscriptions = new Set<Subscription>();
  let feed: AllStreamSubscription | undefined;
  let feedReady: Promise<void> | undefined;
  let closed = false;

  const readOne = async (streamId: string, revision: bigint) => {
    for await (const e of streamEvents(() => client.readStream(streamId, { fromRevision: revision, maxCount: 1, requiresLeader: true }))) {
      return e;
    }
    return undefined;
  };

  const readLast = async (streamId: string) => {
    const newestFirst = () => client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1, requiresLeader: true });
    for await (const e of streamEvents(newestFirst)) return e;
    return undefined;
  };

  /** The stream's version now, and the result of the append that carried `commandId` if there was one. */
  const scanForCommand = async (streamId: string, commandId: string): Promise<{ version: number; prior?: AppendResult }> => {
    let version: number | undefined;
    const newestFirst = () => client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, requiresLeader: true });
    for await (const e of streamEvents(newestFirst)) {
      version ??= versionOf(e.revision);
      // Every event of an append carries its command id: the newest match is that append's last event.
      if (fromStoredMetadata(e.metadata).commandId === commandId) {
        return {
          version,
          prior: { nextExpectedVersion: versionOf(e.revision), lastPosition: toRecordedEvent(e).globalPosition, appended: false },
        };
      }
    }
    return { version: version ?? 0 };
  };

  /** `scanForCommand` once reads reach `version` (the one a conflict reported), waiting briefly if they lag. */
  const scanReaching = async (streamId: string, commandId: string, version: number) => {
    for (let attempt = 0; ; attempt++) {
      const scan = await scanForCommand(streamId, commandId);
      if (scan.prior || scan.version >= version || attempt >= SCAN_ATTEMPTS) return scan;
      await sleep(Math.min(2 ** attempt, 50));
    }
  };

  const written = async (streamId: string, result: KurrentAppendResult): Promise<AppendResult> => {
    // The position of the append's last event as reads report it: the reply's position need not be that event's.
    const last = await readOne(streamId, result.nextExpectedRevision);
    const position = last?.position ?? result.position;
    if (!position) throw new Error(`KurrentDB did not report where the append to ${streamId} landed`);
    signal.wake();
    return { nextExpectedVersion: versionOf(result.nextExpectedRevision), lastPosition: encodeKurrentPosition(position), appended: true };
  };

  const appendAt = async (streamId: string, data: EventData[], expected: ExpectedVersion) => {
    const streamState = toStreamState(expected);
    const result = await client.appendToStream(streamId, data, { streamState, requiresLeader: true });
    if (result.success) return result;
    // throwOnAppendFailure=false in the connection string makes a conflict a result: an error again, as everywhere else.
    const last = await readLast(streamId);
    const current = last ? last.revision : 'no_stream';
    throw new KurrentWrongExpectedVersionError(undefined, { streamName: streamId, expected: streamState, current });
  };

  /** The live `$all` feed that wakes this store's subscriptions when any process appends; polling covers its gaps. */
  const openFeed = (): Promise<void> => {
    const sub = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    feed = sub;
    let retried = false;
    const retry = () => {
      if (retried || closed) return;
      retried = true;
      feedReady = undefined;
      signal.wake(); // whatever came while the feed was down
      setTimeout(() => {
        if (!closed) feedReady = openFeed();
      }, FEED_RETRY_MS).unref();
    };
    sub.on('data', () => signal.wake());
    sub.on('error', retry);
    sub.on('end', retry);
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FEED_CONFIRM_MS);
      const settle = () => {
        clearTimeout(timer);
        resolve();
      };
      sub.once('confirmation', settle);
      sub.once('error', settle);
    });
  };

  const store: EventStore = {
    async append(streamId, events, { expectedVersion }) {
      validate(streamId, events, expectedVersion);
      if (closed) throw new Error('Event store is closed');
      const commandId = events[0]?.metadata?.commandId;
      const data = events.map((e) =>
        jsonEvent({ id: randomUUID(), type: e.type, data: e.data, metadata: toStoredMetadata(e, commandId) }),
      ) as EventData[];

      if (commandId === undefined) {
        try {
          return await written(streamId, await appendAt(streamId, data, expectedVersion));
        } catch (err) {
          if (err instanceof KurrentWrongExpectedVersionError) throw wrongExpectedVersion(streamId, expectedVersion, err.actualState);
          throw err;
        }
      }
      let scan = await scanForCommand(streamId, commandId);
      for (let attempt = 1; ; attempt++) {
        if (scan.prior) return scan.prior;
        try {
          return await written(streamId, await appendAt(streamId, data, expectedVersion === 'any' ? scan.version : expectedVersion));
        } catch (err) {
          if (!(err instanceof KurrentWrongExpectedVersionError)) throw err;
          // Another writer moved the stream, perhaps with this very command: look again once reads show its write.
          scan = await scanReaching(streamId, commandId, versionOf(err.actualState));
          if (scan.prior) return scan.prior;
          if (expectedVersion !== 'any' || attempt >= ANY_VERSION_ATTEMPTS)
            throw wrongExpectedVersion(streamId, expectedVersion, err.actualState);
        }
      }
    },

    async readStream(streamId, { fromVersion = 1, limit } = {}) {
      if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new RangeError('limit must be a positive integer');
      const out: RecordedEvent[] = [];
      const read = () =>
        client.readStream(streamId, {
          fromRevision: revisionFrom(fromVersion),
          direction: FORWARDS,
          ...(limit ? { maxCount: limit } : {}),
        });
      for await (const e of streamEvents(read)) out.push(toRecordedEvent(e));
      return out;
    },

    async readAll({ after, limit, types }) {
      if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
      if (types && types.length === 0) return [];
      const filter = types ? eventTypeFilter({ regex: eventTypesRegex(types) }) : excludeSystemEvents();
      const out: RecordedEvent[] = [];
      // A read from a position may include the event at it: one more, and anything not strictly after is dropped.
      const events = client.readAll({
        fromPosition: after ? decodeKurrentPosition(after) : START,
        maxCount: after ? limit + 1 : limit,
        direction: FORWARDS,
        filter,
      });
      for await (const { event } of events) {
        if (!event || isForeign(event)) continue;
        const recorded = toRecordedEvent(event);
        if (after && comparePositions(recorded.globalPosition, after) <= 0) continue;
        out.push(recorded);
        if (out.length === limit) break;
      }
      return out;
    },

    async headPosition() {
      const newestFirst = client.readAll({ fromPosition: END, direction: BACKWARDS, filter: excludeSystemEvents() });
      for await (const { event } of newestFirst) {
        if (event && !isForeign(event)) return encodeKurrentPosition(event.position);
      }
      return undefined;
    },

    subscribe(subscribeOptions, handler) {
      if (closed) throw new Error('Event store is closed');
      const beforeStart = () => (feedReady ??= openFeed());
      const subscription = startSubscription({ readAll: store.readAll, signal, pollIntervalMs, beforeStart }, subscribeOptions, handler);
      subscriptions.add(subscription);
      const forget = () => subscriptions.delete(subscription);
      subscription.done.then(forget, forget);
      return subscription;
    },

    comparePositions,
    eventsInDatabase: false,

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      await feed?.unsubscribe().catch(() => undefined);
      if (ownsClient) await client.dispose();
    },
  };
  return store;
}
