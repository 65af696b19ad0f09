import type { FastifyRequest } from 'fastify';
import { MIN_POSITION_HEADER } from '@evergrade/contracts';
import type { QueryServiceDeps } from './context';

/**
 * Read-your-writes: a command reply carries its last event's position; a query that sends it back in
 * X-Min-Position waits (bounded) until the projections it reads have passed it.
 *
 * A position no command could have returned is answered at once with the current data, not held for the
 * bound and not refused: one past the head of the log (a made-up or far-future value, or one from before the
 * database was replaced), or one that is not a position at all. Refusing it with 400 would break a page
 * whose client kept a position across a reset; holding it would let anyone pin a request for the whole bound.
 */
export async function awaitProjections(request: FastifyRequest, deps: QueryServiceDeps, projections: readonly string[]): Promise<void> {
  const wanted = request.headers[MIN_POSITION_HEADER];
  if (typeof wanted !== 'string' || wanted === '') return;
  if (!(await withinLog(deps, wanted))) return;
  const deadline = Date.now() + (deps.maxWaitMs ?? 3000);
  for (;;) {
    const { rows } = await deps.db.query<{ position: string | null }>('SELECT position FROM projection_checkpoints WHERE name = ANY($1)', [
      projections,
    ]);
    const done = rows.length === projections.length && rows.every((r) => r.position !== null && safeCompare(deps, r.position, wanted) >= 0);
    if (done || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** Whether `wanted` is a position at or before the last committed event (a command's reply always is). */
async function withinLog(deps: QueryServiceDeps, wanted: string): Promise<boolean> {
  // From the store, wherever its events live (PostgreSQL's events table, or KurrentDB).
  const head = await deps.store.headPosition();
  if (!head) return false;
  try {
    return deps.store.comparePositions(wanted as never, head) <= 0;
  } catch {
    return false;
  }
}

function safeCompare(deps: QueryServiceDeps, a: string, b: string): number {
  try {
    return deps.store.comparePositions(a as never, b as never);
  } catch {
    return 1;
  }
}
