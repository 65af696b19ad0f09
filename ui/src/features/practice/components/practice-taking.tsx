import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { PRACTICE_LIMITS, PRACTICE_MESSAGES, isRichTextEmpty, type PracticeSheetQuestion } from '@evergrade/contracts';
import { AlertDialog, Modal } from '../../../components/dialog';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../stores/toast';
import { RichTextEditor, RichTextView } from '../../../components/editor';
import { usePracticeSheet } from '../api/get-practice-sheet';
import { savePracticeResponse, useCheckPractice, useResetPractice, useSubmitPractice } from '../api/practice-commands';
import { usePracticeAutosave, type SaveState } from '../hooks/use-practice-autosave';
import { marksWord, PRACTICE_LIST_PATH } from '../utils/rules';
import { ProgressTrack } from '../../../components/progress-track';
import '../practice.css';

const SAVE_TEXT: Record<SaveState, string> = { idle: '', saving: 'Saving...', saved: 'Saved', error: 'Save failed' };
type Dialog = null | 'reset' | 'submit' | { alert: string; back?: boolean };

/** The practice taking page (spec document 1 sections 2, 4, 8): answer, check against the key, reset, submit. */
export function PracticeTaking({ practiceId }: { practiceId: number }) {
  const navigate = useNavigate();
  const sheet = usePracticeSheet(practiceId);
  const [answers, setAnswers] = useState<Record<number, string | null>>({});
  const [editorGeneration, setEditorGeneration] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const reset = useResetPractice();
  const check = useCheckPractice();
  const submit = useSubmitPractice();
  const autosave = usePracticeAutosave((questionId, content) => {
    const q = sheet.data?.questions.find((x) => x.question_id === questionId);
    return savePracticeResponse(practiceId, questionId, q?.question_number ?? questionId, content);
  });

  useEffect(() => {
    if (sheet.data && Object.keys(answers).length === 0) {
      setAnswers(Object.fromEntries(sheet.data.questions.map((q) => [q.question_id, q.response_content])));
    }
  }, [sheet.data]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!sheet.isError) return;
    const notFound = (sheet.error as { status?: number }).status === 404;
    setDialog({ alert: notFound ? PRACTICE_MESSAGES.notFound : PRACTICE_MESSAGES.loadFailed, back: true });
  }, [sheet.isError, sheet.error]);

  const questions = useMemo(() => sheet.data?.questions ?? [], [sheet.data]);
  // Until the answers are copied from the sheet (an effect, after the first paint), the sheet's own answers count.
  const done = useMemo(
    () =>
      questions.filter((q) => !isRichTextEmpty(q.question_id in answers ? (answers[q.question_id] ?? null) : q.response_content)).length,
    [questions, answers],
  );
  const submitted = sheet.data?.status === 'Submitted';

  if (dialog && typeof dialog === 'object' && dialog.back && !sheet.data) {
    return <AlertDialog title="Practice Assignment" message={dialog.alert} closeLabel="Close" onClose={() => navigate(-1)} />;
  }
  if (!sheet.data) return <Spinner label="Loading practice assignment" />;
  const s = sheet.data;

  const onEdit = (q: PracticeSheetQuestion, value: string | null) => {
    setAnswers((a) => ({ ...a, [q.question_id]: value }));
    autosave.edit(q.question_id, value);
  };

  const onCheck = async () => {
    if (done === 0) return setDialog({ alert: PRACTICE_MESSAGES.noAnswers });
    try {
      await autosave.flush();
      await check.mutateAsync(practiceId);
      setDialog('submit');
    } catch (err) {
      setDialog({ alert: (err as Error).message || PRACTICE_MESSAGES.loadFailed });
    }
  };

  const onReset = async () => {
    setDialog(null);
    try {
      autosave.discard();
      await reset.mutateAsync(practiceId);
      setAnswers(Object.fromEntries(questions.map((q) => [q.question_id, null])));
      setEditorGeneration((g) => g + 1);
      toast.success(PRACTICE_MESSAGES.resetDone);
    } catch {
      toast.error(PRACTICE_MESSAGES.resetFailed);
    }
  };

  const onSubmit = async () => {
    setDialog(null);
    try {
      await autosave.flush();
      await submit.mutateAsync(practiceId);
      toast.success(PRACTICE_MESSAGES.submitted);
      setTimeout(() => navigate(PRACTICE_LIST_PATH), PRACTICE_LIMITS.redirectMs);
    } catch {
      toast.error(PRACTICE_MESSAGES.submitFailed);
    }
  };

  const checked = s.checked_at !== null;
  return (
    <div className="practice-page" data-testid="practice-taking">
      <button type="button" className="button button-ghost" onClick={() => navigate(PRACTICE_LIST_PATH)}>
        ← Back
      </button>
      <header className="practice-header">
        <div>
          <h1 className="practice-title">{s.title}</h1>
          <p className="practice-course">{s.course}</p>
        </div>
        <div className="practice-meta">
          <span className="badge badge-practice" data-testid="practice-badge">
            Practice
          </span>
          {submitted && <span className="badge badge-success">Submitted</span>}
          <span className="practice-points" data-testid="practice-points">
            {checked && s.marks_obtained !== null
              ? `${s.marks_obtained} / ${marksWord(s.marks_total)}`
              : `Total: ${marksWord(s.marks_total)}`}
          </span>
        </div>
      </header>
      <div className="progress">
        <div className="progress-head">
          <span className="progress-label" data-testid="practice-progress">
            Progress ({done}/{questions.length})
          </span>
        </div>
        <ProgressTrack label="Questions answered" value={done} max={questions.length} />
      </div>
      {!submitted && (
        <div className="practice-actions">
          <button type="button" className="button button-secondary" onClick={() => setDialog('reset')} disabled={reset.isPending}>
            Reset
          </button>
          <button type="button" className="button button-primary" onClick={() => void onCheck()} disabled={check.isPending}>
            {check.isPending ? 'Checking...' : 'Check Answers'}
          </button>
        </div>
      )}
      {questions.map((q) => (
        <article key={q.question_id} className="question-card" data-testid={`practice-question-${q.question_id}`}>
          <header className="question-head">
            <h3 className="question-number">Question {q.question_number}</h3>
            <span className="chip" data-testid={`practice-marks-${q.question_id}`}>
              {q.points_obtained !== null ? `${q.points_obtained} / ${marksWord(q.marks_possible)}` : marksWord(q.marks_possible)}
            </span>
          </header>
          <RichTextView className="question-content" value={q.question_content} />
          <RichTextEditor
            key={`${q.question_id}-${editorGeneration}`}
            value={answers[q.question_id] ?? null}
            onChange={(value) => onEdit(q, value)}
            ariaLabel={`Answer to question ${q.question_number}`}
            placeholder="Type your answer here..."
            readOnly={submitted}
            minHeight={submitted ? 48 : 100}
          />
          <span className="save-status" role="status" aria-live="polite" data-testid={`practice-save-${q.question_id}`}>
            {SAVE_TEXT[autosave.status[q.question_id] ?? 'idle']}
          </span>
          {q.feedback && (
            <div
              className={`feedback ${q.points_obtained === q.marks_possible ? 'feedback-right' : ''}`}
              data-testid={`practice-feedback-${q.question_id}`}
            >
              <p className="feedback-title">Feedback</p>
              <p className="feedback-body">{q.feedback}</p>
            </div>
          )}
          {submitted && q.answer && (
            <div className="feedback">
              <p className="feedback-title">Answer key</p>
              <RichTextView value={q.answer} />
            </div>
          )}
        </article>
      ))}
      {dialog === 'reset' && (
        <Modal
          title="Reset answers"
          tone="danger"
          onEscape={() => setDialog(null)}
          actions={
            <>
              <button type="button" className="button button-secondary" data-autofocus onClick={() => setDialog(null)}>
                No
              </button>
              <button type="button" className="button button-danger" onClick={() => void onReset()}>
                Yes
              </button>
            </>
          }
        >
          <p>{PRACTICE_MESSAGES.resetConfirm}</p>
        </Modal>
      )}
      {dialog === 'submit' && (
        <Modal
          title="Submit practice assignment"
          onEscape={() => setDialog(null)}
          actions={
            <>
              <button type="button" className="button button-secondary" data-autofocus onClick={() => setDialog(null)}>
                Continue Practicing
              </button>
              <button type="button" className="button button-primary" onClick={() => void onSubmit()}>
                Submit
              </button>
            </>
          }
        >
          <p>{PRACTICE_MESSAGES.submitPrompt(done, questions.length)}</p>
        </Modal>
      )}
      {dialog && typeof dialog === 'object' && (
        <AlertDialog
          title="Practice Assignment"
          message={dialog.alert}
          onClose={() => (dialog.back ? navigate(-1) : setDialog(null))}
          closeLabel={dialog.back ? 'Close' : 'OK'}
        />
      )}
    </div>
  );
}
