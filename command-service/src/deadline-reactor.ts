import { SESSION_GRACE_SECONDS, DEADLINE_POLL_MS, streamCategory, streamIds } from '@evergrade/contracts';
import type { EventStore, GlobalPosition, RecordedEvent, Subscription } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';
import { handleCommand } from './decider';
import { loadProcessCheckpoint, migrateProcessCheckpoints, saveProcessCheckpoint } from './process-checkpoints';
import { readToHead } from './read-to-head';
import { submissionDecider } from './submission/decide';

export type DeadlineReactor = {
  /**
   * One pass: bring the running sessions up to date with the log, then submit every one past its deadline and grace.
   * Returns how many it submitted.
   */
  tick(): Promise<number>;
  /**
   * Resume from the checkpoint, catch up with the log, then follow it and submit sessions as they fall due. Resolves
   * once caught up (a first start over a long log reads it all: callers need not wait).
   */
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** A running timed session; replaced (never changed) when its deadline moves. */
type Running = { tenant: string; assignmentId: number; studentId: number; deadline: string };

const CHECKPOINT = 'deadlines';
const BATCH = 1000;
/**
 * The checkpoint holds every running session, so writing it is O(sessions): a 16,000-student exam's is about 1.5 MB of
 * JSON. The polling loop writes it at most this often when the sessions changed, and only every CHECKPOINT_IDLE_MS
 * when just the position moved (other events of the log); start, tick and stop write at once. A checkpoint that lags
 * costs only a longer catch-up after a restart: applying an event twice changes nothing.
 */
const CHECKPOINT_EVERY_MS = 5_000;
const CHECKPOINT_IDLE_MS = 60_000;

const keyOf = (r: { tenant: string; assignmentId: number; studentId: number }) => `${r.tenant}\u0000${r.assignmentId}\u0000${r.studentId}`;

/** The submission stream's school: its metadata's, or the stream id's (`submission:{tenant}:{assignment}:{student}`). */
const tenantOf = (e: RecordedEvent) =>
  typeof e.metadata.tenant === 'string' ? e.metadata.tenant : e.streamId.split(':').slice(1, -2).join(':');

/** The running sessions after one event of the log: pure, and a second delivery of an event changes nothing. */
export function evolveRunning(running: Map<string, Running>, e: RecordedEvent): boolean {
  if (streamCategory(e.streamId) !== 'submission') return false;
  const d = e.data as { assignmentId: number; studentId: number; deadline?: string; newDeadline?: string };
  const session = { tenant: tenantOf(e), assignmentId: Number(d.assignmentId), studentId: Number(d.studentId) };
  const key = keyOf(session);
  switch (e.type) {
    case 'TimedSessionStarted':
      running.set(key, { ...session, deadline: String(d.deadline) });
      return true;
    case 'ExtraTimeGranted':
      // Only a running session is granted time; its deadline is the new one (absolute, so applying it twice is harmless).
      running.set(key, { ...session, deadline: String(d.newDeadline) });
      return true;
    case 'AssignmentSubmitted':
      return running.delete(key);
    default:
      return false;
  }
}

/**
 * The server's clock for timed work. It follows the log (store.subscribe from its own checkpoint, kept in
 * `command_process_checkpoints` with the running sessions it knows of), never a read model, and sends each session
 * past deadline + grace an ExpireSession command. The decider decides on the stream itself, so two replicas racing (or
 * a browser's auto-submit) make the second a no-op.
 */
export function createDeadlineReactor(options: {
  store: EventStore;
  db: Database;
  now?: () => Date;
  pollMs?: number;
  /** How often the polling loop writes a changed checkpoint at most (CHECKPOINT_EVERY_MS). */
  checkpointEveryMs?: number;
  onError?: (err: unknown) => void;
}): DeadlineReactor {
  const { store, db } = options;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? console.error;
  const running = new Map<string, Running>();
  // Sessions already sent ExpireSession without an error: the log will say what came of it (submitted, or more time,
  // which replaces the entry), so they are not sent it again. The set itself changes only with the log.
  const sent = new WeakSet<Running>();
  let position: GlobalPosition | undefined;
  /** The sessions changed since the checkpoint was last written; `moved`: only its position did. */
  let changed = false;
  let moved = false;
  let savedAt = 0;
  /** Each session's deadline as a time, parsed once (a pass looks at every running session). */
  const deadlineMs = new WeakMap<Running, number>();
  const dueAt = (r: Running) => {
    let ms = deadlineMs.get(r);
    if (ms === undefined) deadlineMs.set(r, (ms = new Date(r.deadline).getTime()));
    return ms;
  };
  let loaded: Promise<void> | null = null;
  let saving: Promise<void> = Promise.resolve();
  let subscription: Subscription | null = null;
  let timer: NodeJS.Timeout | null = null;
  let firing: Promise<number> | null = null;
  let starting: Promise<void> | null = null;
  let stopped = false;

  const load = () => {
    loaded ??= (async () => {
      await migrateProcessCheckpoints(db);
      const checkpoint = await loadProcessCheckpoint<Running[]>(db, CHECKPOINT);
      // Another pass (tick) may have read events meanwhile: only what is ahead of the checkpoint counts.
      if (position === undefined) {
        position = checkpoint.position;
        for (const r of checkpoint.state ?? []) running.set(keyOf(r), r);
      }
      // The checkpoint read is as good as one just written: the period starts now.
      savedAt = Date.now();
    })().catch((err: unknown) => {
      loaded = null;
      throw err;
    });
    return loaded;
  };

  /** Events arrive from the subscription and from tick's own catch-up: each is applied once, in log order. */
  const apply = (e: RecordedEvent) => {
    if (position !== undefined && store.comparePositions(e.globalPosition, position) <= 0) return;
    if (evolveRunning(running, e)) changed = true;
    position = e.globalPosition;
    moved = true;
  };

  /** Write the checkpoint if anything moved; `throttled` (the polling loop) only as often as said above. */
  const save = (throttled = false) => {
    if (!changed && !moved) return saving;
    const since = Date.now() - savedAt;
    if (throttled && since < (changed ? (options.checkpointEveryMs ?? CHECKPOINT_EVERY_MS) : CHECKPOINT_IDLE_MS)) return saving;
    const wasChanged = changed;
    changed = moved = false;
    savedAt = Date.now();
    const state = [...running.values()];
    const at = position;
    saving = saving
      .then(() => saveProcessCheckpoint(db, CHECKPOINT, at, state))
      .catch((err: unknown) => {
        if (wasChanged) changed = true;
        moved = true;
        onError(err);
      });
    return saving;
  };

  /** Everything committed before the call is applied. */
  async function catchUp(): Promise<void> {
    await readToHead(store, position, apply, { batch: BATCH, stopped: () => stopped });
  }

  async function submitDue(): Promise<number> {
    // One instant for the pass: the decider must judge each session by the clock it was found due by.
    const at = now();
    const cutoff = at.getTime() - SESSION_GRACE_SECONDS * 1000;
    const due = [...running.values()].filter((r) => !sent.has(r) && dueAt(r) < cutoff).sort((a, b) => dueAt(a) - dueAt(b));
    let submitted = 0;
    for (const r of due) {
      try {
        const result = await handleCommand(
          store,
          streamIds.submission(r.tenant, r.assignmentId, r.studentId),
          submissionDecider,
          { type: 'ExpireSession', assignmentId: r.assignmentId, studentId: r.studentId, now: at.toISOString() },
          { metadata: { tenant: r.tenant, actorId: 'system', actorRole: 'system' } },
        );
        if (result.events.length > 0) submitted++;
        sent.add(r);
      } catch (err) {
        // One stream's trouble must not hold up the others; the next pass tries it again.
        onError(err);
      }
    }
    return submitted;
  }

  async function tick(): Promise<number> {
    await load();
    await catchUp();
    await save();
    return submitDue();
  }

  const loop = () => {
    if (firing) return;
    firing = submitDue()
      .then(async (n) => {
        await save(true);
        return n;
      })
      .catch((err: unknown) => {
        onError(err);
        return 0;
      })
      .finally(() => {
        firing = null;
      });
  };

  return {
    tick,
    start() {
      stopped = false;
      starting ??= (async () => {
        // Caught up before the first pass, so a session submitted later in the log is not sent a (no-op) command.
        await load();
        await catchUp();
        await save();
        if (stopped) return;
        subscription = store.subscribe({ after: position, batchSize: BATCH }, apply);
        subscription.done.catch(onError);
        timer = setInterval(loop, options.pollMs ?? DEADLINE_POLL_MS);
      })();
      return starting;
    },
    async stop() {
      stopped = true;
      await starting?.catch(() => {});
      starting = null;
      if (timer) clearInterval(timer);
      timer = null;
      await subscription?.stop();
      subscription = null;
      await firing;
      await save();
    },
  };
}
