import { useId, useState, type FormEvent } from 'react';
import { GRADES } from '@evergrade/contracts';
import { Modal } from '../../../components/dialog';
import { toast } from '../../../stores/toast';
import { useAdminCommand } from '../api/commands';
import { errorText } from '../utils/error-text';

const EMPTY = { course_code: '', course_name: '', course_class: '' as string, subject: '' };

export function CreateCourseDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [f, setF] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useAdminCommand('createCourse');
  const set = (patch: Partial<typeof EMPTY>) => setF((s) => ({ ...s, ...patch }));
  const ready = /^[A-Za-z0-9-]{2,20}$/.test(f.course_code.trim()) && f.course_name.trim() && f.course_class && f.subject.trim();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    create.mutate(
      { ...f, course_class: f.course_class as (typeof GRADES)[number] },
      {
        onSuccess: () => {
          toast.success(`Created ${f.course_code.trim()}`);
          onClose();
        },
        onError: (err) => setError(errorText(err)),
      },
    );
  };

  return (
    <Modal
      title="New course"
      role="dialog"
      onEscape={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="create-course" className="button button-primary" disabled={!ready || create.isPending}>
            Create course
          </button>
        </>
      }
    >
      <form id="create-course" className="form-stack" onSubmit={submit} noValidate>
        <div className="field-row">
          <label className="field">
            <span className="field-label">Course code</span>
            <input
              className="input"
              data-autofocus
              placeholder="MATH-9A"
              value={f.course_code}
              maxLength={20}
              onChange={(e) => set({ course_code: e.target.value })}
            />
          </label>
          <div className="field">
            <label className="field-label" htmlFor={id}>
              Grade
            </label>
            <select id={id} className="input" value={f.course_class} onChange={(e) => set({ course_class: e.target.value })}>
              <option value="">Select grade</option>
              {GRADES.map((g) => (
                <option key={g} value={g}>
                  Grade {g}
                </option>
              ))}
            </select>
          </div>
        </div>
        <label className="field">
          <span className="field-label">Course name</span>
          <input
            className="input"
            placeholder="Algebra I"
            value={f.course_name}
            maxLength={100}
            onChange={(e) => set({ course_name: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">Subject</span>
          <input
            className="input"
            placeholder="Mathematics"
            value={f.subject}
            maxLength={50}
            onChange={(e) => set({ subject: e.target.value })}
          />
        </label>
        <p className="field-hint">Codes are 2-20 letters, digits or hyphens and unique in your school.</p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
