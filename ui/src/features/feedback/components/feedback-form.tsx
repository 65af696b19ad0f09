import { useId, useState, type FormEvent } from 'react';
import { PROBLEM_CATEGORIES, PROBLEM_REPORT_LIMITS, PROBLEM_REPORT_MESSAGES as M, type ProblemCategory } from '@evergrade/contracts';
import { CheckIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { reportProblem } from '../api/report-problem';

type Props = { from: string | null; reporter: string };

/** A page of this app the report may name (the server takes paths only). */
const pageOf = (from: string | null) => (from && /^\/(?!\/)\S*$/.test(from) && from.length <= PROBLEM_REPORT_LIMITS.pageMax ? from : null);

/** The in-app "Report a problem" form (opened in a new tab): what kind, what happened; the page is filled in. */
export function FeedbackForm({ from, reporter }: Props) {
  const id = useId();
  const [category, setCategory] = useState<ProblemCategory | ''>('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ category?: string; message?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const page = pageOf(from);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = { ...(category ? {} : { category: M.category }), ...(message.trim() ? {} : { message: M.message }) };
    setErrors(found);
    if (Object.keys(found).length > 0 || !category) return;
    setBusy(true);
    try {
      await reportProblem({ category, message: message.trim(), page });
      setSent(true);
    } catch (err) {
      const text = err instanceof ApiError ? err.message : 'The report could not be sent. Please try again.';
      setErrors(err instanceof ApiError && err.field === 'message' ? { message: text } : { form: text });
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div className="success-step" data-testid="feedback-sent" role="status">
        <span className="success-badge" aria-hidden="true">
          <CheckIcon width={30} height={30} />
        </span>
        <h2 className="success-title">Report sent</h2>
        <p className="text-muted">{M.sent}</p>
        <button type="button" className="button button-primary button-block" onClick={() => window.close()}>
          Close this tab
        </button>
        <button
          type="button"
          className="button button-ghost button-block"
          onClick={() => {
            setSent(false);
            setMessage('');
            setCategory('');
          }}
        >
          Report something else
        </button>
      </div>
    );
  }

  return (
    <form className="form-stack" noValidate onSubmit={(e) => void submit(e)} data-testid="feedback-form">
      <p className="text-muted">Sent as {reporter} to your school's administrator.</p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-category`}>
          What kind of problem?
        </label>
        <select
          id={`${id}-category`}
          className="input"
          value={category}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${id}-category-error` : undefined}
          onChange={(e) => setCategory(e.target.value as ProblemCategory | '')}
        >
          <option value="">Choose one</option>
          {PROBLEM_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {errors.category && (
          <span id={`${id}-category-error`} className="field-error" role="alert">
            {errors.category}
          </span>
        )}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-message`}>
          What happened?
        </label>
        <textarea
          id={`${id}-message`}
          className="input feedback-message"
          rows={6}
          value={message}
          maxLength={PROBLEM_REPORT_LIMITS.messageMax}
          placeholder="What were you doing, what did you expect, and what happened instead?"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${id}-message-help`}
          onChange={(e) => setMessage(e.target.value)}
        />
        <span
          id={`${id}-message-help`}
          className={errors.message ? 'field-error' : 'field-hint'}
          role={errors.message ? 'alert' : undefined}
        >
          {errors.message ?? `${message.length} / ${PROBLEM_REPORT_LIMITS.messageMax} characters`}
        </span>
      </div>
      {page && (
        <p className="field-hint" data-testid="feedback-page">
          Page: <span className="mono">{page}</span>
        </p>
      )}
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button-primary button-block" disabled={busy}>
        {busy ? 'Sending…' : 'Send report'}
      </button>
    </form>
  );
}
