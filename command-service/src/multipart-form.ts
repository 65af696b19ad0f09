import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DomainError, MESSAGES, ValidationError } from '@evergrade/contracts';

/**
 * Every part of a multipart request, handed to `onPart` in order. What the parser cannot read is the sender's
 * fault, never a 500: a body cut off, a wrong or missing boundary or a malformed part is a 400 saying so; a file
 * over the size limit is a 413 with the route's own `tooLarge` message; more files or fields than the form takes,
 * a 413. Refusals `onPart` throws (DomainErrors) pass through as they are.
 */
export async function readParts(request: FastifyRequest, tooLarge: string, onPart: (part: Multipart) => Promise<void>): Promise<void> {
  try {
    for await (const part of request.parts()) await onPart(part);
  } catch (err) {
    throw formRefusal(err, tooLarge);
  }
}

/** The refusal for an error met while reading a multipart body. */
export function formRefusal(err: unknown, tooLarge: string): DomainError {
  if (err instanceof DomainError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError(413, tooLarge);
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new DomainError(413, MESSAGES.formLimits);
    default:
      // busboy's own errors (no status): unexpected end of data, boundary not found, malformed headers.
      return new ValidationError(MESSAGES.brokenForm);
  }
}
