import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { errorText } from '../utils/error-text';
import { useAdminUsers } from '../api/get-users';
import { useAdminCommand } from '../api/commands';
import { fullName } from './member-picker';

/**
 * Analysts replay the school's events into reports. Who holds the role is set per person on the People page; whether
 * analysts see names (off by default: "Student 3", "Instructor 1") is set here, for the whole school.
 */
export function AnalystsCard({ names }: { names: boolean }) {
  const users = useAdminUsers();
  const command = useAdminCommand('setAnalystNames');
  const on = command.isPending ? !names : names;
  const analysts = (users.data ?? []).filter((u) => u.analyst);
  return (
    <section className="card" aria-labelledby="analysts-heading" data-testid="analysts-card">
      <div className="card-head">
        <h3 className="card-title" id="analysts-heading">
          Analysts
        </h3>
        <p className="text-muted small">
          Analysts run reports over your school&apos;s history (grade changes, time on task, grader agreement, submission timing) and
          download its events. They never see another school&apos;s data.
        </p>
      </div>
      <label className="toggle-inline">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={command.isPending}
          aria-label="Analysts may see names"
          onChange={() => command.mutate({ allowed: !names })}
        />
        <span>Analysts may see names</span>
      </label>
      <p className="text-muted small" data-testid="analyst-names-state">
        {on ? 'Reports and the events export show names and e-mail addresses.' : 'Names and e-mail addresses are replaced by pseudonyms.'}
      </p>
      {command.isError && (
        <p className="field-error" role="alert">
          {command.error.message}
        </p>
      )}
      <p className="small" data-testid="analyst-holders">
        {users.isPending
          ? 'Loading who holds the analyst role…'
          : analysts.length === 0
            ? 'No one holds the analyst role.'
            : `Analyst role: ${analysts.map((u) => fullName(u)).join(', ')}.`}{' '}
        <Link to="/admin/people">Grant or revoke it on the People page.</Link>
      </p>
      <InviteAnalystForm />
    </section>
  );
}

/** An analyst account for someone with no other role here; they choose their password through 'Forgot password?'. */
function InviteAnalystForm() {
  const invite = useAdminCommand('inviteAnalyst');
  const [form, setForm] = useState({ email: '', first_name: '', last_name: '' });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    invite.mutate(form, {
      onSuccess: () => {
        setResult({
          ok: true,
          text: `Analyst account created for ${form.email}: ask them to set a password with "Forgot password?" on the login page.`,
        });
        setForm({ email: '', first_name: '', last_name: '' });
      },
      onError: (err) => setResult({ ok: false, text: errorText(err) }),
    });
  };
  return (
    <form className="analyst-invite" onSubmit={submit} noValidate aria-label="New analyst account">
      <p className="strong small">New analyst account</p>
      <div className="analyst-invite-fields">
        <input
          className="input"
          type="email"
          placeholder="name@school.edu"
          aria-label="Analyst email"
          value={form.email}
          onChange={set('email')}
        />
        <input
          className="input"
          placeholder="First name"
          aria-label="Analyst first name"
          value={form.first_name}
          onChange={set('first_name')}
        />
        <input
          className="input"
          placeholder="Last name"
          aria-label="Analyst last name"
          value={form.last_name}
          onChange={set('last_name')}
        />
        <button type="submit" className="button button-secondary" disabled={invite.isPending || !form.email.trim()}>
          Create account
        </button>
      </div>
      {result && (
        <p className={result.ok ? 'small text-muted' : 'field-error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      )}
    </form>
  );
}
