import { RichTextEditor, RichTextView, type RichTextEditorProps } from '../editor';

/**
 * The rich-text pieces the preview and the wizard use: the editor feature's lazy editor (lexical with
 * formulas and images) and its read-only view. The editor reads `value` once at mount.
 */
export type RichEditorProps = RichTextEditorProps;
export const RichEditor = RichTextEditor;
export function RichView({ value, fallback }: { value: string | null; fallback?: string }) {
  return <RichTextView value={value} fallback={fallback} />;
}
