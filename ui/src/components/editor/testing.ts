/** Test helpers: drive a mounted editor the way typing would, through lexical's own update path. */
import { $createParagraphNode, $createTextNode, $getRoot, $getSelection, $isRangeSelection, type LexicalEditor } from 'lexical';

export function editorOf(element: Element): LexicalEditor {
  const editor = (element as Element & { __lexicalEditor?: LexicalEditor }).__lexicalEditor;
  if (!editor) throw new Error('not a lexical editor root');
  return editor;
}

/** Types `text` at the end of the editor (the caret moves there first). */
export function typeAtEnd(element: Element, text: string): void {
  const editor = editorOf(element);
  editor.update(
    () => {
      $getRoot().selectEnd();
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.insertText(text);
    },
    { discrete: true },
  );
}

/** Replaces the whole content with one paragraph per line of `text` (an empty string clears it). */
export function replaceText(element: Element, text: string): void {
  const editor = editorOf(element);
  editor.update(
    () => {
      const root = $getRoot();
      root.clear();
      for (const line of text.split('\n')) {
        const p = $createParagraphNode();
        if (line) p.append($createTextNode(line));
        root.append(p);
      }
      root.selectEnd();
    },
    { discrete: true },
  );
}

/** Puts the caret at the end, as a click into the editor would. */
export function placeCaretAtEnd(element: Element): void {
  editorOf(element).update(() => $getRoot().selectEnd(), { discrete: true });
}

export const editorText = (element: Element) =>
  editorOf(element)
    .getEditorState()
    .read(() => $getRoot().getTextContent());
