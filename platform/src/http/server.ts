import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { prepareHttp } from './setup';
import type { SecurityHeaderOptions } from './security-headers';

/** A Fastify instance ready for our plugins: logging, timeouts, zod, cookies, one error handler. */
export async function createHttpServer(
  options: {
    logLevel?: string;
    trustProxy?: boolean;
    notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
    /** The blob store's browser origins for the Content-Security-Policy (see security-headers.ts). */
    securityHeaders?: SecurityHeaderOptions;
    /** The platform operator's key (`operator` routes: read-model status and rebuilds); unset, they answer 403. */
    operatorKey?: string | null;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? process.env.LOG_LEVEL ?? 'info' },
    requestTimeout: 120_000,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  });
  await prepareHttp(app, {
    ...(options.notFound ? { notFound: options.notFound } : {}),
    ...(options.securityHeaders ? { securityHeaders: options.securityHeaders } : {}),
    operatorKey: options.operatorKey ?? null,
  });
  return app;
}

/** Runs `close` once on SIGINT or SIGTERM, then exits. */
export function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  const handler = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, shutting down`);
    close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
