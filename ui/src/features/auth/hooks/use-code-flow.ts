import { useEffect, useRef, useState } from 'react';
import {
  emailSchema,
  FAILED_STEP_RETURN_MS,
  SIGNUP_REDIRECT_SECONDS,
  VALIDATION_MESSAGES,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@evergrade/contracts';
import { ApiError } from '../../../lib/api-client';
import { useCountdown } from '../../../lib/use-countdown';
import { EMPTY_CODE, isCodeComplete } from '../components/code-input';
import { failureMessage, ONBOARDING_MESSAGES, type FailureWording } from '../utils/onboarding-messages';

export type FlowStep = 1 | 2 | 3 | 4;
export type FlowStatus = { tone: 'error' | 'success' | 'info'; text: string } | null;

type Options<V> = {
  request: (email: string) => Promise<{ message: string }>;
  verify: (email: string, code: string) => Promise<V>;
  requestWording: FailureWording;
  verifyWording: FailureWording;
  onVerified?: (reply: V) => void;
  /** Runs when the success countdown ends (and on "Login Now"). */
  onDone: () => void;
};

/**
 * Steps shared by signup and password reset (spec document 3, section 4): e-mail → 6-digit code
 * (120 s) → details → success with a 5 s redirect. Failed steps may send the user back to step 1.
 */
export function useCodeFlow<V>(o: Options<V>) {
  const [step, setStep] = useState<FlowStep>(1);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState<string[]>(EMPTY_CODE);
  const [verifiedCode, setVerifiedCode] = useState<string | null>(null);
  const [status, setStatus] = useState<FlowStatus>(null);
  const [busy, setBusy] = useState(false);
  const returnTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const restart = () => {
    setStep(1);
    setCode(EMPTY_CODE);
    setVerifiedCode(null);
  };
  const codeClock = useCountdown(() => {
    setStatus({ tone: 'error', text: ONBOARDING_MESSAGES.expired });
    restart();
  });
  const redirectClock = useCountdown(o.onDone);

  useEffect(() => () => clearTimeout(returnTimer.current), []);

  const returnToStartSoon = () => {
    codeClock.stop();
    clearTimeout(returnTimer.current);
    returnTimer.current = setTimeout(restart, FAILED_STEP_RETURN_MS);
  };

  const run = async (work: () => Promise<void>, onError: (err: unknown) => void) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = () => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      const text = parsed.error.issues[0]?.message ?? 'email is not a valid address';
      return setStatus({ tone: 'error', text: text[0]!.toUpperCase() + text.slice(1) });
    }
    return run(
      async () => {
        const reply = await o.request(parsed.data);
        setEmail(parsed.data);
        setCode(EMPTY_CODE);
        setVerifiedCode(null);
        setStatus({ tone: 'success', text: reply.message });
        setStep(2);
        codeClock.start(VERIFICATION_CODE_TTL_SECONDS);
      },
      (err) => setStatus({ tone: 'error', text: failureMessage(err, o.requestWording) }),
    );
  };

  const verifyCode = () => {
    if (!isCodeComplete(code)) return setStatus({ tone: 'error', text: VALIDATION_MESSAGES.codeDigits });
    const joined = code.join('');
    if (joined === verifiedCode) return setStep(3);
    return run(
      async () => {
        const reply = await o.verify(email, joined);
        codeClock.stop();
        setVerifiedCode(joined);
        o.onVerified?.(reply);
        setStatus(null);
        setStep(3);
      },
      (err) => {
        setStatus({ tone: 'error', text: failureMessage(err, o.verifyWording) });
        if (err instanceof ApiError && err.status === 410) returnToStartSoon();
      },
    );
  };

  /** Step 3: create the account or reset the password; `returnOn` statuses restart after 2 s. */
  const complete = (work: () => Promise<{ message: string }>, wording: FailureWording, returnOn: number[]) =>
    run(
      async () => {
        const reply = await work();
        setStatus({ tone: 'success', text: reply.message });
        setStep(4);
        redirectClock.start(SIGNUP_REDIRECT_SECONDS);
      },
      (err) => {
        setStatus({ tone: 'error', text: failureMessage(err, wording) });
        if (err instanceof ApiError && returnOn.includes(err.status)) returnToStartSoon();
      },
    );

  const back = () => {
    setStatus(null);
    if (step === 2) {
      codeClock.stop();
      setStep(1);
    } else if (step === 3) setStep(2);
  };

  return {
    step,
    email,
    setEmail,
    code,
    setCode,
    status,
    busy,
    verifiedCode,
    codeSecondsLeft: codeClock.secondsLeft,
    codeRunning: codeClock.running,
    redirectSecondsLeft: redirectClock.secondsLeft,
    sendCode,
    verifyCode,
    complete,
    back,
  };
}

export type CodeFlow = ReturnType<typeof useCodeFlow>;
