/**
 * The rich-text pieces the preview and the wizard use. Temporary: plain-text stand-ins with the editor
 * feature's props, until ui/src/features/editor exports RichTextEditor and RichTextView.
 */
export type RichEditorProps = {
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  ariaLabel: string;
  readOnly?: boolean;
  autoFocus?: boolean;
  minHeight?: number;
};

export function RichEditor({ value, onChange, placeholder, ariaLabel, readOnly, autoFocus, minHeight = 96 }: RichEditorProps) {
  return (
    <textarea
      className="input rich-editor-fallback"
      aria-label={ariaLabel}
      placeholder={placeholder}
      readOnly={readOnly}
      autoFocus={autoFocus}
      style={{ minHeight, height: 'auto', padding: 12 }}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value.trim() === '' ? null : e.target.value)}
    />
  );
}

export function RichView({ value, fallback }: { value: string | null; fallback?: string }) {
  if (!value || value.trim() === '') return <p className="text-muted">{fallback}</p>;
  return <div className="rich-view-fallback">{value}</div>;
}
