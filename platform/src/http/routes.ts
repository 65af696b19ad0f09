import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteDef } from '@evergrade/contracts';
import type { SessionStore } from '../auth/sessions';
import { authGuard } from './auth-guard';
import { safeRequest } from './safe-request';

type Input<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteRequest<R extends RouteDef> = FastifyRequest & {
  body: Input<R['body']>;
  params: Input<R['params']>;
  query: Input<R['querystring']>;
};

export type RouteHandler<R extends RouteDef> = (request: RouteRequest<R>, reply: FastifyReply) => Promise<z.input<R['reply']> | void>;

/** Registers one route of the contracts' table: its schemas validate input and reply, its access is enforced. */
export function registerRoute<R extends RouteDef>(app: FastifyInstance, sessions: SessionStore, def: R, handler: RouteHandler<R>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [def.kind],
      ...(def.params ? { params: def.params } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { 200: def.reply },
    },
    // Before validation: a caller without the right session learns nothing about the route's schema; then the
    // input's text is made safe (no NUL, no lone surrogate, bounded nesting) for every route alike.
    preValidation: [authGuard(sessions, def.access), safeRequest],
    handler: handler as never,
  });
}
