import { useState } from 'react';
import { MESSAGES } from '@evergrade/contracts';
import { toast } from '../../../stores/toast';
import { useSubmitAssignment } from '../api/submit-assignment';

export type RefusedAnswer = { questionNumber: number; message: string };

type Options = {
  assignmentId: number;
  flushAll: () => Promise<void>;
  responses: () => Record<string, string | null>;
  incomplete: () => number;
  /** Answers the server refused for good (their text stays on the device). */
  refused: () => RefusedAnswer[];
  onSubmitted: () => void;
};

/**
 * Submit (spec section 4): save everything, ask about unanswered questions, then submit.
 *
 * A refused answer never blocks Submit for good: the student is told which answers were not saved and why, and
 * may submit anyway, in which case the last answer the server saved is submitted for those questions (sending the
 * refused text would have the whole submission refused) while the typed text stays on the device.
 */
export function useSubmitFlow({ assignmentId, flushAll, responses, incomplete, refused, onSubmitted }: Options) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [refusedConfirm, setRefusedConfirm] = useState<RefusedAnswer[] | null>(null);
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

  const askIncompleteThenSend = async () => {
    setRefusedConfirm(null);
    const n = incomplete();
    if (n > 0) {
      setBusy(false);
      setConfirming(n);
      return;
    }
    await send();
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
    const notSaved = refused();
    if (notSaved.length > 0) {
      setBusy(false);
      setRefusedConfirm(notSaved);
      return;
    }
    await askIncompleteThenSend();
  };

  return {
    busy,
    confirming,
    refusedConfirm,
    error,
    start: () => void start(),
    confirm: () => void send(),
    confirmRefused: () => void askIncompleteThenSend(),
    cancel: () => {
      setConfirming(null);
      setRefusedConfirm(null);
    },
    dismissError: () => setError(null),
  };
}
