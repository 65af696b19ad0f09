import type { ProcessMarkingSchemeLine } from '@evergrade/contracts';
import { XIcon } from '../../../components/icons';
import { FileButton } from '../../../components/wizard/file-button';
import { ProgressPanel } from '../../../components/wizard/progress-panel';
import { documentProgress } from '../utils/rules';

type Props = {
  document: File | null;
  onDocument: (file: File | null) => void;
  onAlert: (message: string) => void;
  progress: ProcessMarkingSchemeLine | null;
  processing: boolean;
  onBack: () => void;
  onProcess: () => void;
};

/** Step 2 From Document: one marking scheme PDF, read into questions. */
export function PracticeDocumentStep({ document, onDocument, onAlert, progress, processing, onBack, onProcess }: Props) {
  const shown = progress && documentProgress(progress);
  return (
    <div className="wz-step">
      <section className="card wz-card form-stack">
        <section className="wz-doc-slot" aria-label="Marking scheme">
          <header className="wz-doc-slot-head">
            <h4>Marking scheme (PDF)</h4>
            {document && (
              <span className="wz-doc-name">
                {document.name}
                <button
                  type="button"
                  className="icon-button"
                  aria-label="Remove the marking scheme"
                  disabled={processing}
                  onClick={() => onDocument(null)}
                >
                  <XIcon width={16} height={16} />
                </button>
              </span>
            )}
          </header>
          {!document && (
            <div className="wz-doc-drop">
              <FileButton
                inputLabel="Upload document"
                onFiles={([file]) => (file!.type === 'application/pdf' ? onDocument(file!) : onAlert('Please select a valid PDF file'))}
              />
            </div>
          )}
          <p className="field-hint">The questions, their answers and marks are read from it.</p>
        </section>
        {shown && <ProgressPanel phase={shown.phase} details={shown.details} percent={shown.percent} testId="practice-upload-progress" />}
      </section>
      <div className="wz-footer">
        <button type="button" className="button button-secondary" onClick={onBack} disabled={processing}>
          Back
        </button>
        <button type="button" className="button button-primary" disabled={!document || processing} onClick={onProcess}>
          {processing ? 'Processing...' : 'Process Document'}
        </button>
      </div>
    </div>
  );
}
