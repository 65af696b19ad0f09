import { useState } from 'react';
import { AlertDialog } from '../../../components/dialog';
import { XIcon } from '../../../components/icons';
import { FileButton } from '../../../components/wizard/file-button';
import { MAX_REFERENCE_DOCUMENTS } from '@evergrade/contracts';
import { useDraftStore } from '../stores/draft-store';
import { acceptReferenceFiles, REFERENCE_MESSAGES } from '../utils/reference-rules';
import { UrlPdfInput } from './url-pdf-input';

/** AI Express 'Reference Documents': up to 5 PDFs, each a file or a URL, shown as 'Document N: name'. */
export function ReferenceDocuments() {
  const references = useDraftStore((s) => s.ai.references);
  const setAi = useDraftStore((s) => s.setAi);
  const [alert, setAlert] = useState<string | null>(null);
  const full = references.length >= MAX_REFERENCE_DOCUMENTS;

  const addFiles = (files: File[]) => {
    const { accepted, alert: problem } = acceptReferenceFiles(files, references.length);
    if (accepted.length)
      setAi({ references: [...references, ...accepted.map((file) => ({ kind: 'file' as const, file, name: file.name }))] });
    if (problem) setAlert(problem);
  };

  return (
    <div className="form-stack">
      {references.length > 0 && (
        <ul className="wz-doc-list" aria-label="Reference documents">
          {references.map((r, i) => (
            <li key={`${r.name}-${i}`} className="wz-doc-item">
              <span>
                Document {i + 1}: {r.name}
              </span>
              {r.kind === 'url' && <span className="badge badge-info">URL</span>}
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove document ${i + 1}`}
                onClick={() => setAi({ references: references.filter((_, j) => j !== i) })}
              >
                <XIcon width={16} height={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="wz-doc-add">
        <FileButton
          inputLabel="Reference PDF files"
          multiple
          small
          onFiles={addFiles}
          canOpen={() => {
            if (full) setAlert(REFERENCE_MESSAGES.maxDocuments);
            return !full;
          }}
        />
        <span className="text-muted">or</span>
        <UrlPdfInput
          disabled={full}
          onFull={() => setAlert(REFERENCE_MESSAGES.maxDocuments)}
          onAdded={(doc) => setAi({ references: [...useDraftStore.getState().ai.references, doc] })}
        />
      </div>
      <p className="field-hint">PDF only, at most {MAX_REFERENCE_DOCUMENTS} documents.</p>
      {alert && <AlertDialog message={alert} onClose={() => setAlert(null)} />}
    </div>
  );
}
