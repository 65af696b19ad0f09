import type { GlobalPosition, RecordedEvent } from '../event-store/types';

/** The headers every relayed message carries (values are strings). */
export const HEADERS = {
  type: 'event-type',
  id: 'event-id',
  tenant: 'tenant',
  position: 'global-position',
  schemaVersion: 'schema-version',
} as const;

/** The message value: the event as stored. */
export type EventValue = {
  eventId: string;
  type: string;
  schemaVersion: number;
  streamId: string;
  streamVersion: number;
  globalPosition: string;
  recordedAt: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
};

export type EventMessage = { key: string; value: string; headers: Record<string, string> };

/** Keyed by stream id: a stream's events land on one partition, in order. */
export function toMessage(e: RecordedEvent): EventMessage {
  const value: EventValue = {
    eventId: e.eventId,
    type: e.type,
    schemaVersion: e.schemaVersion,
    streamId: e.streamId,
    streamVersion: e.streamVersion,
    globalPosition: e.globalPosition,
    recordedAt: e.recordedAt.toISOString(),
    data: e.data,
    metadata: e.metadata,
  };
  const headers: Record<string, string> = {
    [HEADERS.type]: e.type,
    [HEADERS.id]: e.eventId,
    [HEADERS.position]: e.globalPosition,
    [HEADERS.schemaVersion]: String(e.schemaVersion),
  };
  if (typeof e.metadata.tenant === 'string') headers[HEADERS.tenant] = e.metadata.tenant;
  return { key: e.streamId, value: JSON.stringify(value), headers };
}

/** A relayed message's value back as the event the store recorded. */
export function fromMessageValue(value: Buffer | string): RecordedEvent {
  const v = JSON.parse(value.toString()) as EventValue;
  if (typeof v.eventId !== 'string' || typeof v.streamId !== 'string' || typeof v.streamVersion !== 'number')
    throw new Error('not an Evergrade event message');
  return {
    eventId: v.eventId,
    type: v.type,
    schemaVersion: v.schemaVersion,
    streamId: v.streamId,
    streamVersion: v.streamVersion,
    globalPosition: v.globalPosition as GlobalPosition,
    recordedAt: new Date(v.recordedAt),
    data: v.data,
    metadata: v.metadata,
  };
}
