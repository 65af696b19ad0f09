import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, INPUT_MESSAGES, MESSAGES } from '@evergrade/contracts';
import { WrongExpectedVersionError } from '../event-store/types';
import { isDataException } from '../sql/errors';

/** One error handler: 4xx with a message (and the field, when one is at fault); 5xx logged, details hidden. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      const field = path || err.validationContext || 'body';
      const text = first?.message ?? 'Invalid input';
      const message = text.startsWith(field) ? text : `${field}: ${text}`;
      return reply.code(400).send({ message, field });
    }
    if (err instanceof DomainError) {
      return reply.code(err.statusCode).send(err.field ? { message: err.message, field: err.field } : { message: err.message });
    }
    if (err instanceof WrongExpectedVersionError) return reply.code(409).send({ message: MESSAGES.conflict });
    if (isDataException(err)) {
      // The schemas let through a value the database cannot use (an id past its column's range): the input's fault.
      request.log.warn({ err }, 'request value refused by the database');
      return reply.code(400).send({ message: INPUT_MESSAGES.unusableValue });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: MESSAGES.internal });
  });
}

export const jsonNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  reply.code(404).send({ message: `No route ${request.method} ${request.url.split('?')[0]}` });
