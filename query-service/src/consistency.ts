import type { FastifyRequest } from 'fastify';
import { MIN_POSITION_HEADER } from '@evergrade/contracts';
import type { QueryServiceDeps } from './context';

/**
 * Read-your-writes: a command reply carries its last event's position; a query that sends it back in
 * X-Min-Position waits (bounded) until the projections it reads have passed it.
 */
export async function awaitProjections(request: FastifyRequest, deps: QueryServiceDeps, projections: readonly string[]): Promise<void> {
  const wanted = request.headers[MIN_POSITION_HEADER];
  if (typeof wanted !== 'string' || wanted === '') return;
  const deadline = Date.now() + (deps.maxWaitMs ?? 3000);
  for (;;) {
    const { rows } = await deps.db.query<{ position: string | null }>(
      'SELECT position FROM projection_checkpoints WHERE name = ANY($1)', [projections]);
    const done = rows.length === projections.length && rows.every(
      (r) => r.position !== null && safeCompare(deps, r.position, wanted) >= 0);
    if (done || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 15));
  }
}

function safeCompare(deps: QueryServiceDeps, a: string, b: string): number {
  try {
    return deps.store.comparePositions(a as never, b as never);
  } catch {
    return 1;
  }
}
