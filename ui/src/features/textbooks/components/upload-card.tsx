import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UploadTextbookLine } from '@evergrade/contracts';
import { UploadIcon } from '../../../components/icons';
import { ProgressPanel } from '../../../components/wizard/progress-panel';
import { ApiError } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { textbookKeys } from '../api/keys';
import { UPLOAD_FAILED, uploadTextbook } from '../api/upload-textbook';
import { nextProgress, PHASE_LABELS, progressDetail, progressPercent, STARTED, type UploadProgress } from '../utils/upload-progress';
import { titleFromFileName, uploadErrors, type UploadErrors } from '../utils/upload-rules';

type Props = {
  /** Subjects already in the library, offered as suggestions. */
  subjects: readonly string[];
  onClose: () => void;
  onUploaded: (textbookId: number) => void;
};

type Done = { title: string; pages: number; exampleQueries: string[] };

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Upload a textbook PDF with its title, subject and author. The reply streams progress while the server
 * reads and indexes the pages; the bar follows it, and once the book is ready its example queries show
 * and the list refetches at the indexing event's position.
 */
export function UploadCard({ subjects, onClose, onUploaded }: Props) {
  const client = useQueryClient();
  const ids = { title: useId(), subject: useId(), author: useId(), file: useId(), subjects: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [fields, setFields] = useState({ title: '', subject: '', author: '' });
  const [errors, setErrors] = useState<UploadErrors>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null && progress.phase !== 'error' && progress.phase !== 'complete';

  // Leaving the page keeps the upload going (the list shows the book indexing, then ready); closing or reloading the
  // tab would stop it, so the browser asks first.
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    setFile(picked);
    setErrors((e) => ({ ...e, file: undefined }));
    if (!fields.title.trim()) setFields((f) => ({ ...f, title: titleFromFileName(picked.name) }));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) pick(e.dataTransfer.files[0]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = uploadErrors(file, fields);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !file) return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress(STARTED);
    try {
      const final = await uploadTextbook(
        { file, title: fields.title.trim(), subject: fields.subject.trim(), author: fields.author.trim() },
        (line: UploadTextbookLine) => setProgress((p) => nextProgress(p ?? STARTED, line)),
        controller.signal,
      );
      setProgress((p) => nextProgress(p ?? STARTED, final));
      setDone({ title: fields.title.trim(), pages: final.total_pages ?? final.pages ?? 0, exampleQueries: final.example_queries ?? [] });
      if (final.textbook_id !== undefined) onUploaded(final.textbook_id);
      await invalidateAt(client, textbookKeys.all, final.position);
    } catch (err) {
      if (controller.signal.aborted) {
        setProgress(null);
        return;
      }
      setProgress((p) => (p ? { ...p, phase: 'error' } : p));
      setFailure(err instanceof ApiError ? err.message : UPLOAD_FAILED);
    } finally {
      abort.current = null;
    }
  };

  const reset = () => {
    setFile(null);
    setFields({ title: '', subject: '', author: '' });
    setProgress(null);
    setDone(null);
    setFailure(null);
    setErrors({});
  };

  if (done)
    return (
      <section className="card textbook-upload" aria-labelledby={ids.title} data-testid="textbook-upload-done">
        <div className="card-head">
          <h3 className="card-title" id={ids.title}>
            {done.title} is ready
          </h3>
          <p className="text-muted small">
            {done.pages} {done.pages === 1 ? 'page' : 'pages'} indexed. Students and AURA can now ask questions answered from it, with page
            citations.
          </p>
        </div>
        {progress && <ProgressPanel phase={PHASE_LABELS.complete} percent={100} testId="textbook-upload-progress" />}
        {done.exampleQueries.length > 0 && (
          <div className="textbook-queries-block">
            <span className="field-label">Try asking</span>
            <ul className="textbook-queries">
              {done.exampleQueries.map((q) => (
                <li key={q}>{q}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="textbook-upload-actions">
          <button type="button" className="button button-secondary" onClick={reset}>
            Upload another
          </button>
          <button type="button" className="button button-primary" onClick={onClose}>
            Done
          </button>
        </div>
      </section>
    );

  const fieldError = (key: keyof UploadErrors) =>
    errors[key] ? (
      <span className="field-error" id={`${ids[key === 'file' ? 'file' : key]}-error`}>
        {errors[key]}
      </span>
    ) : null;

  return (
    <section className="card textbook-upload" aria-labelledby={`${ids.title}-heading`} data-testid="textbook-upload">
      <div className="card-head">
        <h3 className="card-title" id={`${ids.title}-heading`}>
          Upload a textbook
        </h3>
        <p className="text-muted small">
          A PDF of at most 50 MB and 1,000 pages. Its text is read page by page (scanned pages by OCR) and indexed, so answers can cite the
          page.
        </p>
      </div>
      <form className="form-stack" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <span className="field-label">PDF file</span>
          <label
            className={`textbook-drop${dragging ? ' is-dragging' : ''}${errors.file ? ' has-error' : ''}${busy ? ' is-disabled' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <UploadIcon width={22} height={22} aria-hidden="true" />
            {file ? (
              <span className="textbook-drop-file">
                <span className="strong">{file.name}</span>
                <span className="text-muted small">{formatSize(file.size)} · choose another</span>
              </span>
            ) : (
              <span>
                <span className="strong">Choose a PDF</span> <span className="text-muted">or drop it here</span>
              </span>
            )}
            <input
              id={ids.file}
              type="file"
              accept="application/pdf,.pdf"
              className="visually-hidden"
              aria-label="Textbook PDF"
              aria-invalid={!!errors.file}
              aria-describedby={errors.file ? `${ids.file}-error` : undefined}
              disabled={busy}
              data-testid="textbook-file"
              onChange={(e) => {
                pick(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
          {fieldError('file')}
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.title}>
            Title
          </label>
          <input
            id={ids.title}
            className="input"
            value={fields.title}
            maxLength={200}
            disabled={busy}
            aria-invalid={!!errors.title}
            aria-describedby={errors.title ? `${ids.title}-error` : undefined}
            onChange={(e) => setFields((f) => ({ ...f, title: e.target.value }))}
          />
          {fieldError('title')}
        </div>
        <div className="field-row field-row-wrap">
          <div className="field grow">
            <label className="field-label" htmlFor={ids.subject}>
              Subject
            </label>
            <input
              id={ids.subject}
              className="input"
              list={ids.subjects}
              value={fields.subject}
              maxLength={80}
              placeholder="e.g. Physics"
              disabled={busy}
              aria-invalid={!!errors.subject}
              aria-describedby={errors.subject ? `${ids.subject}-error` : undefined}
              onChange={(e) => setFields((f) => ({ ...f, subject: e.target.value }))}
            />
            <datalist id={ids.subjects}>
              {subjects.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
            {fieldError('subject')}
          </div>
          <div className="field grow">
            <label className="field-label" htmlFor={ids.author}>
              Author <span className="text-muted">(optional)</span>
            </label>
            <input
              id={ids.author}
              className="input"
              value={fields.author}
              maxLength={200}
              disabled={busy}
              aria-invalid={!!errors.author}
              aria-describedby={errors.author ? `${ids.author}-error` : undefined}
              onChange={(e) => setFields((f) => ({ ...f, author: e.target.value }))}
            />
            {fieldError('author')}
          </div>
        </div>
        {progress && progress.phase !== 'error' && (
          <ProgressPanel
            phase={PHASE_LABELS[progress.phase]}
            details={[progressDetail(progress)].filter((d): d is string => d !== null)}
            percent={progressPercent(progress)}
            testId="textbook-upload-progress"
          />
        )}
        {failure && (
          <p className="form-error" role="alert" data-testid="textbook-upload-error">
            {failure}
          </p>
        )}
        <div className="textbook-upload-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              abort.current?.abort();
              onClose();
            }}
          >
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Indexing…' : failure ? 'Try again' : 'Upload and index'}
          </button>
        </div>
      </form>
    </section>
  );
}
