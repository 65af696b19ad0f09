import { useMemo, useState, type FormEvent } from 'react';
import type { AdminSchool } from '@evergrade/contracts';
import { ConfirmDialog } from '../../../components/dialog';
import { SearchIcon } from '../../../components/icons';
import { toast } from '../../../stores/toast';
import { useAdminCommand } from '../api/commands';
import { errorText } from '../utils/error-text';
import { CsvImport } from './csv-import';

/** Students may only sign up from an address listed here. */
export function PreapprovedCard({ students }: { students: AdminSchool['preapproved_students'] }) {
  const [email, setEmail] = useState('');
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const add = useAdminCommand('preapproveStudent');
  const revoke = useAdminCommand('revokePreapprovedStudent');
  const shown = useMemo(() => students.filter((s) => s.email.includes(filter.trim().toLowerCase())), [students, filter]);
  const pending = students.filter((s) => !s.registered).length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(
      { email },
      {
        onSuccess: () => {
          toast.success(`${email.trim().toLowerCase()} can now sign up`);
          setEmail('');
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <section className="card" aria-labelledby="preapproved-heading" data-testid="preapproved-card">
      <div className="card-head">
        <h3 className="card-title" id="preapproved-heading">
          Pre-approved students
        </h3>
        <p className="text-muted small">
          {students.length} address{students.length === 1 ? '' : 'es'}, {pending} not signed up yet. Only these addresses can use the
          student signup link.
        </p>
      </div>
      <form className="inline-form" onSubmit={submit} noValidate>
        <input
          className="input"
          type="email"
          placeholder="student@school.edu"
          aria-label="Student email to pre-approve"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!email.trim() || add.isPending}>
          Add student
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <CsvImport />
      {students.length > 6 && (
        <label className="search-field">
          <SearchIcon width={16} height={16} />
          <input
            className="input"
            type="search"
            placeholder="Filter addresses"
            aria-label="Filter pre-approved addresses"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </label>
      )}
      {students.length === 0 ? (
        <p className="empty-inline">No students pre-approved yet.</p>
      ) : (
        <ul className="row-list" aria-label="Pre-approved addresses">
          {shown.map((s) => (
            <li key={s.email} className="row-item">
              <span className="mono row-main">{s.email}</span>
              <span className={`badge ${s.registered ? 'badge-success' : 'badge-neutral'}`}>{s.registered ? 'Signed up' : 'Invited'}</span>
              <button
                type="button"
                className="button button-ghost button-sm"
                onClick={() => setRevoking(s.email)}
                aria-label={`Revoke ${s.email}`}
              >
                Revoke
              </button>
            </li>
          ))}
          {shown.length === 0 && <li className="empty-inline">No address matches “{filter}”.</li>}
        </ul>
      )}
      {revoking && (
        <ConfirmDialog
          title="Revoke pre-approval?"
          message={`${revoking} will no longer be able to sign up. An account already created stays.`}
          confirmLabel="Revoke"
          cancelLabel="Cancel"
          busy={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(
              { email: revoking },
              {
                onSuccess: () => {
                  toast.success(`Revoked ${revoking}`);
                  setRevoking(null);
                },
                onError: (err) => {
                  toast.error(errorText(err));
                  setRevoking(null);
                },
              },
            )
          }
        />
      )}
    </section>
  );
}
