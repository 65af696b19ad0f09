import { useState, type FormEvent } from 'react';
import { TITLES } from '@evergrade/contracts';
import { SubmitWithIssues } from '../../../components/submit-with-issues';
import { TitlePicker } from '../../../components/title-picker';
import { preferredTitle } from '../../../lib/titles';
import { instructorIssues, type InstructorDetails } from '../utils/details-rules';
import { NameFields, ReadOnlySchool } from './name-fields';
import { NewPasswordFields } from './new-password-fields';

type Props = { school: string; busy: boolean; onSubmit: (d: InstructorDetails & { preferredTitle: string }) => void; onBack: () => void };

export function InstructorDetailsForm({ school, busy, onSubmit, onBack }: Props) {
  const [d, setD] = useState<InstructorDetails>({
    firstName: '',
    lastName: '',
    title: TITLES[0],
    customTitle: '',
    password: '',
    confirm: '',
  });
  const set = (patch: Partial<InstructorDetails>) => setD((prev) => ({ ...prev, ...patch }));
  const issues = instructorIssues(d);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (issues.length === 0) onSubmit({ ...d, preferredTitle: preferredTitle(d) });
  };
  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <NameFields
        firstName={d.firstName}
        lastName={d.lastName}
        onFirst={(firstName) => set({ firstName })}
        onLast={(lastName) => set({ lastName })}
      />
      <ReadOnlySchool school={school} />
      <TitlePicker
        title={d.title}
        customTitle={d.customTitle}
        onTitle={(title) => set({ title })}
        onCustom={(customTitle) => set({ customTitle })}
      />
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
