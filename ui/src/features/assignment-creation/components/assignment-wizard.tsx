import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/dialog';
import { WizardHead } from '../../../components/wizard/wizard-head';
import { useDraftStore, type WizardStep } from '../stores/draft-store';
import { defaultSetup, hasEnteredAnything, SETUP_MESSAGES } from '../utils/setup-rules';
import { CreateStep } from './create-step';
import { PreviewStep } from './preview-step';
import { SetupStep } from './setup-step';
import './wizard.css';

/** The named route InstructorAssignments. */
export const ASSIGNMENTS_PATH = '/instructor/assignments';

const STEPS: Record<WizardStep, string> = { details: 'Step 1 of 3: Setup', create: 'Step 2 of 3: Create', preview: 'Step 3 of 3: Preview' };
const ORDER: WizardStep[] = ['details', 'create', 'preview'];

/** /instructor/assignments/new-assignment (AssignmentCreation): details, then create, then preview. */
export function AssignmentWizard() {
  const navigate = useNavigate();
  const step = useDraftStore((s) => s.step);
  const [ready, setReady] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    useDraftStore.getState().reset();
    setReady(true);
  }, []);
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [step]);

  const leave = () => {
    const d = useDraftStore.getState();
    if (hasEnteredAnything(d, d.questions.length, defaultSetup())) setConfirming(true);
    else navigate(ASSIGNMENTS_PATH);
  };
  if (!ready) return null;

  return (
    <div className="page wz-page" data-testid="assignment-wizard">
      <WizardHead
        crumbs={['Assignments', 'New Assignment']}
        title={STEPS[step]}
        steps={['Setup', 'Create', 'Preview']}
        current={ORDER.indexOf(step)}
        onLeave={leave}
        backLabel="Back to assignments"
        titleTestId="wizard-step"
      />

      {step === 'details' && <SetupStep onNext={() => useDraftStore.getState().setStep('create')} />}
      {step === 'create' && <CreateStep />}
      {step === 'preview' && <PreviewStep onCreated={() => navigate(ASSIGNMENTS_PATH)} />}

      {confirming && (
        <ConfirmDialog
          title="Discard assignment?"
          message={SETUP_MESSAGES.discard}
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          onConfirm={() => navigate(ASSIGNMENTS_PATH)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
