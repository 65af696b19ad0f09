import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandler, jsonNotFound } from './error-handler';
import { createSecurityHeaders, type SecurityHeaderOptions } from './security-headers';

/**
 * What every Fastify instance hosting our plugins needs once: zod compilers, cookies, the error handler, and
 * the security headers (CSP, frame-ancestors, Referrer-Policy, nosniff…) on every response, 404s and errors too.
 */
export async function prepareHttp(
  app: FastifyInstance,
  options: {
    notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
    securityHeaders?: SecurityHeaderOptions;
    /** The platform operator's key for `operator` routes; unset, they answer 403. */
    operatorKey?: string | null;
  } = {},
): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('session', null);
  app.decorate('operatorKey', options.operatorKey ?? null);
  // The same headers as the gateway's (helmet's middleware, built once: @fastify/helmet builds it again on every
  // request, parsing the whole policy each time). First of all hooks, so 404s and errors carry them too.
  const securityHeaders = createSecurityHeaders(options.securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw);
    done();
  });
  await app.register(cookie);
  installErrorHandler(app);
  app.setNotFoundHandler(options.notFound ?? jsonNotFound);
}
