import type { RecordedEvent as KurrentRecordedEvent } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
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
import { comparePositions, encodePosition } from './position';
import { WrongExpectedVersionError, type GlobalPosition } from './types';

const MAX_U64 = 2n ** 64n - 1n;

describe('KurrentDB versions and revisions', () => {
  it('maps our expected version (first event = 1) onto the stream state KurrentDB checks (first event = revision 0)', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState(0)).toBe('no_stream');
    expect(toStreamState(1)).toBe(0n);
    expect(toStreamState(7)).toBe(6n);
  });

  it("reads KurrentDB's current revision back as our version", () => {
    expect(versionOf('no_stream')).toBe(0);
    expect(versionOf(-1n)).toBe(0);
    expect(versionOf(0n)).toBe(1);
    expect(versionOf(41n)).toBe(42);
    for (const v of [1, 2, 500]) expect(versionOf(toStreamState(v) as bigint)).toBe(v);
  });

  it('starts a stream read at the revision of fromVersion, never below the first event', () => {
    expect(revisionFrom(1)).toBe(0n);
    expect(revisionFrom(3)).toBe(2n);
    expect(revisionFrom(0)).toBe(0n);
    expect(revisionFrom(-5)).toBe(0n);
  });

  it("turns the client's wrong-version report into ours, with the stream's actual version", () => {
    const err = wrongExpectedVersion('s', 7, 2n);
    expect(err).toBeInstanceOf(WrongExpectedVersionError);
    expect(err).toMatchObject({ streamId: 's', expected: 7, actual: 3 });
    expect(wrongExpectedVersion('s', 1, 'no_stream')).toMatchObject({ expected: 1, actual: 0 });
    expect(wrongExpectedVersion('s', 'no_stream', 0n).message).toBe('Stream s is at version 1, expected no_stream');
  });
});

describe('KurrentDB positions', () => {
  it('encodes (commit, prepare) as a fixed-width string that round-trips, up to 2^64 - 1', () => {
    const p = { commit: 123_456n, prepare: 123_400n };
    expect(encodeKurrentPosition(p)).toBe(`${'123456'.padStart(20, '0')}-${'123400'.padStart(20, '0')}`);
    expect(decodeKurrentPosition(encodeKurrentPosition(p))).toEqual(p);
    const max = { commit: MAX_U64, prepare: MAX_U64 };
    expect(decodeKurrentPosition(encodeKurrentPosition(max))).toEqual(max);
    expect(() => decodeKurrentPosition('esdb:1/2')).toThrow(TypeError);
  });

  it('orders positions by commit, then prepare, as comparePositions and as plain strings (a text checkpoint column)', () => {
    const positions = [
      { commit: 0n, prepare: 0n },
      { commit: 9n, prepare: 9n },
      // One append of several events: one commit, rising prepares.
      { commit: 10n, prepare: 10n },
      { commit: 10n, prepare: 250n },
      { commit: 10n, prepare: 1_000n },
      { commit: 1_000_000_000_000n, prepare: 5n },
      { commit: MAX_U64, prepare: 0n },
    ].map(encodeKurrentPosition);
    const shuffled = [positions[4], positions[0], positions[6], positions[2], positions[5], positions[1], positions[3]] as GlobalPosition[];
    expect([...shuffled].sort(comparePositions)).toEqual(positions);
    expect([...shuffled].sort()).toEqual(positions);
    expect(comparePositions(positions[3]!, encodeKurrentPosition({ commit: 10n, prepare: 250n }))).toBe(0);
    // The same shape as the SQL store's: a runner that stores and compares positions handles both alike.
    expect(encodeKurrentPosition({ commit: 7n, prepare: 900n })).toBe(encodePosition(7n, 900n));
  });
});

describe('KurrentDB event metadata', () => {
  const metadata = { tenant: 't1', actorId: 'u1', actorRole: 'teacher', commandId: 'cmd-1', correlationId: 'c1', causationId: 'c0' };

  it('keeps our metadata as given, with the schema version, command id and KurrentDB correlation keys beside it', () => {
    const stored = toStoredMetadata({ type: 'A', data: {}, metadata, schemaVersion: 3 }, 'cmd-1');
    expect(stored).toEqual({ ...metadata, $schemaVersion: 3, $commandId: 'cmd-1', $correlationId: 'c1', $causationId: 'c0' });
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
    expect(toStoredMetadata({ type: 'A', data: {} }, undefined)).toEqual({ $schemaVersion: 1 });
  });

  it('reads back exactly the metadata, schema version and command id that were stored', () => {
    const stored = toStoredMetadata({ type: 'A', data: {}, metadata: { ...metadata, extra: { n: 1 } }, schemaVersion: 2 }, 'cmd-9');
    expect(fromStoredMetadata(stored)).toEqual({ metadata: { ...metadata, extra: { n: 1 } }, schemaVersion: 2, commandId: 'cmd-9' });
    expect(fromStoredMetadata(toStoredMetadata({ type: 'A', data: {} }, undefined))).toEqual({
      metadata: {},
      schemaVersion: 1,
      commandId: undefined,
    });
  });

  it("reads another writer's events (no metadata, binary or odd metadata) as schema version 1 without a command", () => {
    const plain = { metadata: {}, schemaVersion: 1, commandId: undefined };
    expect(fromStoredMetadata(undefined)).toEqual(plain);
    expect(fromStoredMetadata(new Uint8Array([1, 2]))).toEqual(plain);
    expect(fromStoredMetadata(['a'])).toEqual(plain);
    expect(fromStoredMetadata({ $schemaVersion: 'two', $commandId: 5, tenant: 't' })).toEqual({ ...plain, metadata: { tenant: 't' } });
  });

  it('maps a KurrentDB record to our recorded event, versions from 1', () => {
    const created = new Date('2026-11-26T22:00:00.000Z');
    const record = {
      streamId: 'course-1',
      id: '6f3c1d2e-1111-4a4a-8b8b-0123456789ab',
      isJson: true,
      revision: 1n,
      type: 'CourseRenamed',
      created,
      data: { title: 'Algebra II', tags: ['a', 1, null] },
      metadata: toStoredMetadata({ type: 'CourseRenamed', data: {}, metadata: { tenant: 't1' }, schemaVersion: 2 }, undefined),
      position: { commit: 500n, prepare: 620n },
    } as KurrentRecordedEvent;
    expect(toRecordedEvent(record)).toEqual({
      eventId: record.id,
      type: 'CourseRenamed',
      schemaVersion: 2,
      data: { title: 'Algebra II', tags: ['a', 1, null] },
      metadata: { tenant: 't1' },
      streamId: 'course-1',
      streamVersion: 2,
      globalPosition: encodePosition(500n, 620n),
      recordedAt: created,
    });
    const binary = { ...record, isJson: false, data: new TextEncoder().encode('{"n":1}') } as KurrentRecordedEvent;
    expect(toRecordedEvent(binary).data).toEqual({ n: 1 });
    expect(() => toRecordedEvent({ ...record, position: undefined } as KurrentRecordedEvent)).toThrow(/without a position/);
  });
});

describe('KurrentDB filters', () => {
  it('matches exactly the named event types, whatever characters they hold', () => {
    const regex = new RegExp(eventTypesRegex(['AnswerSaved', 'Grade.Changed', 'a+b']));
    expect(['AnswerSaved', 'Grade.Changed', 'a+b'].every((t) => regex.test(t))).toBe(true);
    expect(['AnswerSavedLater', 'XAnswerSaved', 'GradeXChanged', 'aab', '$>'].some((t) => regex.test(t))).toBe(false);
    expect(() => eventTypesRegex([])).toThrow(RangeError);
  });

  it("tells KurrentDB's own events ($ types) from ours", () => {
    expect(['$>', '$metadata', '$statsCollected'].every(isSystemEventType)).toBe(true);
    expect(['CourseCreated', 'a$'].some(isSystemEventType)).toBe(false);
  });
});
