import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AssignmentQuestion, StudentAssignments } from '@evergrade/contracts';
import { invalidateAt } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';
import { assignmentsQueryKey } from '../api/get-assignments';
import { questionsQueryKey } from '../api/get-assignment-questions';
import { setAssignmentResponse } from '../api/set-assignment-response';
import { useConnection } from '../stores/connection';
import { toContent, type SaveResult } from '../utils/autosave-scheduler';
import { isConflict, isTransient, queueKey, refusalMessage, saveQueue, type QueuedSave } from '../utils/save-queue';
import { useAutosave } from './use-autosave';

/** How often answers kept on this device are retried while any wait (besides the browser's 'online' event). */
export const QUEUE_RETRY_MS = 5000;
/** A save the server could not apply yet (409, the data changed meanwhile) is sent again this often, then queued. */
export const CONFLICT_RETRIES = 3;
export const CONFLICT_BACKOFF_MS = 250;

const send = (s: QueuedSave, keepalive = false) =>
  setAssignmentResponse(
    {
      assignmentId: s.assignmentId,
      questionId: s.questionId,
      questionNumber: s.questionNumber,
      content: s.content,
      commandId: s.commandId,
      clientSavedAt: s.clientSavedAt,
    },
    keepalive,
  );

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The answers on screen. Once the student has typed in a box, the local text is the source of truth for it:
 * refetches (a live notice, a late reply) never overwrite what is being edited. Every edit is kept in the device's
 * queue the moment the editor reports it (not when the 2 s autosave fires), sent with keepalive when the page is
 * hidden or closed, and a previous visit's unsent edits are shown and sent when the assignment is opened again.
 *
 * Nothing is dropped: a lost connection or session keeps the edit queued; a 409 (the data changed meanwhile) sends
 * the same edit again; any other refusal (4xx) keeps the text in the editor and on the device, stops sending it and
 * shows the server's message until the student changes the answer.
 */
export function useAnswers(assignmentId: number, questions: AssignmentQuestion[] | undefined) {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.student.studentId);
  const setLost = useConnection((s) => s.setLost);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  /** Questions whose text the server refused for good, with its message. */
  const [refusals, setRefusals] = useState<Record<number, string>>({});
  const refusalsRef = useRef(refusals);
  refusalsRef.current = refusals;
  /** The device's queue has been read for this assignment, so editors can mount with what it kept. */
  const [ready, setReady] = useState(false);
  const numbers = useRef(new Map<number, number>());
  /** This visit's newest edit of each question, and whether the server has acknowledged it. */
  const latest = useRef(new Map<number, { save: QueuedSave; acked: boolean }>());

  const refuse = useCallback((questionId: number, message: string | null) => {
    setRefusals((r) => {
      if (message === null ? !(questionId in r) : r[questionId] === message) return r;
      const next = { ...r };
      if (message === null) delete next[questionId];
      else next[questionId] = message;
      return next;
    });
  }, []);

  const markInProgress = useCallback(
    (position: string | null) => {
      // Incomplete becomes In Progress with the first saved answer (client side, spec section 4).
      const list = client.getQueryData<StudentAssignments>(assignmentsQueryKey);
      const row = list?.[String(assignmentId)];
      if (list && row?.status === 'Incomplete') {
        client.setQueryData<StudentAssignments>(assignmentsQueryKey, {
          ...list,
          [String(assignmentId)]: { ...row, status: 'In Progress' },
        });
        void invalidateAt(client, assignmentsQueryKey, position);
      }
    },
    [client, assignmentId],
  );

  /** Keep an edit on the device at once, stamped with the time it was made. */
  const keep = useCallback(
    (questionId: number, content: string | null): QueuedSave => {
      const queue = saveQueue();
      const key = queueKey(userId, assignmentId, questionId);
      const save: QueuedSave = {
        key,
        userId,
        assignmentId,
        questionId,
        questionNumber: numbers.current.get(questionId) ?? 1,
        content,
        clientSavedAt: queue.stamp(key),
        commandId: crypto.randomUUID(),
      };
      latest.current.set(questionId, { save, acked: false });
      queue.put(save).catch((err: unknown) => console.error('Could not keep the answer on this device', err));
      return save;
    },
    [userId, assignmentId],
  );

  const acknowledge = useCallback(async (save: QueuedSave) => {
    const mine = latest.current.get(save.questionId);
    if (mine?.save.commandId === save.commandId) mine.acked = true;
    await saveQueue().settle(save);
  }, []);

  const deliver = async (save: QueuedSave): Promise<SaveResult> => {
    for (let attempt = 0; ; attempt++) {
      try {
        const reply = await send(save);
        await acknowledge(save);
        setLost(false);
        refuse(save.questionId, null);
        markInProgress(reply.position);
        return;
      } catch (err) {
        if (isTransient(err)) {
          setLost(true);
          return 'queued';
        }
        if (isConflict(err)) {
          // the queue's timer sends it again after these
          if (attempt >= CONFLICT_RETRIES) return 'queued';
          await wait(CONFLICT_BACKOFF_MS * 2 ** attempt);
          continue;
        }
        console.error('The answer was refused', err);
        const message = refusalMessage(err);
        await saveQueue()
          .refuse(save, message)
          .catch((e: unknown) => console.error('Could not mark the kept answer', e));
        refuse(save.questionId, message);
        return { refused: message };
      }
    }
  };

  const autosave = useAutosave(async (questionId, content) => {
    const mine = latest.current.get(questionId);
    if (mine && mine.save.content === content) return mine.acked ? undefined : deliver(mine.save);
    return deliver(keep(questionId, content));
  });
  const { register, edit, delivered, queued } = autosave;
  const flushEditors = autosave.flushAll;

  /** Send what the device kept (oldest first); refresh the answers when anything went through. */
  const flushQueue = useCallback(
    async (retryRefused = false) => {
      if (userId <= 0) return 0;
      const outcomes = await saveQueue().flush(userId, (s) => send(s), assignmentId, retryRefused);
      let kept = 0;
      let sent = false;
      let down = false;
      for (const [save, outcome] of outcomes) {
        if (outcome === 'kept' || outcome === 'retry') kept++;
        if (outcome === 'kept') down = true;
        if (outcome === 'refused') refuse(save.questionId, save.refused ?? null);
        if (outcome === 'sent') {
          sent = true;
          const mine = latest.current.get(save.questionId);
          if (mine?.save.commandId === save.commandId) mine.acked = true;
          refuse(save.questionId, null);
          delivered(save.questionId);
        }
      }
      if (sent) {
        setLost(false);
        markInProgress(null);
        void client.invalidateQueries({ queryKey: questionsQueryKey(assignmentId) });
      }
      if (down) setLost(true);
      return kept;
    },
    [userId, assignmentId, delivered, setLost, markInProgress, client, refuse],
  );

  // What a previous visit kept (a reload, a closed tab): show it, then send it.
  useEffect(() => {
    if (userId <= 0) return;
    let cancelled = false;
    saveQueue()
      .pending(userId, assignmentId)
      .then(
        (kept) => {
          if (cancelled) return;
          if (kept.length > 0) setDrafts((d) => ({ ...Object.fromEntries(kept.map((s) => [s.questionId, s.content ?? ''])), ...d }));
          for (const s of kept) if (s.refused) refuse(s.questionId, s.refused);
          setReady(true);
          // a new visit tries refused ones once more: the server or the assignment may have changed since
          if (kept.length > 0) void flushQueue(true);
        },
        (err: unknown) => {
          console.error('Could not read answers kept on this device', err);
          if (!cancelled) setReady(true);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [userId, assignmentId, flushQueue, refuse]);

  // Leaving (reload, closed tab, another app in front): send every unacknowledged edit with keepalive, so it
  // reaches the server even if this page is gone before the reply. Each is one command, so a resend is applied once.
  useEffect(() => {
    const sendAll = () => {
      for (const { save, acked } of latest.current.values()) {
        if (acked || refusalsRef.current[save.questionId] !== undefined) continue;
        send(save, true).then(
          () => acknowledge(save),
          () => undefined,
        );
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') sendAll();
    };
    window.addEventListener('pagehide', sendAll);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', sendAll);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [acknowledge]);

  // Retry when the browser says it is back online, and every few seconds while anything waits.
  useEffect(() => {
    const retry = () => {
      void flushQueue();
    };
    window.addEventListener('online', retry);
    const timer = setInterval(() => {
      if (queued().length > 0 || useConnection.getState().lost) retry();
    }, QUEUE_RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [flushQueue, queued]);

  useEffect(() => {
    for (const q of questions ?? []) {
      numbers.current.set(q.question_id, q.question_number);
      register(q.question_id, q.response_content);
    }
  }, [questions, register]);

  const textOf = useCallback((q: AssignmentQuestion) => drafts[q.question_id] ?? q.response_content ?? '', [drafts]);

  const onChange = useCallback(
    (questionId: number, text: string) => {
      setDrafts((d) => ({ ...d, [questionId]: text }));
      keep(questionId, toContent(text));
      refuse(questionId, null);
      edit(questionId, text);
    },
    [edit, keep, refuse],
  );

  /** Answers replaced on the server (an uploaded PDF): show the server's text again for these questions. */
  const forgetDrafts = useCallback((questionIds: number[]) => {
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id]) => !questionIds.includes(Number(id)))));
  }, []);

  const responses = useMemo(() => {
    const out: Record<string, string | null> = {};
    // a refused text is not submitted (the server would refuse the submission too): the last saved answer is
    for (const q of questions ?? []) {
      if (!q.graded) out[String(q.question_id)] = q.question_id in refusals ? q.response_content : toContent(textOf(q));
    }
    return out;
  }, [questions, textOf, refusals]);

  /** Answers the server refused for good: what Submit warns about. */
  const refused = useCallback(
    () =>
      (questions ?? [])
        .filter((q) => refusalsRef.current[q.question_id] !== undefined)
        .map((q) => ({ questionNumber: q.question_number, message: refusalsRef.current[q.question_id]! })),
    [questions],
  );

  /** Force-save every editor and deliver everything kept on this device; rejects if anything is still waiting. */
  const flushAll = useCallback(async () => {
    await flushEditors();
    const kept = await flushQueue();
    if (kept > 0) throw new Error(`${kept} answer(s) are kept on this device until the connection returns`);
  }, [flushEditors, flushQueue]);

  return {
    textOf,
    onChange,
    responses,
    statuses: autosave.statuses,
    refusals,
    refused,
    flushAll,
    forgetDrafts,
    ready: ready || userId <= 0,
  };
}
