import { Spinner } from '../../../components/spinner';
import { formatMark, formatTotal } from '../../../lib/format';
import { useStudentSummary } from '../api/get-student-summary';
import './graded-summary.css';

/** The summary of graded work (POST /students/get-student-summary): total, strengths, what to work on, points per question. */
export function GradedSummary({ assignmentId }: { assignmentId: number }) {
  const { data, isPending, isError, refetch } = useStudentSummary(assignmentId);
  if (isPending)
    return (
      <section className="card graded-summary" aria-label="Summary">
        <Spinner label="Loading your summary" />
      </section>
    );
  if (isError)
    return (
      <section className="card graded-summary" aria-label="Summary">
        <p className="text-muted">We couldn't load the summary of your grades.</p>
        <button type="button" className="button button-secondary button-sm" onClick={() => void refetch()}>
          Try again
        </button>
      </section>
    );
  return (
    <section className="card graded-summary" aria-labelledby="graded-summary-title" data-testid="graded-summary">
      <div className="graded-summary-head">
        <h3 id="graded-summary-title" className="graded-summary-title">
          Summary
        </h3>
        <p className="graded-summary-total" data-testid="summary-total">
          <strong>{formatTotal(data.marks_obtained)}</strong> / {formatTotal(data.marks_total)}
          {data.percent != null && <span className="text-muted"> · {data.percent.toFixed(2)}%</span>}
        </p>
      </div>
      <p className="graded-summary-text">{data.summary}</p>
      <p className="graded-summary-source text-muted small">
        {data.generator === 'ai'
          ? 'Written by the AI assistant from your grades and feedback.'
          : (data.notice ?? 'Put together from your grades and feedback.')}
      </p>
      <div className="graded-summary-columns">
        <div>
          <h4 className="graded-summary-subtitle">Strengths</h4>
          {data.strengths.length ? (
            <ul>
              {data.strengths.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          ) : (
            <p className="text-muted small">No question earned most of its marks this time.</p>
          )}
        </div>
        <div>
          <h4 className="graded-summary-subtitle">What to work on</h4>
          {data.to_work_on.length ? (
            <ul>
              {data.to_work_on.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          ) : (
            <p className="text-muted small">Nothing stands out: keep it up.</p>
          )}
        </div>
      </div>
      <table className="graded-summary-table">
        <caption className="visually-hidden">Points and feedback per question</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Points</th>
            <th scope="col">Feedback</th>
          </tr>
        </thead>
        <tbody>
          {data.questions.map((q) => (
            <tr key={q.question_id}>
              <th scope="row">{q.question_number}</th>
              <td>
                {q.grade == null ? '–' : formatMark(q.grade)} / {formatMark(q.marks_possible)}
              </td>
              <td>{q.feedback || <span className="text-muted">No feedback</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
