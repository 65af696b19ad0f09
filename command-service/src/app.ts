import type { FastifyInstance } from 'fastify';
import type { CommandServiceDeps } from './context';
import { answerRoutes } from './routes/answers';
import { authRoutes } from './routes/auth';

/** Every `kind: command` route. A plugin, not a server: standalone and main.ts decide where it runs. */
export async function commandService(app: FastifyInstance, deps: CommandServiceDeps): Promise<void> {
  authRoutes(app, deps);
  answerRoutes(app, deps);
}
