import { useState, type FormEvent } from 'react';
import { isStrongPassword } from '@evergrade/contracts';
import { PasswordChecklist, PasswordMatch } from '../../../components/password-checklist';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../stores/toast';
import { useChangePassword } from '../api/change-password';

const EMPTY = { current: '', next: '', confirm: '' };

/** Spec section 2/5/8: current, new and confirmation; Update only when every rule holds. */
export function ChangePasswordForm() {
  const [f, setF] = useState(EMPTY);
  const change = useChangePassword();
  const ready = f.current.length > 0 && isStrongPassword(f.next) && f.next === f.confirm;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    change.mutate(
      { currentPassword: f.current, newPassword: f.next },
      {
        onSuccess: () => {
          setF(EMPTY);
          toast.success('Password updated successfully!');
        },
        onError: (err) =>
          toast.error(
            err instanceof ApiError && err.fromServer && err.status !== 0 ? err.message : 'Failed to update password. Please try again.',
          ),
      },
    );
  };

  return (
    <form className="card profile-card" onSubmit={submit} noValidate aria-labelledby="password-heading" data-testid="change-password">
      <div className="card-head">
        <h3 className="card-title" id="password-heading">
          Change Password
        </h3>
        <p className="text-muted small">Use at least 8 characters with a mix of letters, numbers and symbols.</p>
      </div>
      <div className="form-stack">
        <PasswordField
          label="Current password"
          value={f.current}
          onChange={(current) => setF((s) => ({ ...s, current }))}
          autoComplete="current-password"
          name="currentPassword"
        />
        <div className="field-row">
          <PasswordField
            label="New password"
            value={f.next}
            onChange={(next) => setF((s) => ({ ...s, next }))}
            autoComplete="new-password"
            name="newPassword"
            describedBy="password-rules"
          />
          <PasswordField
            label="Confirm new password"
            value={f.confirm}
            onChange={(confirm) => setF((s) => ({ ...s, confirm }))}
            autoComplete="new-password"
            name="confirmPassword"
            invalid={!!f.confirm && f.confirm !== f.next}
          />
        </div>
        <PasswordMatch password={f.next} confirm={f.confirm} />
        <PasswordChecklist password={f.next} id="password-rules" />
      </div>
      <div className="card-actions">
        <button type="submit" className="button button-primary" disabled={!ready || change.isPending}>
          {change.isPending ? 'Updating…' : 'Update Password'}
        </button>
      </div>
    </form>
  );
}
