import type { FastifyInstance } from 'fastify';
import { routes } from '@evergrade/contracts';
import type { DevOutbox } from '@evergrade/platform/mail';
import { registerRoute } from '@evergrade/platform/http';
import type { QueryServiceDeps } from '../context';

/** The dev outbox, newest first. Public and full of codes, so it is registered only when the outbox is on. */
export function devMailRoutes(app: FastifyInstance, deps: QueryServiceDeps, outbox: DevOutbox): void {
  registerRoute(app, deps.sessions, routes.devMail, async () => outbox.list());
}
