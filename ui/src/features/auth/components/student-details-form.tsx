import { useId, useState, type FormEvent } from 'react';
import { GRADES } from '@evergrade/contracts';
import { SubmitWithIssues } from '../../../components/submit-with-issues';
import { studentIssues, type StudentDetails } from '../utils/details-rules';
import { NameFields, ReadOnlySchool } from './name-fields';
import { NewPasswordFields } from './new-password-fields';

type Props = { school: string; busy: boolean; onSubmit: (d: StudentDetails) => void; onBack: () => void };

export function StudentDetailsForm({ school, busy, onSubmit, onBack }: Props) {
  const id = useId();
  const [d, setD] = useState<StudentDetails>({ firstName: '', lastName: '', grade: '', password: '', confirm: '' });
  const set = (patch: Partial<StudentDetails>) => setD((prev) => ({ ...prev, ...patch }));
  const issues = studentIssues(d);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (issues.length === 0) onSubmit(d);
  };
  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <NameFields
        firstName={d.firstName}
        lastName={d.lastName}
        onFirst={(firstName) => set({ firstName })}
        onLast={(lastName) => set({ lastName })}
      />
      <div className="field-row">
        <div className="field">
          <label className="field-label" htmlFor={id}>
            Grade
          </label>
          <select id={id} className="input" name="grade" value={d.grade} onChange={(e) => set({ grade: e.target.value })}>
            <option value="">Select grade</option>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                Grade {g}
              </option>
            ))}
          </select>
        </div>
        <ReadOnlySchool school={school} />
      </div>
      <NewPasswordFields
        password={d.password}
        confirm={d.confirm}
        onPassword={(password) => set({ password })}
        onConfirm={(confirm) => set({ confirm })}
      />
      <SubmitWithIssues issues={issues} busy={busy} testId="create-account">
        {busy ? 'Creating account…' : 'Create account'}
      </SubmitWithIssues>
      <button type="button" className="button button-ghost button-block" onClick={onBack}>
        ← Back
      </button>
    </form>
  );
}
