import type { z } from 'zod';
import { ApiError, apiErrorFrom, apiHeaders, fetchOrUnreachable } from './api-client';

/**
 * Newline-delimited JSON replies (the streaming routes: document processing, PDF submissions, grading).
 * One reader for all of them: `readNdjson` for the body, `ndjsonRefusal` for a reply refused before the
 * stream starts, and `postNdjson` for a JSON POST that follows the session rules of callApi.
 */

/** The complete lines of a newline-delimited JSON buffer (trimmed, blank ones dropped) and the unfinished rest. */
export function splitLines(buffer: string): { lines: string[]; rest: string } {
  const parts = buffer.split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.map((l) => l.trim()).filter(Boolean), rest };
}

export type ReadNdjsonOptions = {
  /** Called with a JSON line that does not match the schema (it is skipped either way). */
  onMismatch?: (json: unknown) => void;
};

/**
 * Read a newline-delimited JSON body line by line, handing each line that matches `schema` to `onLine`
 * as it arrives; lines that are not JSON or do not match are skipped. Resolves with the last line handed
 * on (null when there was none, or no body). An abort of the request's signal rejects the read.
 */
export async function readNdjson<S extends z.ZodType>(
  response: Response,
  schema: S,
  onLine: (line: z.infer<S>) => void,
  { onMismatch }: ReadNdjsonOptions = {},
): Promise<z.infer<S> | null> {
  if (!response.body) return null;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let last: z.infer<S> | null = null;
  const take = (text: string) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      onMismatch?.(json);
      return;
    }
    last = parsed.data;
    onLine(parsed.data);
  };
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { lines, rest } = splitLines(buffer + value);
    buffer = rest;
    lines.forEach(take);
  }
  if (buffer.trim()) take(buffer.trim());
  return last;
}

/**
 * A streaming route refused before its stream started (or sent no body): an ApiError with the reply's
 * `error` or `message` (in the order `prefer` names first), else `fallback`. The document routes send both.
 */
export async function ndjsonRefusal(response: Response, fallback: string, prefer: 'error' | 'message' = 'error'): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
  const message = prefer === 'error' ? body?.error || body?.message : body?.message || body?.error;
  return new ApiError(response.status, message || fallback, undefined, !!body);
}

/**
 * POST `path` with a JSON body and read the newline-delimited JSON reply, handing each line that
 * matches `schema` to `onLine` (lines that do not are skipped). A refusal before the stream starts
 * (4xx/5xx) is an ApiError with the server's message; a 401 ends the session. Resolves with the last line.
 */
export async function postNdjson<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  onLine: (line: z.infer<S>) => void,
  signal?: AbortSignal,
): Promise<z.infer<S> | null> {
  const response = await fetchOrUnreachable(path, {
    method: 'POST',
    body: JSON.stringify(body),
    credentials: 'include',
    signal,
    headers: apiHeaders({ Accept: 'application/x-ndjson', 'Content-Type': 'application/json' }),
  });
  if (!response.ok) throw await apiErrorFrom(response);
  if (!response.body) throw new ApiError(0, 'The server sent no reply.', undefined, false);
  return readNdjson(response, schema, onLine, {
    onMismatch: (json) => console.warn(`Skipping a line of ${path} that does not match the contract`, json),
  });
}
