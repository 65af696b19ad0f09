import { useEffect, useRef } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { BLUR_COMMAND, COMMAND_PRIORITY_LOW, type EditorState } from 'lexical';
import { EDITOR_EMIT_DELAY_MS, isRichTextEmpty } from '@evergrade/contracts';

/** The stored value of an editor state: its JSON, or null when it holds no text, formula or image. */
export function valueOf(state: EditorState): string | null {
  const json = JSON.stringify(state.toJSON());
  return isRichTextEmpty(json) ? null : json;
}

/**
 * Emits the value 50 ms after the last edit (spec: editor content updates debounced 50 ms); selection
 * moves and the initial load emit nothing; a pending value is emitted at once when the editor loses
 * focus (a click on Submit) or unmounts.
 */
export function ChangePlugin({ onChange }: { onChange: (value: string | null) => void }) {
  const [editor] = useLexicalComposerContext();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: EditorState | null = null;
    // what the caller already holds: edits that end where they began emit nothing
    let last = valueOf(editor.getEditorState());
    const emit = () => {
      timer = undefined;
      if (!pending) return;
      const value = valueOf(pending);
      pending = null;
      if (value === last) return;
      last = value;
      onChangeRef.current(value);
    };
    const unregister = editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      pending = editorState;
      clearTimeout(timer);
      timer = setTimeout(emit, EDITOR_EMIT_DELAY_MS);
    });
    const flush = () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      emit();
    };
    const unregisterBlur = editor.registerCommand(BLUR_COMMAND, () => {
      flush();
      return false;
    }, COMMAND_PRIORITY_LOW);
    return () => {
      unregister();
      unregisterBlur();
      flush();
    };
  }, [editor]);
  return null;
}
