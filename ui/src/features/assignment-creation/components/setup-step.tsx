import { useState } from 'react';
import { assignmentTitleError, capitaliseWords } from '@evergrade/contracts';
import { DocIcon, EditIcon, SparkIcon } from '../../../components/icons';
import { SubmitWithIssues } from '../../../components/submit-with-issues';
import { Spinner } from '../../../components/spinner';
import { useCourses } from '../api/get-courses';
import { useDraftStore } from '../stores/draft-store';
import { courseOptionText, releasedAfterDue, SETUP_MESSAGES, setupIssues, showsLiveDate } from '../utils/setup-rules';
import { ChoiceGroup } from '../../../components/wizard/choice-group';

const METHODS = [
  { value: 'scratch', label: 'From Scratch', hint: 'Write each question yourself', icon: <EditIcon width={20} height={20} /> },
  {
    value: 'document',
    label: 'From Document',
    hint: 'Upload a marking scheme or question paper',
    icon: <DocIcon width={20} height={20} />,
  },
  { value: 'ai', label: 'With AI', hint: 'Generate questions or pick from the library', icon: <SparkIcon width={20} height={20} /> },
] as const;

type DateTimeRowProps = {
  label: string;
  date: string;
  time: string;
  names: [date: string, time: string];
  onDate: (value: string) => void;
  onTime: (value: string) => void;
};

/** '{label} date' and '{label} time' side by side. */
function DateTimeRow({ label, date, time, names, onDate, onTime }: DateTimeRowProps) {
  return (
    <div className="field-row">
      <label className="field">
        <span className="field-label">{`${label} date`}</span>
        <input className="input" type="date" name={names[0]} value={date} onChange={(e) => onDate(e.target.value)} />
      </label>
      <label className="field">
        <span className="field-label">{`${label} time`}</span>
        <input className="input" type="time" name={names[1]} value={time} onChange={(e) => onTime(e.target.value)} />
      </label>
    </div>
  );
}

/** Step 1 of 3: Setup. */
export function SetupStep({ onNext }: { onNext: () => void }) {
  const d = useDraftStore();
  const { courses, loading } = useCourses();
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const touch = (k: string) => setTouched((t) => ({ ...t, [k]: true }));
  const issues = loading ? ['Loading your courses...'] : setupIssues(d, courses.length);
  const titleError = touched.title ? assignmentTitleError(d.title) : null;

  return (
    <form
      className="wz-step"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (issues.length === 0) onNext();
      }}
    >
      <section className="card wz-card">
        <h3 className="wz-card-title">Assignment details</h3>
        <div className="form-stack">
          <label className="field">
            <span className="field-label">Title</span>
            <input
              className="input"
              name="title"
              value={d.title}
              maxLength={120}
              placeholder="e.g. Algebra Quiz One"
              autoFocus
              aria-invalid={titleError ? true : undefined}
              onChange={(e) => d.setFields({ title: capitaliseWords(e.target.value) })}
              onBlur={() => touch('title')}
            />
            {titleError && (
              <span className="field-error" role="alert">
                {titleError}
              </span>
            )}
          </label>
          <label className="field">
            <span className="field-label">
              Description <span className="text-muted">(optional)</span>
            </span>
            <textarea
              className="input wz-textarea"
              name="description"
              value={d.description}
              maxLength={5000}
              rows={3}
              placeholder="What is this assignment about?"
              onChange={(e) => d.setFields({ description: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field-label">Course</span>
            {loading ? (
              <Spinner label="Loading courses" />
            ) : (
              <select
                className="input"
                name="course"
                value={d.course}
                disabled={courses.length === 0}
                onChange={(e) => d.setFields({ course: e.target.value })}
                onBlur={() => touch('course')}
              >
                <option value="">Select a course</option>
                {courses.map((c) => (
                  <option key={c.course_code} value={c.course_code}>
                    {courseOptionText(c)}
                  </option>
                ))}
              </select>
            )}
            {!loading && courses.length === 0 && (
              <p className="notice" role="alert">
                {SETUP_MESSAGES.noCourses}
              </p>
            )}
            {!loading && courses.length > 0 && touched.course && !d.course && <span className="field-error">{SETUP_MESSAGES.course}</span>}
          </label>
          <DateTimeRow
            label="Due"
            date={d.due_date}
            time={d.due_time}
            names={['due_date', 'due_time']}
            onDate={(due_date) => d.setFields({ due_date })}
            onTime={(due_time) => d.setFields({ due_time })}
          />
          {(!d.due_date || !d.due_time) && <span className="field-error">{SETUP_MESSAGES.due}</span>}
        </div>
      </section>

      <section className="card wz-card">
        <h3 className="wz-card-title">Availability</h3>
        <div className="form-stack">
          <ChoiceGroup
            label="Allow student submissions?"
            testId="submissions"
            compact
            columns={2}
            value={d.student_submissions_allowed === null ? null : d.student_submissions_allowed ? 'yes' : 'no'}
            choices={[
              { value: 'yes', label: 'Yes', hint: 'Students answer and submit online' },
              { value: 'no', label: 'No', hint: 'You upload their work for grading' },
            ]}
            onChange={(v) => d.setFields({ student_submissions_allowed: v === 'yes' })}
          />
          <ChoiceGroup
            label="Go live"
            testId="go-live"
            compact
            columns={2}
            value={d.make_live}
            choices={[
              { value: 'immediately', label: 'Immediately', hint: 'Students see it as soon as it is created' },
              { value: 'scheduled', label: 'Scheduled', hint: 'Students see it from a date and time you choose' },
            ]}
            onChange={(make_live) => d.setFields({ make_live })}
          />
          {showsLiveDate(d) && (
            <DateTimeRow
              label="Live"
              date={d.live_date}
              time={d.live_time}
              names={['live_date', 'live_time']}
              onDate={(live_date) => d.setFields({ live_date })}
              onTime={(live_time) => d.setFields({ live_time })}
            />
          )}
          {showsLiveDate(d) && (!d.live_date || !d.live_time) && <span className="field-error">{SETUP_MESSAGES.scheduled}</span>}
          {releasedAfterDue(d) && (
            <span className="field-error" role="alert" data-testid="live-after-due">
              {SETUP_MESSAGES.liveAfterDue}
            </span>
          )}
        </div>
      </section>

      <section className="card wz-card">
        <ChoiceGroup
          label="Creation method"
          testId="creation-method"
          value={d.creation_method}
          choices={METHODS}
          onChange={(creation_method) => d.setFields({ creation_method })}
        />
      </section>

      <div className="wz-footer">
        <span />
        <SubmitWithIssues issues={issues} className="button button-primary" testId="wizard-next">
          Next
        </SubmitWithIssues>
      </div>
    </form>
  );
}
