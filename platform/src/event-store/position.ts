import type { GlobalPosition } from './types';

// Both parts fixed-width (xid8 and bigint fit in 20 digits), so positions also sort correctly as
// plain strings, e.g. in a text checkpoint column.
const WIDTH = 20;
const FORMAT = /^(\d{1,20})-(\d{1,20})$/;
const ENCODED = 2 * WIDTH + 1;
/** The shape `encodePosition` gives (anything else goes through `decodePosition`, which rejects what is not a position). */
const isEncoded = (s: string) => s.length === ENCODED && s.charCodeAt(WIDTH) === 45; /* - */

export type PositionParts = { transactionId: bigint; position: bigint };

export function encodePosition(transactionId: string | bigint, position: string | bigint): GlobalPosition {
  return `${String(transactionId).padStart(WIDTH, '0')}-${String(position).padStart(WIDTH, '0')}` as GlobalPosition;
}

export function decodePosition(value: GlobalPosition | string): PositionParts {
  const match = FORMAT.exec(value);
  if (!match) throw new TypeError(`Not a global position: ${JSON.stringify(value)}`);
  return { transactionId: BigInt(match[1]!), position: BigInt(match[2]!) };
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  // Positions this module encoded compare as plain strings (both parts fixed-width): no parsing on the hot path
  // (a runner compares every event of a batch with each projection's checkpoint).
  if (isEncoded(a) && isEncoded(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = decodePosition(a);
  const y = decodePosition(b);
  if (x.transactionId !== y.transactionId) return x.transactionId < y.transactionId ? -1 : 1;
  if (x.position !== y.position) return x.position < y.position ? -1 : 1;
  return 0;
}
