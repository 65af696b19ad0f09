import { useCallback, useEffect, useRef, useState } from 'react';
import { AutosaveScheduler, type SaveResult, type SaveStatus } from '../utils/autosave-scheduler';

export type UseAutosave = {
  register: (id: number, serverText: string | null) => void;
  edit: (id: number, text: string) => void;
  flushAll: () => Promise<void>;
  isDirty: (id: number) => boolean;
  /** Answers whose last save was kept on this device; `delivered` when the queue sent one. */
  queued: () => number[];
  delivered: (id: number) => void;
  statuses: Record<number, SaveStatus>;
};

/**
 * Binds an AutosaveScheduler to a component. `save` may change between renders; the latest one is
 * used. Pending edits are saved when the component unmounts (leaving the page keeps the text).
 */
export function useAutosave(save: (id: number, content: string | null) => Promise<SaveResult>): UseAutosave {
  const saveRef = useRef(save);
  saveRef.current = save;
  const [statuses, setStatuses] = useState<Record<number, SaveStatus>>({});
  const [scheduler] = useState(
    () =>
      new AutosaveScheduler({
        save: (id, content) => saveRef.current(id, content),
        onStatus: (id, status) => setStatuses((s) => ({ ...s, [id]: status })),
      }),
  );

  useEffect(
    () => () => {
      scheduler.flushAll().catch((err: unknown) => console.error('Saving on leave failed', err));
      scheduler.dispose();
    },
    [scheduler],
  );

  return {
    register: useCallback((id, text) => scheduler.register(id, text), [scheduler]),
    edit: useCallback((id, text) => scheduler.edit(id, text), [scheduler]),
    flushAll: useCallback(() => scheduler.flushAll(), [scheduler]),
    isDirty: useCallback((id) => scheduler.isDirty(id), [scheduler]),
    queued: useCallback(() => scheduler.queued(), [scheduler]),
    delivered: useCallback((id) => scheduler.delivered(id), [scheduler]),
    statuses,
  };
}
