import type { z } from 'zod';
import { ApiError, apiErrorFrom, apiHeaders } from '../../../lib/api-client';

/**
 * POST `path` with a JSON body and read the newline-delimited JSON reply, handing each line that
 * matches `schema` to `onLine` (lines that do not are skipped). A refusal before the stream starts
 * (4xx/5xx) is an ApiError with the server's message; a 401 ends the session.
 */
export async function postNdjson<S extends z.ZodType>(
  path: string, body: unknown, schema: S, onLine: (line: z.infer<S>) => void, signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST', body: JSON.stringify(body), credentials: 'include', signal,
      headers: apiHeaders({ Accept: 'application/x-ndjson', 'Content-Type': 'application/json' }),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'Unable to reach the server. Check your connection and try again.', undefined, false);
  }
  if (!response.ok) throw await apiErrorFrom(response);
  if (!response.body) throw new ApiError(0, 'The server sent no reply.', undefined, false);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const take = (text: string) => {
    if (!text.trim()) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = schema.safeParse(json);
    if (parsed.success) onLine(parsed.data);
    else console.warn(`Skipping a line of ${path} that does not match the contract`, json);
  };
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const parts = (buffer + value).split('\n');
    buffer = parts.pop() ?? '';
    parts.forEach(take);
  }
  take(buffer);
}
