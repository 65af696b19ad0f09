import { useEffect, useState } from 'react';
import { PDF_FRAME_TIMEOUT_MS } from '../utils/timings';

/** An uploaded PDF in a frame with a progress bar; not loaded within 10 s counts as failed (Open in New Tab, Retry). */
export function PdfFrame({ src, title }: { src: string; title: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    setState('loading');
    const t = setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), PDF_FRAME_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [src, attempt]);
  return (
    <div className="wz-pdf" data-state={state}>
      {state === 'loading' && (
        <div className="wz-pdf-bar" role="progressbar" aria-label={`Loading ${title}`}>
          <span />
        </div>
      )}
      {state === 'failed' ? (
        <div className="wz-pdf-failed" role="alert">
          <p>The document preview did not load.</p>
          <div className="chip-row">
            <a className="button button-secondary button-sm" href={src} target="_blank" rel="noreferrer">
              Open in New Tab
            </a>
            <button type="button" className="button button-secondary button-sm" onClick={() => setAttempt((a) => a + 1)}>
              Retry
            </button>
          </div>
        </div>
      ) : (
        <iframe key={attempt} className="wz-pdf-frame" src={src} title={title} onLoad={() => setState('loaded')} />
      )}
    </div>
  );
}
