import { useState } from 'react';
import { isValidName, VALIDATION_MESSAGES } from '@evergrade/contracts';

type Props = { firstName: string; lastName: string; onFirst: (v: string) => void; onLast: (v: string) => void };

/** First and last name side by side; the spec's single message shows once a touched name is invalid. */
export function NameFields({ firstName, lastName, onFirst, onLast }: Props) {
  const [touched, setTouched] = useState({ first: false, last: false });
  const bad = (touched.first && !isValidName(firstName)) || (touched.last && !isValidName(lastName));
  return (
    <div className="field-group">
      <div className="field-row">
        <label className="field">
          <span className="field-label">First name</span>
          <input
            className="input"
            name="firstName"
            autoComplete="given-name"
            value={firstName}
            aria-invalid={(touched.first && !isValidName(firstName)) || undefined}
            onChange={(e) => onFirst(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, first: true }))}
          />
        </label>
        <label className="field">
          <span className="field-label">Last name</span>
          <input
            className="input"
            name="lastName"
            autoComplete="family-name"
            value={lastName}
            aria-invalid={(touched.last && !isValidName(lastName)) || undefined}
            onChange={(e) => onLast(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, last: true }))}
          />
        </label>
      </div>
      {bad && (
        <p className="field-error" role="alert">
          {VALIDATION_MESSAGES.signupName}
        </p>
      )}
    </div>
  );
}

export function ReadOnlySchool({ school }: { school: string }) {
  return (
    <label className="field">
      <span className="field-label">School</span>
      <input className="input" name="school" value={school} readOnly aria-readonly="true" />
    </label>
  );
}
