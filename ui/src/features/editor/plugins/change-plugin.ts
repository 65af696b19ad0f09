import { useEffect, useRef } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import type { EditorState } from 'lexical';
import { EDITOR_EMIT_DELAY_MS, isRichTextEmpty } from '@evergrade/contracts';

/** The stored value of an editor state: its JSON, or null when it holds no text, formula or image. */
export function valueOf(state: EditorState): string | null {
  const json = JSON.stringify(state.toJSON());
  return isRichTextEmpty(json) ? null : json;
}

/**
 * Emits the value 50 ms after the last edit (spec: editor content updates debounced 50 ms); selection
 * moves and the initial load emit nothing, and a pending value is emitted when the editor unmounts.
 */
export function ChangePlugin({ onChange }: { onChange: (value: string | null) => void }) {
  const [editor] = useLexicalComposerContext();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: EditorState | null = null;
    let last: string | null | undefined;
    const emit = () => {
      timer = undefined;
      if (!pending) return;
      const value = valueOf(pending);
      pending = null;
      if (value === last) return;
      last = value;
      onChangeRef.current(value);
    };
    const unregister = editor.registerUpdateListener(({ editorState, prevEditorState, dirtyElements, dirtyLeaves }) => {
      if (prevEditorState.isEmpty() || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return;
      if (last === undefined) last = valueOf(prevEditorState);
      pending = editorState;
      clearTimeout(timer);
      timer = setTimeout(emit, EDITOR_EMIT_DELAY_MS);
    });
    return () => {
      unregister();
      if (timer !== undefined) {
        clearTimeout(timer);
        emit();
      }
    };
  }, [editor]);
  return null;
}
