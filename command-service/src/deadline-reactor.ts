import { SESSION_GRACE_SECONDS, DEADLINE_POLL_MS, streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';
import { handleCommand } from './decider';
import { submissionDecider } from './submission/decide';

export type DeadlineReactor = {
  /** One pass: submit every running session past its deadline and grace. Returns how many it submitted. */
  tick(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

type Due = { tenant: string; assignment_id: number; student_id: number };

/**
 * The server's clock for timed work: it finds running sessions past deadline + grace in the timed-sessions read
 * model and sends each an ExpireSession command. The decider decides on the stream itself, so a lagging read model
 * only delays it, and two replicas racing (or a browser's auto-submit) make the second a no-op.
 */
export function createDeadlineReactor(options: {
  store: EventStore; db: Database; now?: () => Date; pollMs?: number; onError?: (err: unknown) => void;
}): DeadlineReactor {
  const { store, db } = options;
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function findDue(): Promise<Due[]> {
    const cutoff = new Date(now().getTime() - SESSION_GRACE_SECONDS * 1000).toISOString();
    try {
      const { rows } = await db.query<Due>(
        `SELECT tenant, assignment_id, student_id FROM timed_sessions WHERE status = 'active' AND deadline < $1
         ORDER BY deadline LIMIT 200`, [cutoff]);
      return rows;
    } catch (err) {
      // Distributed mode: the projectors process may not have created the table yet.
      if ((err as { code?: string }).code === '42P01') return [];
      throw err;
    }
  }

  async function tick(): Promise<number> {
    let submitted = 0;
    for (const d of await findDue()) {
      try {
        const result = await handleCommand(store, streamIds.submission(d.tenant, d.assignment_id, d.student_id), submissionDecider,
          { type: 'ExpireSession', assignmentId: d.assignment_id, studentId: d.student_id, now: now().toISOString() },
          { metadata: { tenant: d.tenant, actorId: 'system', actorRole: 'system' } });
        if (result.events.length > 0) submitted++;
      } catch (err) {
        // One stream's trouble must not hold up the others; the next pass tries it again.
        (options.onError ?? console.error)(err);
      }
    }
    return submitted;
  }

  const loop = () => {
    if (running) return;
    running = tick().catch((err) => { (options.onError ?? console.error)(err); return 0; }).finally(() => { running = null; });
  };

  return {
    tick,
    start() {
      if (!timer) timer = setInterval(loop, options.pollMs ?? DEADLINE_POLL_MS);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
