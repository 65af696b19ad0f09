import { useRef, useState } from 'react';
import { AlertDialog } from '../../../components/dialog';
import { UploadIcon, XIcon } from '../../../components/icons';
import { MAX_REFERENCE_DOCUMENTS } from '@evergrade/contracts';
import { useDraftStore } from '../stores/draft-store';
import { acceptReferenceFiles, REFERENCE_MESSAGES } from '../utils/reference-rules';
import { UrlPdfInput } from './url-pdf-input';

/** AI Express 'Reference Documents': up to 5 PDFs, each a file or a URL, shown as 'Document N: name'. */
export function ReferenceDocuments() {
  const references = useDraftStore((s) => s.ai.references);
  const setAi = useDraftStore((s) => s.setAi);
  const [alert, setAlert] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const full = references.length >= MAX_REFERENCE_DOCUMENTS;

  const addFiles = (files: File[]) => {
    const { accepted, alert: problem } = acceptReferenceFiles(files, references.length);
    if (accepted.length) setAi({ references: [...references, ...accepted.map((file) => ({ kind: 'file' as const, file, name: file.name }))] });
    if (problem) setAlert(problem);
  };

  return (
    <div className="form-stack">
      {references.length > 0 && (
        <ul className="wz-doc-list" aria-label="Reference documents">
          {references.map((r, i) => (
            <li key={`${r.name}-${i}`} className="wz-doc-item">
              <span>Document {i + 1}: {r.name}</span>
              {r.kind === 'url' && <span className="badge badge-info">URL</span>}
              <button type="button" className="icon-button" aria-label={`Remove document ${i + 1}`} onClick={() => setAi({ references: references.filter((_, j) => j !== i) })}><XIcon width={16} height={16} /></button>
            </li>
          ))}
        </ul>
      )}
      <div className="wz-doc-add">
        <input ref={input} type="file" accept="application/pdf" multiple hidden aria-label="Reference PDF files"
          onChange={(e) => { addFiles([...(e.target.files ?? [])]); e.target.value = ''; }} />
        <button type="button" className="button button-secondary button-sm" onClick={() => (full ? setAlert(REFERENCE_MESSAGES.maxDocuments) : input.current?.click())}>
          <UploadIcon width={16} height={16} /> Upload PDF
        </button>
        <span className="text-muted">or</span>
        <UrlPdfInput disabled={full} onFull={() => setAlert(REFERENCE_MESSAGES.maxDocuments)}
          onAdded={(doc) => setAi({ references: [...useDraftStore.getState().ai.references, doc] })} />
      </div>
      <p className="field-hint">PDF only, at most {MAX_REFERENCE_DOCUMENTS} documents.</p>
      {alert && <AlertDialog message={alert} onClose={() => setAlert(null)} />}
    </div>
  );
}
