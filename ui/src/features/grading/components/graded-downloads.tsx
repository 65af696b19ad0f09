import { useState } from 'react';
import type { StudentGrading } from '@evergrade/contracts';
import { usePdfHeaders } from '../../../api/get-pdf-headers';
import { DocIcon } from '../../../components/icons';
import { Menu } from '../../../components/menu';
import { toast } from '../../../stores/toast';
import { useSubmissions } from '../api/get-submissions';
import { ProgressTrack } from '../../../components/progress-track';
import '../../../components/export-menu.css';

type Variant = 'complete' | 'feedback' | 'feedback_grades';

/** The spec's graded PDF types (document 2, section 9). */
export const GRADED_DOWNLOADS: [Variant, string][] = [
  ['complete', 'Complete (questions, answers and feedback)'],
  ['feedback', 'Feedback only'],
  ['feedback_grades', 'Feedback and grades'],
];

const FAILED = 'The PDF could not be made. Please try again.';

function DownloadTrigger({ label }: { label: string }) {
  return (
    <span className="button button-secondary">
      <DocIcon width={16} height={16} /> {label}
    </span>
  );
}

function Options({ busy, onPick, testId }: { busy: boolean; onPick: (v: Variant) => void; testId: string }) {
  return (
    <div className="menu-panel export-panel" data-testid={testId}>
      <ul className="export-list">
        {GRADED_DOWNLOADS.map(([variant, label]) => (
          <li key={variant}>
            <button type="button" className="menu-item" disabled={busy} onClick={() => onPick(variant)}>
              {label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** This student's graded PDF, made in the browser: `{title}_{student}_graded`, `_feedback` or `_feedback_grades`. */
export function GradedDownloadMenu({ record }: { record: StudentGrading }) {
  const headers = usePdfHeaders();
  const [busy, setBusy] = useState(false);
  const pick = async (variant: Variant, close: () => void) => {
    if (!headers.data) return;
    setBusy(true);
    try {
      const exporter = await import('../../../lib/pdf-export');
      await exporter.downloadGradedPdf(record, { variant, headers: headers.data, course: '' });
      close();
    } catch {
      toast.error(FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu label="Download" className="menu-right export-menu" trigger={<DownloadTrigger label="Download" />}>
      {(close) => <Options busy={busy || !headers.data} onPick={(v) => void pick(v, close)} testId="graded-download-menu" />}
    </Menu>
  );
}

/** Every student's graded PDF of one type in a zip, with a progress bar while the PDFs are made. */
export function DownloadAllMenu({ assignmentId }: { assignmentId: number }) {
  const headers = usePdfHeaders();
  const submissions = useSubmissions(assignmentId);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const records = (submissions.data ?? []).filter((r) => r.questions.length > 0);
  const pick = async (variant: Variant, close: () => void) => {
    if (!headers.data || records.length === 0) return;
    close();
    setProgress({ done: 0, total: records.length });
    try {
      const exporter = await import('../../../lib/pdf-export');
      await exporter.downloadGradedZip(records, { variant, headers: headers.data, course: '' }, (done, total) =>
        setProgress({ done, total }),
      );
      toast.success(`${records.length === 1 ? 'One graded PDF' : `${records.length} graded PDFs`} downloaded as a zip`);
    } catch {
      toast.error(FAILED);
    } finally {
      setProgress(null);
    }
  };
  return (
    <>
      <Menu label="Download All" className="menu-right export-menu" trigger={<DownloadTrigger label="Download All" />}>
        {(close) => (
          <Options
            busy={progress !== null || !headers.data || records.length === 0}
            onPick={(v) => void pick(v, close)}
            testId="download-all-menu"
          />
        )}
      </Menu>
      {progress && <ZipProgress done={progress.done} total={progress.total} />}
    </>
  );
}

function ZipProgress({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="card export-progress" role="status" data-testid="zip-progress">
      <p className="export-progress-title">Preparing the zip</p>
      <ProgressTrack label="Graded PDFs made" value={done} max={total} valueText={`${done} of ${total} PDFs`} percent={percent} />
      <p className="export-progress-text">
        {done} of {total} PDFs ({percent}%)
      </p>
    </div>
  );
}
