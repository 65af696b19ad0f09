import { useState, type FormEvent } from 'react';
import type { AdminSchool } from '@evergrade/contracts';
import { toast } from '../../../stores/toast';
import { useAdminCommand } from '../api/commands';
import { errorText } from '../utils/error-text';
import { SignupLinks } from './signup-links';

/** The name and logo shown on the school's branded login and signup pages. */
export function BrandingCard({ school }: { school: AdminSchool }) {
  const [name, setName] = useState(school.name);
  const [logo, setLogo] = useState(school.logo_url ?? '');
  const [error, setError] = useState<string | null>(null);
  const [broken, setBroken] = useState(false);
  const update = useAdminCommand('updateSchool');
  const changed = name.trim() !== school.name || logo.trim() !== (school.logo_url ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    update.mutate(
      { name, logo_url: logo.trim() || null },
      {
        onSuccess: () => toast.success('School details saved'),
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <section className="card" aria-labelledby="branding-heading" data-testid="branding-card">
      <div className="card-head">
        <h3 className="card-title" id="branding-heading">
          School
        </h3>
        <p className="text-muted small">Shown on your school's sign-in and signup pages.</p>
      </div>
      <form className="branding-form" onSubmit={submit} noValidate>
        <div className="branding-preview" aria-hidden="true">
          {logo.trim() && !broken ? (
            <img src={logo.trim()} alt="" onError={() => setBroken(true)} onLoad={() => setBroken(false)} />
          ) : (
            <span>{name.trim().slice(0, 1).toUpperCase() || '?'}</span>
          )}
        </div>
        <div className="form-stack grow">
          <label className="field">
            <span className="field-label">School name</span>
            <input className="input" name="name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="field">
            <span className="field-label">
              Logo URL <span className="text-muted">(optional)</span>
            </span>
            <input
              className="input"
              name="logo_url"
              type="url"
              placeholder="https://…/logo.png"
              value={logo}
              onChange={(e) => {
                setLogo(e.target.value);
                setBroken(false);
              }}
            />
          </label>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div>
            <button type="submit" className="button button-primary" disabled={!changed || !name.trim() || update.isPending}>
              Save school details
            </button>
          </div>
        </div>
      </form>
      <SignupLinks tenant={school.tenant} />
    </section>
  );
}
