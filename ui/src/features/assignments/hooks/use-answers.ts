import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AssignmentQuestion, StudentAssignments } from '@evergrade/contracts';
import { invalidateAt } from '../../../lib/positions';
import { assignmentsQueryKey } from '../api/get-assignments';
import { setAssignmentResponse } from '../api/set-assignment-response';
import { toContent } from '../utils/autosave-scheduler';
import { useAutosave } from './use-autosave';

/**
 * The answers on screen. Once the student has typed in a box, the local text is the source of
 * truth for it: refetches (a live notice, a late reply) never overwrite what is being edited.
 */
export function useAnswers(assignmentId: number, questions: AssignmentQuestion[] | undefined) {
  const client = useQueryClient();
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const numbers = useRef(new Map<number, number>());

  const autosave = useAutosave(async (questionId, content) => {
    const reply = await setAssignmentResponse({ assignmentId, questionId, questionNumber: numbers.current.get(questionId) ?? 1, content });
    // Incomplete becomes In Progress with the first saved answer (client side, spec section 4).
    const list = client.getQueryData<StudentAssignments>(assignmentsQueryKey);
    const row = list?.[String(assignmentId)];
    if (list && row?.status === 'Incomplete') {
      client.setQueryData<StudentAssignments>(assignmentsQueryKey, { ...list, [String(assignmentId)]: { ...row, status: 'In Progress' } });
      void invalidateAt(client, assignmentsQueryKey, reply.position);
    }
  });
  const { register, edit } = autosave;

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

  return { textOf, onChange, responses, statuses: autosave.statuses, flushAll: autosave.flushAll, forgetDrafts };
}
