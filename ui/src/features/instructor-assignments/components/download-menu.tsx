import { useState } from 'react';
import type { AssignmentSheet, PdfHeaderFormat } from '@evergrade/contracts';
import { usePdfHeaders } from '../../../api/get-pdf-headers';
import { DocIcon } from '../../../components/icons';
import { Menu } from '../../../components/menu';
import { toast } from '../../../stores/toast';
import '../../../components/export-menu.css';

type Variant = 'questions' | 'writing' | 'answers' | 'complete';

/** The spec's four assignment downloads (document 2, section 9). */
export const ASSIGNMENT_DOWNLOADS: [Variant, string][] = [
  ['questions', 'Questions only'],
  ['writing', 'Questions with writing space'],
  ['answers', 'Questions with answers'],
  ['complete', 'Complete (answers and grading instructions)'],
];

export const HEADER_FORMAT_LABELS: Record<PdfHeaderFormat, string> = {
  standard: 'Standard',
  bordered: 'Bordered header',
  'logo-line': 'Line with logo',
};

/** Assignment PDFs, made in the browser (jspdf loaded on first use). Show marks is on by default; the header layout is offered only with more than one format. */
export function DownloadMenu({ sheet }: { sheet: AssignmentSheet }) {
  const headers = usePdfHeaders();
  const [showMarks, setShowMarks] = useState(true);
  const [format, setFormat] = useState<PdfHeaderFormat | null>(null);
  const [busy, setBusy] = useState<Variant | null>(null);
  const formats = headers.data?.formats ?? ['standard'];
  const chosen = format ?? headers.data?.default_format ?? 'standard';

  const download = async (variant: Variant, close: () => void) => {
    if (!headers.data) return;
    setBusy(variant);
    try {
      const exporter = await import('../../../lib/pdf-export');
      await exporter.downloadAssignmentPdf(sheet, { variant, showMarks, headers: headers.data, format: chosen });
      close();
    } catch {
      toast.error('The PDF could not be made. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu
      label="Download"
      className="menu-right ia-download-menu export-menu"
      trigger={
        <span className="button button-secondary">
          <DocIcon width={16} height={16} /> Download
        </span>
      }
    >
      {(close) => (
        <div className="menu-panel export-panel" data-testid="download-menu">
          <div className="export-settings">
            <label className="export-toggle">
              <input type="checkbox" checked={showMarks} onChange={(e) => setShowMarks(e.target.checked)} />
              Show marks
            </label>
            {formats.length > 1 && (
              <label className="export-field">
                Header layout
                <select className="input" value={chosen} onChange={(e) => setFormat(e.target.value as PdfHeaderFormat)}>
                  {formats.map((f) => (
                    <option key={f} value={f}>
                      {HEADER_FORMAT_LABELS[f]}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          <ul className="export-list">
            {ASSIGNMENT_DOWNLOADS.map(([variant, label]) => (
              <li key={variant}>
                <button
                  type="button"
                  className="menu-item"
                  disabled={busy !== null || !headers.data}
                  onClick={() => void download(variant, close)}
                >
                  {label}
                </button>
              </li>
            ))}
          </ul>
          {busy && (
            <p className="export-busy" role="status">
              Preparing the PDF…
            </p>
          )}
          {headers.isError && (
            <p className="export-busy" role="alert">
              The school&apos;s PDF settings could not be loaded.
            </p>
          )}
        </div>
      )}
    </Menu>
  );
}
