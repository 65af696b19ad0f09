import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandler, jsonNotFound } from './error-handler';

/** What every Fastify instance hosting our plugins needs once: zod compilers, cookies, the error handler. */
export async function prepareHttp(
  app: FastifyInstance,
  options: { notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown } = {},
): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  await app.register(cookie);
  installErrorHandler(app);
  app.setNotFoundHandler(options.notFound ?? jsonNotFound);
}
