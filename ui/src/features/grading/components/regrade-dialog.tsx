import { useId, useState } from 'react';
import { Modal } from '../../../components/dialog';

export type RegradeScope = 'student' | 'all';

type Props = {
  questionNumber: number;
  studentName: string;
  studentCount: number;
  onRegrade: (instructions: string, scope: RegradeScope, overrideManual: boolean) => void;
  onClose: () => void;
};

/** The regrade popup: instructions for the grader, then this student or all students. */
export function RegradeDialog({ questionNumber, studentName, studentCount, onRegrade, onClose }: Props) {
  const [instructions, setInstructions] = useState('');
  const [scope, setScope] = useState<RegradeScope>('student');
  const [overrideManual, setOverrideManual] = useState(false);
  const id = useId();
  return (
    <Modal
      role="dialog"
      title={`Regrade question ${questionNumber}`}
      onEscape={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={() => onRegrade(instructions.trim(), scope, overrideManual)}>
            Regrade
          </button>
        </>
      }
    >
      <label htmlFor={`${id}-instructions`} className="field-label">
        Regrade instructions
      </label>
      <textarea
        id={`${id}-instructions`}
        className="input gr-regrade-instructions"
        rows={4}
        maxLength={5000}
        data-autofocus
        placeholder="e.g. Accept answers that give the result in metres per second."
        value={instructions}
        onChange={(e) => setInstructions(e.target.value)}
      />
      <fieldset className="gr-scope">
        <legend className="field-label">Regrade for</legend>
        <label>
          <input type="radio" name={`${id}-scope`} checked={scope === 'student'} onChange={() => setScope('student')} /> This student (
          {studentName})
        </label>
        <label>
          <input type="radio" name={`${id}-scope`} checked={scope === 'all'} onChange={() => setScope('all')} /> All students (
          {studentCount})
        </label>
      </fieldset>
      <label className="gr-override">
        <input type="checkbox" checked={overrideManual} onChange={(e) => setOverrideManual(e.target.checked)} />
        Also replace marks set by hand
      </label>
      <p className="text-muted gr-hint">{overrideManual ? 'Marks set by hand are regraded too.' : 'Marks set by hand are kept.'}</p>
    </Modal>
  );
}
