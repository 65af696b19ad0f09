import type { EventMetadata, NewEvent } from './types';

export const newEvent = (type: string, data: Record<string, unknown> = {}, metadata?: EventMetadata): NewEvent =>
  metadata ? { type, data, metadata } : { type, data };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

export const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** Deterministic, so a failing interleaving can be rerun. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}
