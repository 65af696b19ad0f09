import { MESSAGES, TIMER_MESSAGES } from '@evergrade/contracts';

/**
 * Answers not yet acknowledged by the server, kept in the browser's IndexedDB so they survive a reload, a closed
 * tab or a crash. One entry per (user, assignment, question): the newest edit; the server applies edits newest-first
 * by their client time and each request once by its command id, so resending is always safe.
 */
export type QueuedSave = {
  key: string;
  userId: number;
  assignmentId: number;
  questionId: number;
  questionNumber: number;
  content: string | null;
  /** The edit's time by this browser's clock, never earlier than a previous edit of the same question. */
  clientSavedAt: string;
  commandId: string;
  /**
   * The server refused this edit for good (its message): the text stays on the device, shown to the student,
   * but is not sent again until the student changes it (a new edit) or reopens the assignment.
   */
  refused?: string;
};

/**
 * sent: acknowledged. kept: the connection is down, stays queued. retry: the server could not apply it yet (a
 * conflict), stays queued and is sent again soon. refused: a 4xx for good, stays on the device marked refused.
 */
export type SaveOutcome = 'sent' | 'kept' | 'retry' | 'refused';

const statusOf = (err: unknown) => (err as { status?: unknown })?.status;

/** A save failed in a way worth retrying later: no connection, the server failing, the session lost (401, 422). */
export const isTransient = (err: unknown): boolean => {
  const status = statusOf(err);
  if (typeof status !== 'number') return true;
  return status === 0 || status === 401 || status === 408 || status === 422 || status === 429 || status >= 500;
};

/** The answer can no longer change (submitted, past due, graded, time up): a 409 that no retry can fix. */
const LOCKED = new Set<string>([
  MESSAGES.alreadySubmitted,
  MESSAGES.pastDue,
  MESSAGES.graded,
  MESSAGES.questionGraded,
  MESSAGES.lockedTooltip,
  MESSAGES.noOnlineSubmissions,
  TIMER_MESSAGES.timeLimitPassed,
  TIMER_MESSAGES.notStarted,
]);

/** A 409 other than a lock: the data changed while saving; the same edit is sent again (never dropped). */
export const isConflict = (err: unknown): boolean =>
  statusOf(err) === 409 && !LOCKED.has(String((err as { message?: unknown }).message ?? ''));

/** What the student is told about a refusal: the server's message, or a plain one when it sent none. */
export const refusalMessage = (err: unknown): string => {
  const { message, fromServer } = err as { message?: unknown; fromServer?: unknown };
  return typeof message === 'string' && message && fromServer !== false ? message : MESSAGES.saveFailed;
};

export const queueKey = (userId: number, assignmentId: number, questionId: number) => `${userId}:${assignmentId}:${questionId}`;

const DB_NAME = 'evergrade-offline';
const STORE = 'saves';

type Backend = {
  put(save: QueuedSave): Promise<void>;
  get(key: string): Promise<QueuedSave | undefined>;
  delete(key: string): Promise<void>;
  all(): Promise<QueuedSave[]>;
};

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function indexedDbBackend(factory: IDBFactory): Backend {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(DB_NAME, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'key' });
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, op: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const tx = (await db()).transaction(STORE, mode);
    const result = await request(op(tx.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    return result;
  };
  return {
    put: async (save) => {
      await run('readwrite', (s) => s.put(save));
    },
    get: (key) => run('readonly', (s) => s.get(key) as IDBRequest<QueuedSave | undefined>),
    delete: async (key) => {
      await run('readwrite', (s) => s.delete(key));
    },
    all: () => run('readonly', (s) => s.getAll() as IDBRequest<QueuedSave[]>),
  };
}

/** Where IndexedDB is unavailable (some private modes): the queue lives as long as the page. */
function memoryBackend(): Backend {
  const map = new Map<string, QueuedSave>();
  return {
    put: async (save) => {
      map.set(save.key, save);
    },
    get: async (key) => map.get(key),
    delete: async (key) => {
      map.delete(key);
    },
    all: async () => [...map.values()],
  };
}

export class SaveQueue {
  private readonly lastStamp = new Map<string, number>();
  /** One flush at a time, so two triggers (online event, timer) never send the same entry twice at once. */
  private flushing: Promise<unknown> = Promise.resolve();
  /** Writes one after another, so an entry read and replaced by one write is never overwritten by an older one. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly backend: Backend) {}

  /**
   * A time for a new edit, at once (an edit is kept before the page may close): the browser's clock, but always
   * after the previous edit of this question, including those a previous visit kept (`pending` remembers them).
   */
  stamp(key: string, nowMs = Date.now()): string {
    const t = Math.max(nowMs, (this.lastStamp.get(key) ?? 0) + 1);
    this.lastStamp.set(key, t);
    return new Date(t).toISOString();
  }

  private write<T>(op: () => Promise<T>): Promise<T> {
    const run = this.writing.then(op);
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** Keep the edit until the server acknowledges it; an older edit never replaces a newer one. */
  put(save: QueuedSave): Promise<void> {
    return this.write(async () => {
      const existing = await this.backend.get(save.key);
      if (existing && Date.parse(existing.clientSavedAt) > Date.parse(save.clientSavedAt)) return;
      await this.backend.put(save);
    });
  }

  /** Acknowledged: forget it, unless a newer edit has replaced it meanwhile. */
  settle(save: QueuedSave): Promise<void> {
    return this.write(async () => {
      const existing = await this.backend.get(save.key);
      if (existing?.commandId === save.commandId) await this.backend.delete(save.key);
    });
  }

  /** Refused for good: keep the text on the device, marked so that it is not sent again by itself. */
  refuse(save: QueuedSave, message: string): Promise<void> {
    return this.write(async () => {
      const existing = await this.backend.get(save.key);
      if (existing?.commandId === save.commandId) await this.backend.put({ ...existing, refused: message });
    });
  }

  async pending(userId: number, assignmentId?: number): Promise<QueuedSave[]> {
    const kept = (await this.backend.all())
      .filter((s) => s.userId === userId && (assignmentId === undefined || s.assignmentId === assignmentId))
      .sort((a, b) => Date.parse(a.clientSavedAt) - Date.parse(b.clientSavedAt));
    for (const s of kept) {
      const t = Date.parse(s.clientSavedAt);
      if (Number.isFinite(t) && t > (this.lastStamp.get(s.key) ?? 0)) this.lastStamp.set(s.key, t);
    }
    return kept;
  }

  /**
   * Send what is waiting, oldest edit first. Stops at the first transient failure (the connection is still down);
   * a conflict leaves the entry for the next flush; a refusal (the text cannot be stored, the assignment was
   * submitted) keeps the entry marked refused. Refused entries are sent again only with `retryRefused` (a new
   * visit: the server or the assignment may have changed). Returns what happened to each entry it looked at.
   */
  flush(
    userId: number,
    send: (save: QueuedSave) => Promise<unknown>,
    assignmentId?: number,
    retryRefused = false,
  ): Promise<Map<QueuedSave, SaveOutcome>> {
    const run = this.flushing.then(async () => {
      const outcomes = new Map<QueuedSave, SaveOutcome>();
      let down = false;
      for (const save of await this.pending(userId, assignmentId)) {
        if (save.refused && !retryRefused) continue;
        if (down) {
          outcomes.set(save, 'kept');
          continue;
        }
        try {
          await send(save);
          await this.settle(save);
          outcomes.set(save, 'sent');
        } catch (err) {
          if (isTransient(err)) {
            down = true;
            outcomes.set(save, 'kept');
            continue;
          }
          if (isConflict(err)) {
            outcomes.set(save, 'retry');
            continue;
          }
          console.error('A queued answer was refused', err);
          const refused = { ...save, refused: refusalMessage(err) };
          await this.refuse(save, refused.refused);
          outcomes.set(refused, 'refused');
        }
      }
      return outcomes;
    });
    this.flushing = run.catch(() => undefined);
    return run;
  }
}

export const createSaveQueue = (factory: IDBFactory | undefined = globalThis.indexedDB) =>
  new SaveQueue(factory ? indexedDbBackend(factory) : memoryBackend());

let shared: SaveQueue | null = null;
/** The page's queue (one IndexedDB connection per page). */
export const saveQueue = (): SaveQueue => (shared ??= createSaveQueue());
