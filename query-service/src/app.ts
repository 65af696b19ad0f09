import type { FastifyInstance } from 'fastify';
import type { QueryServiceDeps } from './context';
import { authQueryRoutes } from './routes/auth';
import { instructorRoutes } from './routes/instructors';
import { studentRoutes } from './routes/students';

/** Every `kind: query` route. */
export async function queryService(app: FastifyInstance, deps: QueryServiceDeps): Promise<void> {
  authQueryRoutes(app, deps);
  studentRoutes(app, deps);
  instructorRoutes(app, deps);
}
