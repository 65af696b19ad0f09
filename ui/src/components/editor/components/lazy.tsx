import { lazy, Suspense, useMemo } from 'react';
import { parseRichText } from '@evergrade/contracts';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { looksLikeHtml } from '../utils/editor-state';
import type { RichTextEditorProps } from './editor';
import '../styles/skeleton.css';

const EditorImpl = lazy(() => import('./editor'));
const ViewImpl = lazy(() => import('./view'));

/** Starts loading the editor and view chunks early, e.g. when a page that will show an editor starts rendering. */
export const preloadRichText = () => Promise.all([import('./editor'), import('./view')]).then(() => undefined);

/**
 * The rich-text editor (lexical, KaTeX), loaded on first use. `value` is read once at mount: remount
 * with a new `key` to load another value.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const minHeight = props.minHeight ?? 120;
  return (
    <Suspense
      fallback={
        <div className="rte-skeleton" style={{ minHeight: minHeight + (props.readOnly ? 0 : 42) }} aria-busy="true">
          <span className="visually-hidden">Loading editor</span>
        </div>
      }
    >
      <EditorImpl {...props} />
    </Suspense>
  );
}

export type RichTextViewProps = { value: string | null | undefined; fallback?: string; className?: string };

/**
 * Stored rich text shown read-only. Plain text without formulas is shown at once; formulas, images
 * and editor JSON load the renderer (KaTeX) first. Empty content shows the fallback.
 */
export function RichTextView({ value, fallback = 'Content unavailable.', className }: RichTextViewProps) {
  const kind = useMemo(() => {
    if (!value || value.trim() === '') return 'empty';
    if (parseRichText(value)) return 'rich';
    if (looksLikeHtml(value)) return 'html';
    return value.includes('$') ? 'rich' : 'plain';
  }, [value]);
  const classes = `rte-view-wrap${className ? ` ${className}` : ''}`;
  if (kind === 'empty')
    return (
      <div className={classes}>
        <p className="rte-fallback">{fallback}</p>
      </div>
    );
  if (kind === 'html') return <div className={`${classes} rich-text`} dangerouslySetInnerHTML={{ __html: sanitizeHtml(value!) }} />;
  if (kind === 'plain') {
    return (
      <div className={classes}>
        <div className="rte-view">
          {value!.split(/\r?\n/).map((line, i) => (
            <p key={i} className="rte-paragraph">
              {line || <br />}
            </p>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className={classes}>
      <Suspense
        fallback={
          <div className="rte-skeleton rte-skeleton-view" aria-busy="true">
            <span className="visually-hidden">Loading</span>
          </div>
        }
      >
        <ViewImpl key={value!} value={value!} />
      </Suspense>
    </div>
  );
}
