import { useState, type FormEvent } from 'react';
import { XIcon } from '../../../components/icons';
import { toast } from '../../../stores/toast';
import { useAdminCommand } from '../api/commands';
import { errorText } from '../utils/error-text';

/** Instructors may sign up from any address on these domains. */
export function DomainsCard({ domains }: { domains: string[] }) {
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAdminCommand('addAuthorizedDomain');
  const remove = useAdminCommand('removeAuthorizedDomain');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate({ domain }, { onSuccess: () => setDomain(''), onError: (err) => setError(errorText(err)) });
  };

  return (
    <section className="card" aria-labelledby="domains-heading" data-testid="domains-card">
      <div className="card-head">
        <h3 className="card-title" id="domains-heading">
          Authorised instructor domains
        </h3>
        <p className="text-muted small">Anyone with an address on these domains can create an instructor account with your signup link.</p>
      </div>
      {domains.length === 0 ? (
        <p className="empty-inline">No domains yet: instructors cannot sign up until you add one.</p>
      ) : (
        <ul className="chip-list" aria-label="Authorised domains">
          {domains.map((d) => (
            <li key={d} className="chip chip-removable">
              <span className="mono">@{d}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${d}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ domain: d }, { onError: (err) => toast.error(errorText(err)) })}
              >
                <XIcon width={14} height={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="inline-form" onSubmit={submit} noValidate>
        <input
          className="input"
          placeholder="school.edu"
          aria-label="Domain to authorise"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={!domain.trim() || add.isPending}>
          Add domain
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
