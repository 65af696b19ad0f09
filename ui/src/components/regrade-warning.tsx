import { ConfirmDialog } from './dialog';

export const REGRADE_WARNING =
  'This assignment has submissions. Saving these changes resets grading for every submission and regrades them all against the edited questions. Marks set by hand are kept.';

/** Spec document 2 section 4: saving edited questions while submissions exist asks first (Cancel / Proceed). */
export function RegradeWarningDialog({
  onProceed,
  onCancel,
  busy = false,
}: {
  onProceed: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  return (
    <ConfirmDialog
      title="Regrade all submissions?"
      message={REGRADE_WARNING}
      confirmLabel="Proceed"
      cancelLabel="Cancel"
      busy={busy}
      onConfirm={onProceed}
      onCancel={onCancel}
    />
  );
}
