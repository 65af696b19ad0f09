/**
 * The rich-text editor feature. This is the only module other features import; it loads lexical and
 * KaTeX lazily, so pages without an editor or formulas do not pay for them.
 */
export { RichTextEditor, RichTextView, preloadRichText, type RichTextViewProps } from './components/lazy';
export type { RichTextEditorProps } from './components/editor';
