import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';
/** Spec section 4 and 9: save 2 s after the last edit; the status clears 3 s after saved or error. */
export const AUTOSAVE_MS = 2000;
export const STATUS_CLEAR_MS = 3000;

/**
 * Debounced saves per question. `flush` saves every pending edit now (before Check Answers and Submit);
 * pending edits are saved when the page unmounts.
 */
export function usePracticeAutosave(save: (questionId: number, content: string | null) => Promise<unknown>) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const pending = useRef(new Map<number, string | null>());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const [status, setStatus] = useState<Record<number, SaveState>>({});

  const saveNow = useCallback(async (id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    if (!pending.current.has(id)) return;
    const content = pending.current.get(id)!;
    pending.current.delete(id);
    setStatus((s) => ({ ...s, [id]: 'saving' }));
    try {
      await saveRef.current(id, content);
      setStatus((s) => ({ ...s, [id]: 'saved' }));
    } catch (err) {
      setStatus((s) => ({ ...s, [id]: 'error' }));
      throw err;
    } finally {
      setTimeout(() => setStatus((s) => (s[id] === 'saving' ? s : { ...s, [id]: 'idle' })), STATUS_CLEAR_MS);
    }
  }, []);

  const edit = useCallback(
    (id: number, content: string | null) => {
      pending.current.set(id, content);
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => void saveNow(id).catch(() => undefined), AUTOSAVE_MS),
      );
    },
    [saveNow],
  );

  const flush = useCallback(async () => {
    await Promise.all([...pending.current.keys()].map((id) => saveNow(id)));
  }, [saveNow]);

  /** Forget edits not yet saved (after a reset). */
  const discard = useCallback(() => {
    for (const t of timers.current.values()) clearTimeout(t);
    timers.current.clear();
    pending.current.clear();
  }, []);

  useEffect(
    () => () => {
      void flush().catch(() => undefined);
    },
    [flush],
  );
  return { edit, flush, discard, status };
}
