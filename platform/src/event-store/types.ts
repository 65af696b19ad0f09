/**
 * The event store port. Every adapter (PostgreSQL through `pg`, embedded PGlite, later EventStoreDB)
 * implements this interface and passes the shared contract suite in `event-store.contract.ts`.
 */

/**
 * An opaque, totally ordered position in the global log. Only the adapter that produced it
 * interprets it; everybody else stores it, passes it back, or orders two of them through
 * `comparePositions`. For PostgreSQL it encodes (transaction id, sequence position); an
 * EventStoreDB adapter would encode (commit, prepare).
 */
export type GlobalPosition = string & { readonly __brand: 'GlobalPosition' };

export type EventMetadata = {
  tenant?: string;
  actorId?: string;
  actorRole?: string;
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  [key: string]: unknown;
};

export type NewEvent = {
  type: string;
  data: Record<string, unknown>;
  metadata?: EventMetadata;
  /** Defaults to 1. Bump when an event's data shape gains fields. */
  schemaVersion?: number;
};

export type RecordedEvent = {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  streamId: string;
  /** 1 for the first event of a stream. */
  streamVersion: number;
  globalPosition: GlobalPosition;
  recordedAt: Date;
};

/** A stream's current version; 0 means the stream has no events. */
export type ExpectedVersion = number | 'no_stream' | 'any';

export type AppendResult = {
  /** The stream's version after the append (the version of its last event). */
  nextExpectedVersion: number;
  /** The global position of the last event appended. */
  lastPosition: GlobalPosition;
  /** False when the command id had already been appended to this stream and nothing new was written. */
  appended: boolean;
};

export type ReadStreamOptions = { fromVersion?: number; limit?: number };

export type ReadAllOptions = {
  after?: GlobalPosition | undefined;
  limit: number;
  /**
   * Only events of these types (a rebuild reads only what its read models handle). A page then skips the others, so
   * it can end before the log does with more to come; an empty page still means nothing more to read now.
   */
  types?: readonly string[] | undefined;
};

export type SubscribeOptions = {
  after?: GlobalPosition | undefined;
  /** Events handed over per batch; defaults to 500. */
  batchSize?: number;
  /**
   * Once caught up, the next read starts at least this long after the one before, however often appends wake it: the
   * appends of a busy log are read together, one statement per interval rather than one per append. Defaults to 50 ms;
   * 0 reads on every wake.
   */
  readIntervalMs?: number;
};

export type Subscription = {
  stop(): Promise<void>;
  /** Resolves when the subscription ends; rejects if its handler threw. */
  done: Promise<void>;
};

export type EventStore = {
  append(streamId: string, events: readonly NewEvent[], options: { expectedVersion: ExpectedVersion }): Promise<AppendResult>;
  /**
   * Every event of one stream in version order from `fromVersion` (default 1), at most `limit` of them (default
   * all); an empty array for a stream that does not exist.
   */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Optional: several streams at once, each from its own `fromVersion`, in one read (the SQL store: one statement);
   * one array per request, in the requests' order. Callers fall back to `readStream` per stream where it is absent.
   */
  readStreams?(requests: readonly { streamId: string; fromVersion: number }[]): Promise<RecordedEvent[][]>;
  /** Events in global order strictly after `after`, at most `limit`, never past an in-flight transaction. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The position of the newest event committed now; undefined for an empty log. `readAll` reaches it once the
   * transactions still in flight below it have finished: reading up to it sees every event committed before the call.
   */
  headPosition(): Promise<GlobalPosition | undefined>;
  /** Calls `handler` for every event after `after`, in global order, then for every new one, until stopped. */
  subscribe(options: SubscribeOptions, handler: (event: RecordedEvent) => Promise<void> | void): Subscription;
  /** Negative, zero or positive as a is before, equal to or after b in the global order. */
  comparePositions(a: GlobalPosition, b: GlobalPosition): number;
  close(): Promise<void>;
  /**
   * False when the events live outside the SQL database that holds the read models (KurrentDB): a transaction there
   * cannot read them (`readEventsBetween`), so whoever needs them goes through this interface. Unset means true.
   */
  readonly eventsInDatabase?: boolean;
};

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
  }
}
