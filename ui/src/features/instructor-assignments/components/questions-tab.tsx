import { useRef, useState } from 'react';
import type { AssignmentSheet, UpdateQuestionBody } from '@evergrade/contracts';
import { AssignmentPreview } from '../../../components/assignment-preview/assignment-preview';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../stores/toast';
import { RegradeWarningDialog } from '../../../components/regrade-warning';
import { useResolveFlag, useSaveQuestions } from '../api/update-question';
import { bodyOf, changedQuestions, draftOf, draftsError, type QuestionDraft } from '../utils/question-edits';
import { DownloadMenu } from './download-menu';

export const NO_QUESTIONS = 'No questions available for this assignment.';

const failure = (err: unknown) => (err instanceof ApiError ? err.message : 'The changes could not be saved. Please try again.');

/**
 * View Questions: the shared preview in view mode; Edit Assignment copies the questions into drafts,
 * Cancel drops them, Save Changes sends update-question for each changed question.
 */
export function QuestionsTab({ sheet, afterSaveWithSubmissions }: { sheet: AssignmentSheet; afterSaveWithSubmissions?: () => void }) {
  const [drafts, setDrafts] = useState<QuestionDraft[] | null>(null);
  // With submissions, Save Changes first shows the regrade warning (spec document 2 section 4).
  const [warning, setWarning] = useState<UpdateQuestionBody[] | null>(null);
  const save = useSaveQuestions(sheet.assignment_id);
  const resolve = useResolveFlag(sheet.assignment_id);
  // An editor flushes a pending edit when it unmounts: after Cancel or Save that must not reopen edit mode.
  const editingRef = useRef(false);
  const edit = (next: QuestionDraft[] | null) => {
    editingRef.current = next !== null;
    setDrafts(next);
  };

  if (sheet.questions.length === 0) return <EmptyState title={NO_QUESTIONS} />;

  const editing = drafts !== null;
  const onSave = () => {
    if (!drafts) return;
    const problem = draftsError(drafts);
    if (problem) return void toast.error(problem);
    const bodies = changedQuestions(sheet.questions, drafts, sheet.assignment_id);
    if (bodies.length === 0) return edit(null);
    if (afterSaveWithSubmissions) return setWarning(bodies);
    saveBodies(bodies);
  };
  const saveBodies = (bodies: UpdateQuestionBody[], then?: () => void) =>
    save.mutate(bodies, {
      onSuccess: () => {
        edit(null);
        setWarning(null);
        toast.success(bodies.length === 1 ? 'Question saved' : `${bodies.length} questions saved`);
        then?.();
      },
      onError: (err) => {
        setWarning(null);
        toast.error(failure(err));
      },
    });

  return (
    <>
      {warning && (
        <RegradeWarningDialog
          busy={save.isPending}
          onProceed={() => saveBodies(warning, afterSaveWithSubmissions)}
          onCancel={() => {
            setWarning(null);
            edit(null);
          }}
        />
      )}
      <AssignmentPreview<QuestionDraft>
        questions={drafts ?? sheet.questions}
        editing={editing}
        onChange={editing ? (next) => editingRef.current && setDrafts(next) : undefined}
        keyOf={(q) => q.question_id}
        downloadMenu={<DownloadMenu sheet={sheet} />}
        onEdit={() => edit(sheet.questions.map(draftOf))}
        onCancel={() => edit(null)}
        onSave={onSave}
        saving={save.isPending}
        // In edit mode resolving clears the flag text in the draft (saved with the rest); in view mode it saves at once.
        onResolveFlag={
          editing
            ? undefined
            : (index) => {
                const q = sheet.questions[index];
                if (!q) return;
                resolve.mutate(bodyOf(q, sheet.assignment_id), {
                  onSuccess: () => toast.success(`Question ${q.question_number} marked as resolved`),
                  onError: (err) => toast.error(failure(err)),
                });
              }
        }
      />
    </>
  );
}
