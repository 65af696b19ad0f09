import { useEffect, useMemo, useState } from 'react';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { AutoFocusPlugin } from '@lexical/react/LexicalAutoFocusPlugin';
import { XIcon } from '../../../components/icons';
import { EDITOR_NODES, EDITOR_THEME } from '../nodes';
import { ChangePlugin } from '../plugins/change-plugin';
import { FormulaPlugin } from '../plugins/formula-plugin';
import { ImagePlugin, insertImageFile, insertImageFiles } from '../plugins/image-plugin';
import { KeysPlugin } from '../plugins/keys-plugin';
import { initialStateJson } from '../utils/editor-state';
import { DrawingPad } from './drawing-pad';
import { EditorUiContext, type EditorUi } from './editor-ui-context';
import { Toolbar } from './toolbar';
import 'katex/dist/katex.min.css';
import '../styles/editor.css';

export type RichTextEditorProps = {
  /** The initial value (lexical JSON or plain text); later changes are ignored unless the caller remounts with a new key. */
  value: string | null;
  /** The serialised state, or null when the editor holds no text, formula or image; 50 ms after the last edit. */
  onChange: (value: string | null) => void;
  placeholder?: string;
  ariaLabel: string;
  readOnly?: boolean;
  autoFocus?: boolean;
  minHeight?: number;
  onBlur?: () => void;
};

const onError = (error: Error) => console.error('Rich-text editor error', error);

export default function RichTextEditor(props: RichTextEditorProps) {
  const [initialConfig] = useState<InitialConfigType>(() => ({
    namespace: 'evergrade-editor',
    nodes: EDITOR_NODES,
    theme: EDITOR_THEME,
    editable: !props.readOnly,
    editorState: initialStateJson(props.value),
    onError,
  }));
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <EditorShell {...props} />
    </LexicalComposer>
  );
}

function EditorShell({
  onChange,
  placeholder,
  ariaLabel,
  readOnly = false,
  autoFocus = false,
  minHeight = 120,
  onBlur,
}: RichTextEditorProps) {
  const [editor] = useLexicalComposerContext();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  const ui = useMemo<EditorUi>(() => ({ reportError: setError, setBusy }), []);

  useEffect(() => editor.setEditable(!readOnly), [editor, readOnly]);

  return (
    <EditorUiContext.Provider value={ui}>
      <div className={`rte${readOnly ? ' rte-readonly' : ''}`} data-testid="rich-text-editor">
        {!readOnly && (
          <Toolbar
            busy={busy !== null}
            onOpenDrawing={() => setDrawing(true)}
            onPickImage={(files) => void insertImageFiles(editor, files, ui)}
          />
        )}
        <div className="rte-body" style={{ minHeight }}>
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                className="rte-content"
                style={{ minHeight }}
                aria-label={ariaLabel}
                aria-placeholder={placeholder ?? ''}
                placeholder={<div className="rte-placeholder">{placeholder ?? ''}</div>}
                onBlur={onBlur}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        {busy && (
          <p className="rte-status" role="status">
            {busy}
          </p>
        )}
        {error && (
          <div className="rte-alert" role="alert">
            <span>{error}</span>
            <button type="button" className="rte-alert-close" aria-label="Dismiss" onClick={() => setError(null)}>
              <XIcon width={16} height={16} />
            </button>
          </div>
        )}
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <KeysPlugin />
      <FormulaPlugin />
      <ImagePlugin />
      <ChangePlugin onChange={onChange} />
      {autoFocus && !readOnly && <AutoFocusPlugin />}
      {drawing && <DrawingPad onSave={(file) => insertImageFile(editor, file, ui, 'drawing')} onClose={() => setDrawing(false)} />}
    </EditorUiContext.Provider>
  );
}
