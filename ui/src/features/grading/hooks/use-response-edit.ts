import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GradedQuestion } from '@evergrade/contracts';
import { ApiError } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { StaleEditError, updateResponse } from '../api/grading-calls';
import { patchQuestion } from '../api/grading-runs';
import { gradingKeys } from '../api/keys';
import { checkMarks, formatMarks, MARKS_DEBOUNCE_MS } from '../utils/grading-state';

export type EditNotice = { kind: 'saving' | 'saved' | 'error' | 'stale'; text: string } | null;

type Args = { assignmentId: number; studentId: number; question: GradedQuestion };

/**
 * A response's marks and feedback as the instructor edits them: saved by POST /grader/update-response
 * 1 s after the last change (spec section 9), with the version the edit was based on. A stale edit (409)
 * shows the server's message and the current value, which replaces the draft; the list reloads.
 * Server changes are adopted while nothing is waiting to be saved.
 */
export function useResponseEdit({ assignmentId, studentId, question }: Args) {
  const client = useQueryClient();
  const [marks, setMarksState] = useState(() => formatMarks(question.points_obtained));
  const [feedback, setFeedbackState] = useState(question.feedback);
  /** Bumped when the feedback changes under the editor, so it remounts with the new value. */
  const [feedbackEpoch, setFeedbackEpoch] = useState(0);
  const [notice, setNotice] = useState<EditNotice>(null);
  const draft = useRef({ marks, feedback });
  const version = useRef(question.version);
  const edits = useRef(0);
  const savedEdits = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const dirty = () => edits.current !== savedEdits.current;

  const adopt = useCallback((points: number, text: string, v: number) => {
    const feedbackChanged = draft.current.feedback !== text;
    draft.current = { marks: formatMarks(points), feedback: text };
    version.current = v;
    setMarksState(formatMarks(points));
    setFeedbackState(text);
    if (feedbackChanged) setFeedbackEpoch((e) => e + 1);
  }, []);

  // Another instructor's change, a grading run or our own saved edit, seen through a refetch.
  useEffect(() => {
    if (dirty() || question.version < version.current) return;
    adopt(question.points_obtained, question.feedback, question.version);
  }, [question.points_obtained, question.feedback, question.version, adopt]);

  const send = useCallback(
    (extra: { flag_resolved?: boolean } = {}) => {
      const run = async () => {
        const check = checkMarks(draft.current.marks, question.points_possible);
        if (!check.ok) {
          setNotice({ kind: 'error', text: check.message });
          return;
        }
        if (question.response_id <= 0) return;
        const upTo = edits.current;
        const { feedback: text } = draft.current;
        setNotice({ kind: 'saving', text: 'Saving…' });
        try {
          const reply = await updateResponse({
            response_id: question.response_id,
            points_obtained: check.value,
            feedback: text,
            expected_version: version.current,
            ...extra,
          });
          version.current = reply.version;
          savedEdits.current = upTo;
          patchQuestion(client, assignmentId, studentId, question.question_number, {
            points_obtained: check.value,
            feedback: text,
            version: reply.version,
            graded: true,
            graded_by: 'instructor',
            ...(extra.flag_resolved ? { flag_resolved: true } : {}),
          });
          setNotice({ kind: 'saved', text: extra.flag_resolved ? 'Flag resolved' : 'Saved' });
          void invalidateAt(client, gradingKeys.submissions(assignmentId), reply.position);
        } catch (err) {
          if (err instanceof StaleEditError) {
            savedEdits.current = edits.current;
            adopt(err.current.points_obtained, err.current.feedback, err.current.version);
            patchQuestion(client, assignmentId, studentId, question.question_number, {
              points_obtained: err.current.points_obtained,
              feedback: err.current.feedback,
              version: err.current.version,
              flagged_for_review: err.current.flagged_for_review,
              flag_resolved: err.current.flag_resolved,
              graded: err.current.graded,
            });
            setNotice({
              kind: 'stale',
              text: `${err.message} Current mark: ${formatMarks(err.current.points_obtained)} / ${formatMarks(err.current.points_possible)}.`,
            });
            void invalidateAt(client, gradingKeys.submissions(assignmentId), null);
          } else {
            setNotice({ kind: 'error', text: err instanceof ApiError ? err.message : 'The change could not be saved. Please try again.' });
          }
        }
      };
      chain.current = chain.current.then(run, run);
      return chain.current;
    },
    [adopt, assignmentId, client, question.points_possible, question.question_number, question.response_id, studentId],
  );

  const schedule = useCallback(() => {
    edits.current += 1;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void send(), MARKS_DEBOUNCE_MS);
  }, [send]);

  const setMarks = (value: string) => {
    draft.current = { ...draft.current, marks: value };
    setMarksState(value);
    const check = checkMarks(value, question.points_possible);
    setNotice(check.ok ? null : { kind: 'error', text: check.message });
    schedule();
  };

  // The editor's state is kept as it is (bold, italic, lists, formulas): the student sees it formatted.
  const setFeedback = (value: string | null) => {
    const text = value ?? '';
    if (text === draft.current.feedback) return;
    draft.current = { ...draft.current, feedback: text };
    setFeedbackState(text);
    schedule();
  };

  /** Mark as Resolved: saves at once (with any edit waiting), flag_resolved true. */
  const resolveFlag = () => {
    clearTimeout(timer.current);
    return send({ flag_resolved: true });
  };

  // Leaving the view saves what is waiting rather than dropping it.
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      if (edits.current !== savedEdits.current) void sendRef.current();
    },
    [],
  );

  return { marks, feedback, feedbackEpoch, notice, setMarks, setFeedback, resolveFlag };
}
