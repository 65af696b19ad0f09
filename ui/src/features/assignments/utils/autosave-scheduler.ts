import { AUTOSAVE_DELAY_MS, SAVE_STATUS_CLEAR_MS } from '@evergrade/contracts';

/**
 * 'queued': kept on this device (no connection); sent when the connection returns. 'refused': the server refused
 * this text for good; it stays on the device and is not sent again until the student changes it.
 */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error' | 'queued' | 'refused';

/** What a save did: reached the server (void), kept on the device for later, or refused for good. */
export type SaveResult = void | 'queued' | { refused: string };

type Entry = {
  text: string;
  /** The text the server last acknowledged. */
  savedText: string;
  debounce?: ReturnType<typeof setTimeout>;
  clear?: ReturnType<typeof setTimeout>;
  inFlight?: Promise<void>;
  /** The text the server refused: not sent again while the editor still holds it. */
  refusedText?: string;
  status: SaveStatus;
};

export type AutosaveOptions = {
  /** Resolves 'queued' when the answer was kept on this device for later instead of reaching the server. */
  save: (id: number, content: string | null) => Promise<SaveResult>;
  onStatus?: (id: number, status: SaveStatus) => void;
  delayMs?: number;
  clearMs?: number;
};

/** An editor empty of text yields null content (spec section 4). */
export const toContent = (text: string): string | null => (text.trim() === '' ? null : text);

/**
 * Per-question autosave: a save starts `delayMs` after the last edit; saves of one question never
 * overlap (a newer text waits for the older request), so the server ends with the newest text and
 * an older reply cannot report "Saved" for text the user has since changed.
 */
export class AutosaveScheduler {
  private readonly entries = new Map<number, Entry>();
  private readonly delayMs: number;
  private readonly clearMs: number;
  private readonly queuedIds = new Set<number>();

  constructor(private readonly options: AutosaveOptions) {
    this.delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
    this.clearMs = options.clearMs ?? SAVE_STATUS_CLEAR_MS;
  }

  /** Tell the scheduler what the server holds, so unchanged text is not saved again. */
  register(id: number, serverText: string | null): void {
    if (!this.entries.has(id)) this.entries.set(id, { text: serverText ?? '', savedText: serverText ?? '', status: 'idle' });
  }

  edit(id: number, text: string): void {
    const e = this.entry(id);
    e.text = text;
    clearTimeout(e.debounce);
    e.debounce = setTimeout(() => {
      e.debounce = undefined;
      this.flush(id).catch(() => undefined);
    }, this.delayMs);
  }

  isDirty(id: number): boolean {
    const e = this.entries.get(id);
    return !!e && ((e.text !== e.savedText && e.text !== e.refusedText) || !!e.inFlight);
  }

  statusOf(id: number): SaveStatus {
    return this.entries.get(id)?.status ?? 'idle';
  }

  /** Save now whatever is pending for this question; rejects when the save fails. */
  async flush(id: number): Promise<void> {
    const e = this.entries.get(id);
    if (!e) return;
    clearTimeout(e.debounce);
    e.debounce = undefined;
    if (e.inFlight) {
      await e.inFlight.catch(() => undefined);
      return this.flush(id);
    }
    if (e.text === e.savedText || e.text === e.refusedText) return;
    const text = e.text;
    this.setStatus(id, 'saving');
    let queued = false;
    let refused = false;
    e.inFlight = this.options.save(id, toContent(text)).then((outcome) => {
      refused = typeof outcome === 'object' && outcome !== null;
      if (refused) {
        e.refusedText = text;
        return;
      }
      e.savedText = text;
      e.refusedText = undefined;
      queued = outcome === 'queued';
    });
    try {
      await e.inFlight;
    } catch (err) {
      this.setStatus(id, 'error');
      throw err;
    } finally {
      e.inFlight = undefined;
    }
    if (queued) this.queuedIds.add(id);
    else this.queuedIds.delete(id);
    if (e.text === text) this.setStatus(id, refused ? 'refused' : queued ? 'queued' : 'saved');
    else if (!e.debounce) return this.flush(id);
  }

  /** Answers kept on this device by their last save. */
  queued(): number[] {
    return [...this.queuedIds];
  }

  /** The queue delivered this question's answer: say so, unless a newer edit is on its way. */
  delivered(id: number): void {
    if (!this.queuedIds.delete(id)) return;
    const e = this.entries.get(id);
    if (e && e.status === 'queued') this.setStatus(id, 'saved');
  }

  /** Force-save every pending answer (before submit); rejects if any save fails. */
  async flushAll(): Promise<void> {
    const results = await Promise.allSettled([...this.entries.keys()].map((id) => this.flush(id)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  dispose(): void {
    for (const e of this.entries.values()) {
      clearTimeout(e.debounce);
      clearTimeout(e.clear);
    }
  }

  private entry(id: number): Entry {
    let e = this.entries.get(id);
    if (!e) {
      e = { text: '', savedText: '', status: 'idle' };
      this.entries.set(id, e);
    }
    return e;
  }

  private setStatus(id: number, status: SaveStatus): void {
    const e = this.entry(id);
    clearTimeout(e.clear);
    e.status = status;
    this.options.onStatus?.(id, status);
    if (status === 'saved' || status === 'error') {
      e.clear = setTimeout(() => {
        e.status = 'idle';
        this.options.onStatus?.(id, 'idle');
      }, this.clearMs);
    }
  }
}
