import { useState, type FormEvent } from 'react';
import type { Role } from '@evergrade/contracts';
import { Link } from 'react-router';
import { AuthShell } from '../../../components/layouts/auth-shell';
import { SubmitWithIssues } from '../../../components/submit-with-issues';
import { requestResetCode } from '../api/request-reset-code';
import { resetPassword } from '../api/reset-password';
import { verifyResetCode } from '../api/verify-reset-code';
import { useCodeFlow } from '../hooks/use-code-flow';
import { passwordIssues } from '../utils/details-rules';
import { resetRequestWording, resetVerifyWording, resetWording } from '../utils/onboarding-messages';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { FlowStatusBanner, StepIndicator } from './flow-status';
import { NewPasswordFields } from './new-password-fields';
import { SuccessStep } from './success-step';

const HEADINGS = ['Reset your password', 'Check your email', 'Choose a new password', ''];
const LABELS = ['Email', 'Verify', 'Password', 'Done'];

/** /forgot-password (spec document 3): e-mail → code → new password → success, then /login after 5 s. */
export function ForgotPasswordPage({ onDone }: { onDone: (email: string, role: Role | null) => void }) {
  const [userType, setUserType] = useState<Role | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const flow = useCodeFlow({
    request: (email) => requestResetCode({ email }),
    verify: (email, code) => verifyResetCode({ email, code }),
    requestWording: resetRequestWording,
    verifyWording: resetVerifyWording,
    onVerified: (reply) => setUserType(reply.userType),
    onDone: () => onDone(flow.email, userType),
  });
  const issues = passwordIssues({ password, confirm });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (issues.length === 0)
      void flow.complete(() => resetPassword({ email: flow.email, code: flow.code.join(''), password }), resetWording, [410]);
  };

  return (
    <AuthShell aside={<ResetAside />}>
      {flow.step < 4 && (
        <>
          <h1 className="login-title">{HEADINGS[flow.step - 1]}</h1>
          <p className="text-muted login-subtitle">
            {flow.step === 1 ? "Enter the email you sign in with and we'll send you a 6-digit code." : `Step ${flow.step} of 4`}
          </p>
          <StepIndicator step={flow.step} labels={LABELS} />
        </>
      )}
      <FlowStatusBanner status={flow.step === 4 ? null : flow.status} />
      {flow.step === 1 && <EmailStep flow={flow} hint="We'll email a code that is valid for 2 minutes." submitLabel="Send reset code" />}
      {flow.step === 2 && <CodeStep flow={flow} />}
      {flow.step === 3 && (
        <form className="login-form" onSubmit={submit} noValidate>
          <NewPasswordFields label="New password" password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
          <SubmitWithIssues issues={issues} busy={flow.busy} testId="reset-password">
            {flow.busy ? 'Saving…' : 'Reset password'}
          </SubmitWithIssues>
          <button type="button" className="button button-ghost button-block" onClick={flow.back}>
            ← Back
          </button>
        </form>
      )}
      {flow.step === 4 && (
        <SuccessStep
          title="Password reset"
          message={flow.status?.text ?? 'Your password has been changed.'}
          secondsLeft={flow.redirectSecondsLeft}
          onContinue={() => onDone(flow.email, userType)}
        />
      )}
      {flow.step < 4 && (
        <p className="auth-switch">
          <Link to="/login">Back to Login</Link>
        </p>
      )}
    </AuthShell>
  );
}

function ResetAside() {
  return (
    <>
      <h2 className="login-tagline">Locked out? It happens.</h2>
      <p className="login-lede">
        Confirm it's you with a code sent to your school email, then pick a new password. Your work stays exactly where you left it.
      </p>
    </>
  );
}
