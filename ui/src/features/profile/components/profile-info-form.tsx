import { useState, type FormEvent } from 'react';
import { isValidName, VALIDATION_MESSAGES } from '@evergrade/contracts';
import { TitlePicker } from '../../../components/title-picker';
import { preferredTitle, splitTitle, titleIssue } from '../../../lib/titles';
import { toast } from '../../../stores/toast';

export type ProfileNames = { firstName: string; lastName: string; title?: string };
type Props = {
  initial: ProfileNames;
  /** Instructors choose how they are addressed. */
  withTitle?: boolean;
  readOnly: { label: string; value: string }[];
  save: (values: ProfileNames) => Promise<{ position: string | null }>;
  onSaved: (values: ProfileNames, position: string | null) => void;
};

export function ProfileInfoForm({ initial, withTitle = false, readOnly, save, onSaved }: Props) {
  const [first, setFirst] = useState(initial.firstName);
  const [last, setLast] = useState(initial.lastName);
  const [t, setT] = useState(() => splitTitle(initial.title ?? ''));
  const [touched, setTouched] = useState({ first: false, last: false });
  const [busy, setBusy] = useState(false);

  const firstError = touched.first && !isValidName(first) ? VALIDATION_MESSAGES.profileFirstName : null;
  const lastError = touched.last && !isValidName(last) ? VALIDATION_MESSAGES.profileLastName : null;
  const values: ProfileNames = { firstName: first.trim(), lastName: last.trim(), ...(withTitle ? { title: preferredTitle(t) } : {}) };
  const valid = isValidName(first) && isValidName(last) && (!withTitle || titleIssue(t) === null);
  const changed =
    values.firstName !== initial.firstName || values.lastName !== initial.lastName || (withTitle && values.title !== initial.title);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ first: true, last: true });
    if (!valid) return;
    setBusy(true);
    try {
      const reply = await save(values);
      onSaved(values, reply.position);
      toast.success('Profile updated successfully!');
    } catch {
      toast.error('Failed to update profile. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card profile-card" onSubmit={submit} noValidate aria-labelledby="profile-heading" data-testid="profile-info">
      <div className="card-head">
        <h3 className="card-title" id="profile-heading">
          Profile Information
        </h3>
        <p className="text-muted small">Your name as teachers and classmates see it.</p>
      </div>
      <div className="form-stack">
        <div className="field-row">
          <label className="field">
            <span className="field-label">First name</span>
            <input
              className="input"
              name="firstName"
              autoComplete="given-name"
              value={first}
              onChange={(e) => setFirst(e.target.value)}
              onBlur={() => setTouched((s) => ({ ...s, first: true }))}
              aria-invalid={!!firstError || undefined}
            />
            {firstError && (
              <span className="field-error" role="alert">
                {firstError}
              </span>
            )}
          </label>
          <label className="field">
            <span className="field-label">Last name</span>
            <input
              className="input"
              name="lastName"
              autoComplete="family-name"
              value={last}
              onChange={(e) => setLast(e.target.value)}
              onBlur={() => setTouched((s) => ({ ...s, last: true }))}
              aria-invalid={!!lastError || undefined}
            />
            {lastError && (
              <span className="field-error" role="alert">
                {lastError}
              </span>
            )}
          </label>
        </div>
        {withTitle && (
          <TitlePicker
            title={t.title}
            customTitle={t.customTitle}
            onTitle={(title) => setT((s) => ({ ...s, title }))}
            onCustom={(customTitle) => setT((s) => ({ ...s, customTitle }))}
          />
        )}
        <div className="field-row field-row-wrap">
          {readOnly.map((r) => (
            <label key={r.label} className="field">
              <span className="field-label">{r.label}</span>
              <input className="input" value={r.value || '—'} readOnly aria-readonly="true" />
            </label>
          ))}
        </div>
        <p className="field-hint">Contact your administrator to change your email address</p>
      </div>
      <div className="card-actions">
        <button type="submit" className="button button-primary" disabled={busy || !changed || !valid}>
          {busy ? 'Saving…' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
