import type { FormEvent } from 'react';
import { formatClock } from '../../../lib/use-countdown';
import type { CodeFlow } from '../hooks/use-code-flow';
import { CodeInput, isCodeComplete } from './code-input';

export function CodeStep({ flow }: { flow: CodeFlow }) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void flow.verifyCode();
  };
  const verified = flow.verifiedCode !== null && flow.code.join('') === flow.verifiedCode;
  return (
    <form className="login-form" onSubmit={onSubmit} noValidate>
      <p className="text-muted small">
        We sent a 6-digit code to <strong className="text-strong">{flow.email}</strong>. Enter it below.
      </p>
      <CodeInput value={flow.code} onChange={flow.setCode} disabled={flow.busy} autoFocus />
      <div className="code-meta">
        {flow.codeRunning ? (
          <span className={`countdown${flow.codeSecondsLeft <= 20 ? ' is-urgent' : ''}`} data-testid="code-countdown" aria-live="off">
            Code expires in <strong>{formatClock(flow.codeSecondsLeft)}</strong>
          </span>
        ) : (
          <span className="text-muted">{verified ? 'Code verified.' : ''}</span>
        )}
        <button type="button" className="link-button" onClick={() => void flow.sendCode()} disabled={flow.busy}>
          Resend code
        </button>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={flow.busy || !isCodeComplete(flow.code)}>
        {flow.busy ? 'Verifying…' : verified ? 'Continue' : 'Verify code'}
      </button>
      <button type="button" className="button button-ghost button-block" onClick={flow.back}>
        ← Back
      </button>
    </form>
  );
}
