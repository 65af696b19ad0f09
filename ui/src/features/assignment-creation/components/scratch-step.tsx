import { useEffect, useState } from 'react';
import { AlertDialog, ConfirmDialog } from '../../../components/dialog';
import { PlusIcon } from '../../../components/icons';
import { QuestionNav, scrollToQuestion } from '../../../components/assignment-preview/question-nav';
import { useDraftStore } from '../stores/draft-store';
import { scratchPreviewAlert } from '../utils/create-rules';
import { QuestionBuilderCard } from './question-builder-card';

export const builderAnchor = (index: number) => `builder-question-${index + 1}`;

/** Step 2 for From Scratch (Add Questions): numbered sidebar, one card per question, add and delete. */
export function ScratchStep() {
  const questions = useDraftStore((s) => s.questions);
  const { addQuestion, removeQuestion, updateQuestion, backToDetails, setStep } = useDraftStore.getState();
  const [alert, setAlert] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  useEffect(() => {
    if (useDraftStore.getState().questions.length === 0) addQuestion();
  }, [addQuestion]);

  const add = () => {
    addQuestion();
    const n = useDraftStore.getState().questions.length;
    setTimeout(() => scrollToQuestion(builderAnchor(n - 1)), 0);
  };
  const preview = () => {
    const problem = scratchPreviewAlert(questions);
    if (problem) setAlert(problem);
    else setStep('preview');
  };

  return (
    <div className="wz-step">
      <div className="wz-builder">
        <QuestionNav count={questions.length} anchor={builderAnchor} />
        <div className="wz-builder-list">
          {questions.length === 0 && (
            <div className="empty-state" data-testid="no-questions">
              <p className="empty-state-title">No questions yet</p>
              <p>Add a question to start building the assignment.</p>
            </div>
          )}
          {questions.map((q, i) => (
            <QuestionBuilderCard
              key={q.uid}
              id={builderAnchor(i)}
              number={i + 1}
              question={q}
              onChange={(patch) => updateQuestion(q.uid, patch)}
              onDelete={() => setDeleting(i)}
            />
          ))}
          <button type="button" className="button button-secondary wz-add-question" onClick={add}>
            <PlusIcon width={16} height={16} /> Add Question
          </button>
        </div>
      </div>
      <div className="wz-footer">
        <button type="button" className="button button-secondary" onClick={backToDetails}>
          Previous
        </button>
        <button type="button" className="button button-primary" onClick={preview}>
          Preview Assignment
        </button>
      </div>
      {alert && <AlertDialog message={alert} onClose={() => setAlert(null)} />}
      {deleting !== null && (
        <ConfirmDialog
          title="Delete question"
          message={`Are you sure you want to delete Question ${deleting + 1}?`}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const q = questions[deleting];
            if (q) removeQuestion(q.uid);
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
