import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeInput, safeText } from '@evergrade/contracts';

type Part = { type: 'file' | 'field'; fieldname: string; filename?: string; value?: unknown };
type PartsReader = (...args: unknown[]) => AsyncIterableIterator<Part>;

/**
 * The one place text is made safe on the way in (see contracts/src/safe-text.ts): after the auth guard and before
 * validation, for every route of the table, the body, query and path parameters; a multipart form's field values,
 * field names and file names as the handler reads its parts. NUL is removed, lone surrogates become U+FFFD, and JSON
 * nested deeper than MAX_INPUT_DEPTH is a 400, so no text can reach PostgreSQL in a form it refuses.
 */
export async function safeRequest(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.body !== undefined) request.body = safeInput(request.body);
  request.query = safeInput(request.query);
  request.params = safeInput(request.params);
  const multipart = request as unknown as { parts?: PartsReader; isMultipart?: () => boolean };
  const parts = multipart.parts;
  if (typeof parts === 'function' && multipart.isMultipart?.()) {
    (request as unknown as { parts: PartsReader }).parts = function safeParts(this: unknown, ...args: unknown[]) {
      return cleanParts(parts.apply(this, args));
    };
  }
}

async function* cleanParts(parts: AsyncIterableIterator<Part>): AsyncIterableIterator<Part> {
  for await (const part of parts) {
    part.fieldname = safeText(part.fieldname);
    if (typeof part.filename === 'string') part.filename = safeText(part.filename);
    if (part.type === 'field' && typeof part.value === 'string') part.value = safeText(part.value);
    yield part;
  }
}
