import { useLayoutEffect, useRef } from 'react';
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
 * focus (a click on Submit), unmounts, or the page is hidden or closed (so the last keystrokes are kept).
 */
export function ChangePlugin({ onChange }: { onChange: (value: string | null) => void }) {
  const [editor] = useLexicalComposerContext();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A layout effect: registered in the same commit that shows the editor, so an edit made as soon as it is on
  // screen is never missed (a passive effect may run later, and would take that edit as the initial value).
  useLayoutEffect(() => {
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
    const unregisterBlur = editor.registerCommand(
      BLUR_COMMAND,
      () => {
        flush();
        return false;
      },
      COMMAND_PRIORITY_LOW,
    );
    // The page is closing or hidden: emit now, before the listeners that save on leaving (capture runs first).
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush, { capture: true });
    document.addEventListener('visibilitychange', onHidden, { capture: true });
    return () => {
      unregister();
      unregisterBlur();
      window.removeEventListener('pagehide', flush, { capture: true });
      document.removeEventListener('visibilitychange', onHidden, { capture: true });
      flush();
    };
  }, [editor]);
  return null;
}
