import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '../event-store/types';
import { HEADERS, fromMessageValue, toMessage } from './message';

const event: RecordedEvent = {
  eventId: '0b9c2f7e-0000-4000-8000-000000000001',
  type: 'AnswerSaved',
  schemaVersion: 2,
  data: { answer: 'x' },
  metadata: { tenant: 'demo', actorId: '7' },
  streamId: 'submission:demo:1:2',
  streamVersion: 3,
  globalPosition: '00000000000000000042:00000000000000000001' as GlobalPosition,
  recordedAt: new Date('2026-11-26T10:00:00.123Z'),
};

describe('the relay message of an event', () => {
  it('is keyed by stream id, names type, id, tenant, position and schema version in its headers, and reads back as the event', () => {
    const m = toMessage(event);
    expect(m.key).toBe('submission:demo:1:2');
    expect(m.headers).toEqual({
      [HEADERS.type]: 'AnswerSaved',
      [HEADERS.id]: event.eventId,
      [HEADERS.tenant]: 'demo',
      [HEADERS.position]: event.globalPosition,
      [HEADERS.schemaVersion]: '2',
    });
    expect(fromMessageValue(Buffer.from(m.value))).toEqual(event);
  });

  it('has no tenant header for an event of no school (a guest chat), and refuses a value that is not an event', () => {
    expect(toMessage({ ...event, metadata: {} }).headers[HEADERS.tenant]).toBeUndefined();
    expect(() => fromMessageValue('{"hello":1}')).toThrow(/not an Evergrade event/);
  });
});
