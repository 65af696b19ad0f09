import { passwordChecks, VALIDATION_MESSAGES } from '@evergrade/contracts';

/** The password rules, ticked off live as the user types. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul className="rule-list" id={id} aria-label="Password requirements" data-testid="password-rules">
      {passwordChecks(password).map((c) => (
        <li key={c.id} className={c.ok ? 'is-ok' : undefined} data-ok={c.ok}>
          <span className="rule-mark" aria-hidden="true">
            {c.ok ? '✓' : '○'}
          </span>
          {c.label}
          <span className="visually-hidden">{c.ok ? ' (met)' : ' (not met yet)'}</span>
        </li>
      ))}
    </ul>
  );
}

/** '✓ Passwords match' / '✗ Passwords do not match', once the confirmation has been typed. */
export function PasswordMatch({ password, confirm }: { password: string; confirm: string }) {
  if (!confirm) return null;
  const ok = password === confirm;
  return (
    <p className={`match-line ${ok ? 'is-ok' : 'is-bad'}`} role="status" data-testid="password-match">
      {ok ? '✓ Passwords match' : `✗ ${VALIDATION_MESSAGES.passwordsDoNotMatch}`}
    </p>
  );
}
