import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session';
import { validateUrlPdf } from '../api/validate-url-pdf';
import { useDraftStore, type DocSource } from '../stores/draft-store';
import { referenceUrlError, REFERENCE_MESSAGES } from '../utils/reference-rules';

type Props = {
  onAdded: (doc: Extract<DocSource, { kind: 'url' }>) => void;
  disabled?: boolean;
  onFull?: () => void;
  label?: string;
  /** 'document' (From Document): the section 5 wording ('Please enter a valid HTTP or HTTPS URL', 'Failed to load PDF: ...'). */
  wording?: 'reference' | 'document';
};

const isHttpUrl = (text: string) => {
  try {
    const u = new URL(text.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A PDF from a URL: checked here, then fetched and stored by the server (validate-and-upload-url-pdf). */
export function UrlPdfInput({ onAdded, disabled, onFull, label = 'PDF URL', wording = 'reference' }: Props) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const email = useSessionStore((s) => s.instructor.email);

  const add = async () => {
    if (disabled) return onFull?.();
    const problem = wording === 'document' ? (isHttpUrl(url) ? null : REFERENCE_MESSAGES.httpUrl) : referenceUrlError(url);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const stored = await validateUrlPdf({ url: url.trim(), created_by: email, title: useDraftStore.getState().title });
      onAdded({
        kind: 'url',
        name: stored.filename,
        gsutil_url: stored.gsutil_url,
        original_url: stored.original_url,
        page_count: stored.page_count,
      });
      setUrl('');
    } catch (err) {
      const message = err instanceof ApiError ? err.message : REFERENCE_MESSAGES.urlFailed;
      setError(wording === 'document' ? `Failed to load PDF: ${message}` : message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wz-url">
      <div className="wz-url-row">
        <input
          className="input"
          type="url"
          aria-label={label}
          placeholder="https://example.com/document.pdf"
          value={url}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
        />
        <button type="button" className="button button-secondary button-sm" disabled={busy} onClick={() => void add()}>
          {busy ? 'Checking...' : 'Add URL'}
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
