import { useEffect, useRef, useState } from 'react';
import { REDIRECT_AFTER_CREATE_MS } from '../utils/timings';
import { AssignmentPreview } from '../../../components/assignment-preview/assignment-preview';
import { ApiError } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session';
import { toast } from '../../../stores/toast';
import { useAddAssignment } from '../api/add-assignment';
import { useDraftStore, type DraftQuestion } from '../stores/draft-store';
import { addAssignmentBody } from '../utils/add-assignment-body';
import { canCreate, createButtonLabel, isFlagged, type CreatePhase } from '../utils/create-rules';
import { dueInstant } from '../utils/setup-rules';

/** Step 3 of 3: the editable preview, the time limit (when students submit) and Create. */
export function PreviewStep({ onCreated }: { onCreated: () => void }) {
  const d = useDraftStore();
  const email = useSessionStore((s) => s.instructor.email);
  const add = useAddAssignment();
  const [phase, setPhase] = useState<CreatePhase>('idle');
  const [editing, setEditing] = useState(false);
  const snapshot = useRef<DraftQuestion[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submissions = d.student_submissions_allowed === true;
  const state = { phase, flaggedCount: d.questions.filter(isFlagged).length, submissionsAllowed: submissions, timeLimit: d.timeLimit };
  const label = createButtonLabel(state);

  const create = () => {
    if (!canCreate(state) || editing) return;
    setPhase('creating');
    add.mutate(addAssignmentBody(useDraftStore.getState(), email), {
      onSuccess: () => {
        setPhase('success');
        timer.current = setTimeout(onCreated, REDIRECT_AFTER_CREATE_MS);
      },
      onError: (err) => {
        // Spec: a failure is logged and the button comes back; the server's reason is worth showing too.
        console.error('add-assignment failed', err);
        setPhase('idle');
        if (err instanceof ApiError) toast.error(err.message);
      },
    });
  };

  return (
    <div className="wz-step">
      <AssignmentPreview
        title={d.title}
        questions={d.questions}
        keyOf={(q) => q.uid}
        onChange={d.setQuestions}
        editing={editing}
        creation
        dueDate={d.due_date ? dueInstant(d.due_date) : null}
        onEdit={() => {
          snapshot.current = d.questions;
          setEditing(true);
        }}
        onCancel={() => {
          d.setQuestions(snapshot.current);
          setEditing(false);
        }}
        onSave={() => setEditing(false)}
        timeLimit={submissions ? { value: d.timeLimit, onChange: d.setTimeLimit, disabled: phase !== 'idle' } : undefined}
      />
      <div className="wz-footer">
        <button type="button" className="button button-secondary" disabled={phase !== 'idle'} onClick={() => d.setStep('create')}>
          Previous
        </button>
        <div className="wz-footer-end">
          {editing && <span className="field-hint">Save or cancel your edits first.</span>}
          <button
            type="button"
            className="button button-primary"
            data-testid="create-assignment"
            disabled={!canCreate(state) || editing}
            onClick={create}
          >
            {label}
          </button>
        </div>
      </div>
    </div>
  );
}
