import { useCallback, useEffect, useState } from 'react';
import { useSessionStore } from '../../../stores/session';
import type { TypedAnswer } from '../components/pdf-upload';
import { loadReplaced, storeReplaced, type ReplacedAnswer, type ReplacedAnswers } from '../utils/replaced-answers';

/** The answers a PDF upload replaced, shown under their questions until the student hides them (kept on the device). */
export function useReplacedAnswers(assignmentId: number) {
  const userId = useSessionStore((s) => s.student.studentId);
  const [replaced, setReplaced] = useState<ReplacedAnswers>(() => loadReplaced(userId, assignmentId));
  useEffect(() => setReplaced(loadReplaced(userId, assignmentId)), [userId, assignmentId]);

  const change = useCallback(
    (edit: (prev: ReplacedAnswers) => ReplacedAnswers) => {
      setReplaced((prev) => {
        const next = edit(prev);
        storeReplaced(userId, assignmentId, next);
        return next;
      });
    },
    [userId, assignmentId],
  );

  const addFromPdf = useCallback(
    (answers: TypedAnswer[]) => {
      if (answers.length === 0) return;
      change((prev) => ({
        ...prev,
        ...Object.fromEntries(answers.map((a) => [a.questionId, { text: a.text, by: 'pdf' } satisfies ReplacedAnswer])),
      }));
    },
    [change],
  );

  const set = useCallback(
    (questionId: number, answer: ReplacedAnswer | null) => {
      change((prev) => {
        const next = { ...prev };
        if (answer) next[questionId] = answer;
        else delete next[questionId];
        return next;
      });
    },
    [change],
  );

  return { replaced, addFromPdf, set };
}
