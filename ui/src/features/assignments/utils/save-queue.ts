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
};

export type SaveOutcome = 'sent' | 'refused' | 'kept';

/** A save failed in a way worth retrying later: no connection, the server failing, the session lost. */
export const isTransient = (err: unknown): boolean => {
  const status = (err as { status?: unknown })?.status;
  if (typeof status !== 'number') return true;
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
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
    put: async (save) => { await run('readwrite', (s) => s.put(save)); },
    get: (key) => run('readonly', (s) => s.get(key) as IDBRequest<QueuedSave | undefined>),
    delete: async (key) => { await run('readwrite', (s) => s.delete(key)); },
    all: () => run('readonly', (s) => s.getAll() as IDBRequest<QueuedSave[]>),
  };
}

/** Where IndexedDB is unavailable (some private modes): the queue lives as long as the page. */
function memoryBackend(): Backend {
  const map = new Map<string, QueuedSave>();
  return {
    put: async (save) => { map.set(save.key, save); },
    get: async (key) => map.get(key),
    delete: async (key) => { map.delete(key); },
    all: async () => [...map.values()],
  };
}

export class SaveQueue {
  private readonly lastStamp = new Map<string, number>();
  /** One flush at a time, so two triggers (online event, timer) never send the same entry twice at once. */
  private flushing: Promise<unknown> = Promise.resolve();

  constructor(private readonly backend: Backend) {}

  /** A time for a new edit: the browser's clock, but always after the previous edit of this question. */
  async stamp(key: string, nowMs = Date.now()): Promise<string> {
    const previous = this.lastStamp.get(key) ?? Date.parse((await this.backend.get(key))?.clientSavedAt ?? '') ?? 0;
    const t = Math.max(nowMs, (Number.isFinite(previous) ? previous : 0) + 1);
    this.lastStamp.set(key, t);
    return new Date(t).toISOString();
  }

  /** Keep the edit until the server acknowledges it; an older edit never replaces a newer one. */
  async put(save: QueuedSave): Promise<void> {
    const existing = await this.backend.get(save.key);
    if (existing && Date.parse(existing.clientSavedAt) > Date.parse(save.clientSavedAt)) return;
    await this.backend.put(save);
  }

  /** Acknowledged (or refused for good): forget it, unless a newer edit has replaced it meanwhile. */
  async settle(save: QueuedSave): Promise<void> {
    const existing = await this.backend.get(save.key);
    if (existing?.commandId === save.commandId) await this.backend.delete(save.key);
  }

  async pending(userId: number, assignmentId?: number): Promise<QueuedSave[]> {
    return (await this.backend.all())
      .filter((s) => s.userId === userId && (assignmentId === undefined || s.assignmentId === assignmentId))
      .sort((a, b) => Date.parse(a.clientSavedAt) - Date.parse(b.clientSavedAt));
  }

  /**
   * Send what is waiting, oldest edit first. Stops at the first transient failure (the connection is still down);
   * a refusal (the assignment was submitted, the time is up) drops that entry. Returns what happened to each.
   */
  flush(userId: number, send: (save: QueuedSave) => Promise<unknown>, assignmentId?: number): Promise<Map<QueuedSave, SaveOutcome>> {
    const run = this.flushing.then(async () => {
      const outcomes = new Map<QueuedSave, SaveOutcome>();
      let down = false;
      for (const save of await this.pending(userId, assignmentId)) {
        if (down) { outcomes.set(save, 'kept'); continue; }
        try {
          await send(save);
          await this.settle(save);
          outcomes.set(save, 'sent');
        } catch (err) {
          if (isTransient(err)) { down = true; outcomes.set(save, 'kept'); continue; }
          console.error('A queued answer was refused', err);
          await this.settle(save);
          outcomes.set(save, 'refused');
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
