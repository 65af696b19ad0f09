import { useId, useState, type FormEvent } from 'react';
import { GRADES, type AdminUser } from '@evergrade/contracts';
import { Modal } from '../../../components/dialog';
import { toast } from '../../../stores/toast';
import { useAdminCommand } from '../api/commands';
import { errorText } from '../utils/error-text';
import { fullName } from './member-picker';

type Grade = (typeof GRADES)[number] | '';

/** The fields only an admin may change: e-mail, and for students class, section and enrolment date. */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const id = useId();
  const [email, setEmail] = useState(user.email);
  const [klass, setKlass] = useState(user.class as Grade);
  const [section, setSection] = useState(user.section);
  const [date, setDate] = useState(user.enrollment_date.slice(0, 10));
  const [error, setError] = useState<string | null>(null);
  const update = useAdminCommand('updateUser');
  const student = user.role === 'student';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = {
      user_id: user.user_id,
      ...(email.trim().toLowerCase() !== user.email ? { email } : {}),
      ...(student ? { class: klass, section, enrollment_date: date } : {}),
    };
    update.mutate(body, {
      onSuccess: () => {
        toast.success(`Saved ${fullName(user)}`);
        onClose();
      },
      onError: (err) => setError(errorText(err)),
    });
  };

  return (
    <Modal
      title={`Edit ${fullName(user)}`}
      role="dialog"
      onEscape={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="edit-user" className="button button-primary" disabled={update.isPending || !email.trim()}>
            Save changes
          </button>
        </>
      }
    >
      <form id="edit-user" className="form-stack" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field-label">Email</span>
          <input className="input" type="email" data-autofocus value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
        {student && (
          <>
            <div className="field-row">
              <div className="field">
                <label className="field-label" htmlFor={id}>
                  Class
                </label>
                <select id={id} className="input" value={klass} onChange={(e) => setKlass(e.target.value as Grade)}>
                  <option value="">Not set</option>
                  {GRADES.map((g) => (
                    <option key={g} value={g}>
                      Grade {g}
                    </option>
                  ))}
                </select>
              </div>
              <label className="field">
                <span className="field-label">Section</span>
                <input className="input" value={section} maxLength={10} placeholder="A" onChange={(e) => setSection(e.target.value)} />
              </label>
            </div>
            <label className="field">
              <span className="field-label">Enrollment date</span>
              <input className="input" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </label>
          </>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
