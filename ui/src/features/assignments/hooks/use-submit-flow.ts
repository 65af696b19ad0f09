import { useState } from 'react';
import { MESSAGES } from '@evergrade/contracts';
import { toast } from '../../../stores/toast';
import { useSubmitAssignment } from '../api/submit-assignment';

type Options = {
  assignmentId: number;
  flushAll: () => Promise<void>;
  responses: () => Record<string, string | null>;
  incomplete: () => number;
  onSubmitted: () => void;
};

/** Submit (spec section 4): save everything, ask about unanswered questions, then submit. */
export function useSubmitFlow({ assignmentId, flushAll, responses, incomplete, onSubmitted }: Options) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitAssignment();

  const send = async () => {
    setConfirming(null);
    setBusy(true);
    try {
      await submit.mutateAsync({ assignmentId, responses: responses() });
      toast.success(MESSAGES.submitted);
      onSubmitted();
    } catch (err) {
      console.error('Submit failed', err);
      setError(MESSAGES.submitFailed);
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    setBusy(true);
    try {
      await flushAll();
    } catch (err) {
      console.error('Saving before submit failed', err);
      setBusy(false);
      setError(MESSAGES.saveBeforeSubmitFailed);
      return;
    }
    const n = incomplete();
    if (n > 0) {
      setBusy(false);
      setConfirming(n);
      return;
    }
    await send();
  };

  return {
    busy,
    confirming,
    error,
    start: () => void start(),
    confirm: () => void send(),
    cancel: () => setConfirming(null),
    dismissError: () => setError(null),
  };
}
