import { PRACTICE_LIMITS, PRACTICE_MESSAGES } from '@evergrade/contracts';
import { DocIcon, SparkIcon } from '../../../components/icons';
import { ChoiceGroup } from '../../../components/wizard/choice-group';
import { capitaliseTitle, practiceTitleError } from '../utils/rules';
import { useStudentCourses } from '../api/student-courses';

export type PracticeMethod = 'document' | 'ai';

const METHODS = [
  { value: 'document', label: 'From Document', hint: 'Upload a marking scheme PDF', icon: <DocIcon width={20} height={20} /> },
  { value: 'ai', label: 'With AI', hint: 'Describe what you want to practice', icon: <SparkIcon width={20} height={20} /> },
] as const;

type Props = {
  title: string;
  onTitle: (title: string) => void;
  titleTouched: boolean;
  onTitleTouched: () => void;
  course: string;
  onCourse: (course: string) => void;
  method: PracticeMethod | null;
  onMethod: (method: PracticeMethod) => void;
  onNext: () => void;
};

/** Step 1: title, course and how the questions are made. */
export function PracticeSetupStep({ title, onTitle, titleTouched, onTitleTouched, course, onCourse, method, onMethod, onNext }: Props) {
  const { courses, loading } = useStudentCourses();
  const titleError = titleTouched ? practiceTitleError(title) : null;
  return (
    <div className="wz-step">
      <section className="card wz-card form-stack">
        <h3 className="wz-card-title">Practice details</h3>
        <label className="field">
          <span className="field-label">Title</span>
          <input
            className="input"
            value={title}
            placeholder="e.g. Forces Practice"
            aria-invalid={titleError ? true : undefined}
            onChange={(e) => onTitle(capitaliseTitle(e.target.value))}
            onBlur={onTitleTouched}
          />
          {titleError && (
            <p className="field-error" role="alert">
              {titleError}
            </p>
          )}
        </label>
        <label className="field">
          <span className="field-label">Course</span>
          <select className="input" value={course} onChange={(e) => onCourse(e.target.value)}>
            <option value={PRACTICE_LIMITS.defaultCourse}>{PRACTICE_LIMITS.defaultCourse}</option>
            {courses.map((c) => (
              <option key={c.course_code} value={c.course_code}>{`${c.course_name} (${c.course_code}) - Grade ${c.course_class}`}</option>
            ))}
          </select>
          {!loading && courses.length === 0 && <p className="field-hint">{PRACTICE_MESSAGES.noCourses}</p>}
        </label>
        <ChoiceGroup label="Creation option" testId="practice-method" value={method} choices={METHODS} onChange={onMethod} />
      </section>
      <div className="wz-footer">
        <span />
        <button type="button" className="button button-primary" disabled={!method} onClick={onNext}>
          Next
        </button>
      </div>
    </div>
  );
}
