import type {
  AllStreamRecordedEvent,
  AppendStreamState,
  CurrentStreamState,
  Position,
  RecordedEvent as KurrentRecordedEvent,
} from '@kurrent/kurrentdb-client';
import { decodePosition, encodePosition } from './position';
import {
  WrongExpectedVersionError,
  type EventMetadata,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from './types';

/*
 * The pure half of the KurrentDB adapter: how our versions, positions and metadata map onto KurrentDB's.
 * Our stream versions start at 1; KurrentDB's revisions at 0. Version v is revision v - 1, and a stream at
 * version 0 (none of its events written) is KurrentDB's 'no_stream'.
 */

/** The `streamState` an append passes for our expected version. */
export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return 'any';
  if (expected === 'no_stream' || expected === 0) return 'no_stream';
  return BigInt(expected - 1);
}

/** Our version for a stream whose last revision KurrentDB reports ('no_stream', or -1 from some replies, is 0). */
export function versionOf(state: CurrentStreamState | bigint): number {
  if (state === 'no_stream' || state < 0n) return 0;
  return Number(state) + 1;
}

/** The revision a read starts at for our `fromVersion` (versions below 1 start at the first event). */
export const revisionFrom = (fromVersion: number): bigint => BigInt(Math.max(1, Math.floor(fromVersion)) - 1);

/*
 * A KurrentDB position is (commit, prepare), both unsigned 64-bit: the same fixed-width shape as the SQL store's
 * (transaction id, position), so `comparePositions` orders both and checkpoints stored as text sort correctly. A
 * checkpoint written by one store means nothing to the other: moving a deployment between them rebuilds its read models.
 */
export const encodeKurrentPosition = (p: Position): GlobalPosition => encodePosition(p.commit, p.prepare);

export function decodeKurrentPosition(value: GlobalPosition | string): Position {
  const { transactionId, position } = decodePosition(value);
  return { commit: transactionId, prepare: position };
}

/**
 * Keys the adapter adds to an event's metadata JSON beside ours, and takes away on reading. KurrentDB's own
 * projections ($by-correlation-id) read `$correlationId` and `$causationId`, so those copy ours.
 */
const SCHEMA_VERSION = '$schemaVersion';
const COMMAND_ID = '$commandId';
const RESERVED = new Set([SCHEMA_VERSION, COMMAND_ID, '$correlationId', '$causationId']);

/**
 * The metadata JSON stored with one event: ours (tenant, actor, ids) as given, the schema version, and the command id
 * of the append that wrote it, on every event of that append so the append's last event carries it too.
 */
export function toStoredMetadata(event: NewEvent, commandId: string | undefined): Record<string, unknown> {
  const metadata = event.metadata ?? {};
  return {
    ...metadata,
    [SCHEMA_VERSION]: event.schemaVersion ?? 1,
    ...(commandId === undefined ? {} : { [COMMAND_ID]: commandId }),
    ...(typeof metadata.correlationId === 'string' ? { $correlationId: metadata.correlationId } : {}),
    ...(typeof metadata.causationId === 'string' ? { $causationId: metadata.causationId } : {}),
  };
}

export type StoredMetadata = { metadata: EventMetadata; schemaVersion: number; commandId: string | undefined };

/** The inverse of `toStoredMetadata`; an event another writer stored without our keys reads as schema version 1. */
export function fromStoredMetadata(stored: unknown): StoredMetadata {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored) || stored instanceof Uint8Array) {
    return { metadata: {}, schemaVersion: 1, commandId: undefined };
  }
  const raw = stored as Record<string, unknown>;
  const metadata: EventMetadata = {};
  for (const [key, value] of Object.entries(raw)) if (!RESERVED.has(key)) metadata[key] = value;
  const schemaVersion = raw[SCHEMA_VERSION];
  const commandId = raw[COMMAND_ID];
  return {
    metadata,
    schemaVersion: typeof schemaVersion === 'number' && Number.isInteger(schemaVersion) ? schemaVersion : 1,
    commandId: typeof commandId === 'string' ? commandId : undefined,
  };
}

/** Event types starting with `$` are KurrentDB's own (`$>` links, `$metadata`, `$statsCollected`, ...). */
export const isSystemEventType = (type: string): boolean => type.startsWith('$');

/** The server-side filter regex for exactly these event types (KurrentDB matches filters as .NET regular expressions). */
export function eventTypesRegex(types: readonly string[]): string {
  if (types.length === 0) throw new RangeError('types must name at least one event type');
  const escaped = types.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `^(?:${escaped.join('|')})$`;
}

function dataOf(event: KurrentRecordedEvent): Record<string, unknown> {
  const data: unknown = event.isJson ? event.data : parseJson(event.data as Uint8Array);
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : { value: data };
}

function parseJson(bytes: Uint8Array): unknown {
  const text = Buffer.from(bytes).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Our recorded event for one of KurrentDB's; stream reads carry positions from server 22.6 on, which we require. */
export function toRecordedEvent(event: KurrentRecordedEvent | AllStreamRecordedEvent): RecordedEvent {
  if (!event.position)
    throw new Error(`KurrentDB returned ${event.streamId}@${event.revision} without a position (server older than 22.6?)`);
  const { metadata, schemaVersion } = fromStoredMetadata(event.metadata);
  return {
    eventId: event.id,
    type: event.type,
    schemaVersion,
    data: dataOf(event),
    metadata,
    streamId: event.streamId,
    streamVersion: versionOf(event.revision),
    globalPosition: encodeKurrentPosition(event.position),
    recordedAt: event.created,
  };
}

/** Our error for the client's wrong-expected-version error, with the stream's actual version. */
export function wrongExpectedVersion(streamId: string, expected: ExpectedVersion, actual: CurrentStreamState): WrongExpectedVersionError {
  return new WrongExpectedVersionError(streamId, expected, versionOf(actual));
}
