import { useId, useMemo, useState } from 'react';
import { INSIGHT_MESSAGES, type StudentSummaryRow } from '@evergrade/contracts';
import { EmptyState } from '../../../components/empty-state';
import { DocIcon, SearchIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../stores/toast';
import { useStudentSummaries } from '../api/get-student-summaries';
import { SCORE_BAND_TEXT, scoreBand, scorePercent } from '../utils/score-bands';
import { downloadText } from '../../../lib/download-text';
import { csvFileName, summaryCsv } from '../utils/summary-csv';

export const NO_GRADED_STUDENTS = 'No graded submissions yet';
const normalise = (s: string) => s.toLocaleLowerCase().normalize('NFKD').replace(/\s+/g, ' ').trim();

/** A score cell coloured by its band (spec section 9), with the band in words for those who cannot see the colour. */
function ScoreCell({ text, label }: { text: string | undefined; label: string }) {
  if (!text) return <td data-label={label}>—</td>;
  const percent = scorePercent(text);
  const band = percent == null ? null : scoreBand(percent);
  return (
    <td data-label={label} className={band ? `ins-score ins-band-${band}` : 'ins-score'} data-band={band ?? undefined}>
      <span>
        {text}
        {band && <span className="visually-hidden"> ({SCORE_BAND_TEXT[band]})</span>}
      </span>
    </td>
  );
}

/** Longer summaries show their first lines until the teacher asks for the rest. */
const CLAMP_FROM = 240;

function SummaryText({ text, stale }: { text: string; stale: boolean }) {
  const [open, setOpen] = useState(false);
  const long = text.length > CLAMP_FROM;
  return (
    <>
      <p className={`ins-summary-text${stale ? ' is-stale' : ''}${long && !open ? ' is-clamped' : ''}`}>{text}</p>
      {long && (
        <button type="button" className="ins-more" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Show less' : 'Show all'}
        </button>
      )}
    </>
  );
}

function SummaryCell({ row }: { row: StudentSummaryRow }) {
  const writing = row.summary_status === 'generating';
  return (
    <td data-label="Summary" className="ins-summary-cell">
      {writing && (
        <span className="ins-writing" role="status" data-testid="summary-writing">
          <span className="spinner ins-spinner-sm" aria-hidden="true" /> {row.summary ? 'Being rewritten…' : 'Being written…'}
        </span>
      )}
      {row.summary ? (
        <SummaryText text={row.summary} stale={writing} />
      ) : (
        !writing && <p className="text-muted">{INSIGHT_MESSAGES.noStudentInsights}</p>
      )}
      {row.generator === 'offline' && row.summary && <span className="badge badge-neutral ins-offline">Generated offline</span>}
    </td>
  );
}

/** Individual tab: search, CSV download and the table of students by rubric category with total and summary. */
export function IndividualSummary({ assignmentId, title }: { assignmentId: number; title: string }) {
  const summaries = useStudentSummaries(assignmentId);
  const [query, setQuery] = useState('');
  const [downloading, setDownloading] = useState(false);
  const searchId = useId();
  const students = summaries.data?.students;
  const shown = useMemo(() => {
    const q = normalise(query);
    return (students ?? []).filter((s) => q === '' || normalise(s.student_name).includes(q));
  }, [students, query]);

  if (summaries.isPending) return <Spinner label="Loading student summaries" />;
  if (summaries.isError)
    return (
      <div className="ins-error" role="alert">
        <p>{INSIGHT_MESSAGES.summaryLoadFailed}</p>
        <button type="button" className="button button-secondary button-sm" onClick={() => void summaries.refetch()}>
          Try again
        </button>
      </div>
    );
  const categories = summaries.data.rubric_categories;
  if (summaries.data.students.length === 0)
    return (
      <EmptyState title={NO_GRADED_STUDENTS}>Each student&apos;s rubric scores and summary appear here once they are graded.</EmptyState>
    );

  const download = async () => {
    setDownloading(true);
    try {
      downloadText(csvFileName(title), await summaryCsv(shown, categories));
    } catch {
      toast.error('The CSV could not be made. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="ins-individual">
      <div className="ins-toolbar">
        <div className="search-field ins-search">
          <SearchIcon width={16} height={16} aria-hidden="true" />
          <label htmlFor={searchId} className="visually-hidden">
            Search students
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder="Search students"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="button button-secondary button-sm"
          onClick={() => void download()}
          disabled={downloading || shown.length === 0}
        >
          <DocIcon width={16} height={16} /> Download CSV
        </button>
      </div>
      <ul className="ins-legend" aria-label="Score colours">
        {(['red', 'orange', 'yellow', 'green'] as const).map((b) => (
          <li key={b}>
            <span className={`ins-swatch ins-band-${b}`} aria-hidden="true" /> {SCORE_BAND_TEXT[b]}
          </li>
        ))}
      </ul>
      {shown.length === 0 ? (
        <p className="ins-empty-search" role="status">
          {INSIGHT_MESSAGES.noStudentsMatch}
        </p>
      ) : (
        <div className="table-scroll ins-table-scroll">
          <table className="table ins-summary-table ins-stack" data-testid="summary-table">
            <caption className="visually-hidden">Students by rubric category, with total and summary</caption>
            <thead>
              <tr>
                <th scope="col">Student</th>
                {categories.map((c) => (
                  <th scope="col" key={c}>
                    {c}
                  </th>
                ))}
                <th scope="col">Total</th>
                <th scope="col">Summary</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s) => (
                <tr key={s.student_id} data-testid={`summary-row-${s.student_id}`}>
                  <th scope="row" data-label="Student">
                    {s.student_name}
                  </th>
                  {categories.map((c) => (
                    <ScoreCell key={c} text={s.rubrics[c]} label={c} />
                  ))}
                  <ScoreCell text={s.grade} label="Total" />
                  <SummaryCell row={s} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
