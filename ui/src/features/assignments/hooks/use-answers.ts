import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AssignmentQuestion, StudentAssignments } from '@evergrade/contracts';
import { invalidateAt } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';
import { assignmentsQueryKey } from '../api/get-assignments';
import { questionsQueryKey } from '../api/get-assignment-questions';
import { setAssignmentResponse } from '../api/set-assignment-response';
import { useConnection } from '../stores/connection';
import { toContent } from '../utils/autosave-scheduler';
import { isTransient, queueKey, saveQueue, type QueuedSave } from '../utils/save-queue';
import { useAutosave } from './use-autosave';

/** How often answers kept on this device are retried while any wait (besides the browser's 'online' event). */
export const QUEUE_RETRY_MS = 5000;

const send = (s: QueuedSave) => setAssignmentResponse({
  assignmentId: s.assignmentId, questionId: s.questionId, questionNumber: s.questionNumber, content: s.content,
  commandId: s.commandId, clientSavedAt: s.clientSavedAt,
});

/**
 * The answers on screen. Once the student has typed in a box, the local text is the source of truth for it:
 * refetches (a live notice, a late reply) never overwrite what is being edited. Every save goes through the
 * device's queue first, so an answer the server has not acknowledged survives a lost connection, a reload or a
 * closed tab, and is sent when the connection returns.
 */
export function useAnswers(assignmentId: number, questions: AssignmentQuestion[] | undefined) {
  const client = useQueryClient();
  const userId = useSessionStore((s) => s.student.studentId);
  const setLost = useConnection((s) => s.setLost);
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  /** The device's queue has been read for this assignment, so editors can mount with what it kept. */
  const [ready, setReady] = useState(false);
  const numbers = useRef(new Map<number, number>());

  const markInProgress = useCallback((position: string | null) => {
    // Incomplete becomes In Progress with the first saved answer (client side, spec section 4).
    const list = client.getQueryData<StudentAssignments>(assignmentsQueryKey);
    const row = list?.[String(assignmentId)];
    if (list && row?.status === 'Incomplete') {
      client.setQueryData<StudentAssignments>(assignmentsQueryKey, { ...list, [String(assignmentId)]: { ...row, status: 'In Progress' } });
      void invalidateAt(client, assignmentsQueryKey, position);
    }
  }, [client, assignmentId]);

  const autosave = useAutosave(async (questionId, content) => {
    const queue = saveQueue();
    const key = queueKey(userId, assignmentId, questionId);
    const save: QueuedSave = {
      key, userId, assignmentId, questionId, questionNumber: numbers.current.get(questionId) ?? 1, content,
      clientSavedAt: await queue.stamp(key), commandId: crypto.randomUUID(),
    };
    await queue.put(save).catch((err: unknown) => console.error('Could not keep the answer on this device', err));
    try {
      const reply = await send(save);
      await queue.settle(save);
      setLost(false);
      markInProgress(reply.position);
    } catch (err) {
      if (isTransient(err)) {
        setLost(true);
        return 'queued';
      }
      await queue.settle(save);
      throw err;
    }
  });
  const { register, edit, delivered, queued } = autosave;
  const flushEditors = autosave.flushAll;

  /** Send what the device kept (oldest first); refresh the answers when anything went through. */
  const flushQueue = useCallback(async () => {
    if (userId <= 0) return 0;
    const outcomes = await saveQueue().flush(userId, send, assignmentId);
    let kept = 0;
    let sent = false;
    for (const [save, outcome] of outcomes) {
      if (outcome === 'kept') kept++;
      else delivered(save.questionId);
      if (outcome === 'sent') sent = true;
    }
    if (sent) {
      setLost(false);
      markInProgress(null);
      void client.invalidateQueries({ queryKey: questionsQueryKey(assignmentId) });
    }
    if (kept > 0 && outcomes.size > 0) setLost(true);
    return kept;
  }, [userId, assignmentId, delivered, setLost, markInProgress, client]);

  // What a previous visit kept (a reload, a closed tab): show it, then send it.
  useEffect(() => {
    if (userId <= 0) return;
    let cancelled = false;
    saveQueue().pending(userId, assignmentId).then((kept) => {
      if (cancelled) return;
      if (kept.length > 0) setDrafts((d) => ({ ...Object.fromEntries(kept.map((s) => [s.questionId, s.content ?? ''])), ...d }));
      setReady(true);
      if (kept.length > 0) void flushQueue();
    }, (err: unknown) => {
      console.error('Could not read answers kept on this device', err);
      if (!cancelled) setReady(true);
    });
    return () => { cancelled = true; };
  }, [userId, assignmentId, flushQueue]);

  // Retry when the browser says it is back online, and every few seconds while anything waits.
  useEffect(() => {
    const retry = () => { void flushQueue(); };
    window.addEventListener('online', retry);
    const timer = setInterval(() => { if (queued().length > 0 || useConnection.getState().lost) retry(); }, QUEUE_RETRY_MS);
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
      edit(questionId, text);
    },
    [edit],
  );

  /** Answers replaced on the server (an uploaded PDF): show the server's text again for these questions. */
  const forgetDrafts = useCallback((questionIds: number[]) => {
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([id]) => !questionIds.includes(Number(id)))));
  }, []);

  const responses = useMemo(() => {
    const out: Record<string, string | null> = {};
    for (const q of questions ?? []) if (!q.graded) out[String(q.question_id)] = toContent(textOf(q));
    return out;
  }, [questions, textOf]);

  /** Force-save every editor and deliver everything kept on this device; rejects if anything is still waiting. */
  const flushAll = useCallback(async () => {
    await flushEditors();
    const kept = await flushQueue();
    if (kept > 0) throw new Error(`${kept} answer(s) are kept on this device until the connection returns`);
  }, [flushEditors, flushQueue]);

  return { textOf, onChange, responses, statuses: autosave.statuses, flushAll, forgetDrafts, ready: ready || userId <= 0 };
}
