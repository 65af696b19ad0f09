import { describe, expect, it } from 'vitest';
import { comparePositions, encodePosition } from './position';
import { parseTimestamptz } from './sql-event-store';

describe('parseTimestamptz (PostgreSQL ISO output)', () => {
  it('reads UTC and offset times, with and without fractions, as the same instant', () => {
    expect(parseTimestamptz('2026-01-05 08:00:00+00').toISOString()).toBe('2026-01-05T08:00:00.000Z');
    expect(parseTimestamptz('2026-01-05 08:00:00.123456+00').toISOString()).toBe('2026-01-05T08:00:00.123Z');
    expect(parseTimestamptz('2026-01-05 08:00:00.1+05:30').toISOString()).toBe('2026-01-05T02:30:00.100Z');
    expect(parseTimestamptz('2026-01-05 08:00:00-03').toISOString()).toBe('2026-01-05T11:00:00.000Z');
    expect(parseTimestamptz('1999-12-31 23:59:59.999999+00').toISOString()).toBe('1999-12-31T23:59:59.999Z');
  });

  it('leaves any other form to Date', () => {
    expect(parseTimestamptz('2026-01-05T08:00:00.000Z').toISOString()).toBe('2026-01-05T08:00:00.000Z');
  });
});

describe('comparePositions', () => {
  it('orders encoded positions by transaction, then position, and others the slow way', () => {
    const a = encodePosition(7n, 900n);
    const b = encodePosition(8n, 5n);
    expect(comparePositions(a, b)).toBe(-1);
    expect(comparePositions(b, a)).toBe(1);
    expect(comparePositions(a, encodePosition('7', '900'))).toBe(0);
    expect(comparePositions('7-900' as never, b)).toBe(-1);
    expect(() => comparePositions('x'.repeat(41) as never, a)).toThrow(TypeError);
  });
});
