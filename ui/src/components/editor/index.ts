/**
 * The rich-text editor, shared by the features that edit or show answers. Import this module, not its files; it loads lexical and
 * KaTeX lazily, so pages without an editor or formulas do not pay for them.
 */
export { RichTextEditor, RichTextView, preloadRichText, type RichTextViewProps } from './components/lazy';
export type { RichTextEditorProps } from './components/editor';
