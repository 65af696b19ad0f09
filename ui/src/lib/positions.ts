import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Read-your-writes: after a command the refetches it triggers carry the command's log position in
 * X-Min-Position, so the server answers only once its projections have passed it.
 */
const STALE_FOR_MS = 30_000;
const pending = new Map<string, { key: QueryKey; position: string; until: number }>();

export function maxPosition(a: string | null | undefined, b: string | null | undefined): string | null {
  if (a == null) return b ?? null;
  if (b == null) return a;
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return BigInt(a) >= BigInt(b) ? a : b;
  return a.length !== b.length ? (a.length > b.length ? a : b) : a >= b ? a : b;
}

const isPrefix = (prefix: QueryKey, key: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

/** The highest position a refetch of this key must reflect, if any. */
export function minPositionFor(key: QueryKey, now = Date.now()): string | null {
  let best: string | null = null;
  for (const [hash, entry] of pending) {
    if (entry.until < now) pending.delete(hash);
    else if (isPrefix(entry.key, key)) best = maxPosition(best, entry.position);
  }
  return best;
}

/** Invalidate `key` (a prefix) so that its refetch reflects at least `position`. */
export function invalidateAt(client: QueryClient, key: QueryKey, position: string | null | undefined): Promise<void> {
  if (position) {
    const hash = JSON.stringify(key);
    const previous = pending.get(hash)?.position;
    pending.set(hash, { key, position: maxPosition(previous, position) ?? position, until: Date.now() + STALE_FOR_MS });
  }
  return client.invalidateQueries({ queryKey: key });
}

export function forgetPositions(): void {
  pending.clear();
}
