import { useId, type FormEvent } from 'react';
import type { CodeFlow } from '../hooks/use-code-flow';

type Props = { flow: CodeFlow; hint: string; submitLabel: string };

export function EmailStep({ flow, hint, submitLabel }: Props) {
  const id = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void flow.sendCode();
  };
  return (
    <form className="login-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          Email
        </label>
        <input
          id={id}
          className="input"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          placeholder="you@school.edu"
          value={flow.email}
          onChange={(e) => flow.setEmail(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      </div>
      <button type="submit" className="button button-primary button-block" disabled={flow.busy || !flow.email.trim()}>
        {flow.busy ? 'Sending…' : submitLabel}
      </button>
    </form>
  );
}
