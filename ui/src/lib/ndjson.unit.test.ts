import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { ndjsonRefusal, readNdjson, splitLines } from './ndjson';

const LineSchema = z.object({ n: z.number() });

/** A streamed reply sent in the given chunks. */
function streamed(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson' } });
}

afterEach(() => vi.restoreAllMocks());

describe('newline-delimited JSON', () => {
  it('splits complete lines from the unfinished rest', () => {
    expect(splitLines(' {"a":1} \n\n{"b":2}\n{"c"')).toEqual({ lines: ['{"a":1}', '{"b":2}'], rest: '{"c"' });
  });

  it('hands on each matching line as it completes, across chunks, and resolves with the last', async () => {
    const seen: number[] = [];
    const last = await readNdjson(streamed(['{"n":1}\n{"n"', ':2}\n\n', '{"n":3}']), LineSchema, (l) => seen.push(l.n));
    expect(seen).toEqual([1, 2, 3]);
    expect(last).toEqual({ n: 3 });
  });

  it('skips lines that are not JSON or do not match, telling onMismatch about the latter', async () => {
    const seen: number[] = [];
    const mismatched: unknown[] = [];
    const last = await readNdjson(streamed(['{"n":1}\nnot json\n{"x":true}\n']), LineSchema, (l) => seen.push(l.n), {
      onMismatch: (j) => mismatched.push(j),
    });
    expect(seen).toEqual([1]);
    expect(mismatched).toEqual([{ x: true }]);
    expect(last).toEqual({ n: 1 });
  });

  it('resolves with null when nothing matched', async () => {
    expect(await readNdjson(streamed(['']), LineSchema, () => undefined)).toBeNull();
  });

  it('turns a refusal into an ApiError with the preferred field, else the fallback', async () => {
    const refused = () => new Response(JSON.stringify({ error: 'E', message: 'M' }), { status: 400 });
    const byError = await ndjsonRefusal(refused(), 'fallback');
    expect(byError).toBeInstanceOf(ApiError);
    expect([byError.status, byError.message, byError.fromServer]).toEqual([400, 'E', true]);
    expect((await ndjsonRefusal(refused(), 'fallback', 'message')).message).toBe('M');
    const plain = await ndjsonRefusal(new Response('oops', { status: 502 }), 'fallback');
    expect([plain.status, plain.message, plain.fromServer]).toEqual([502, 'fallback', false]);
  });
});
