import { useEffect } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  COMMAND_PRIORITY_HIGH,
  createCommand,
  KEY_DOWN_COMMAND,
  KEY_TAB_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { EQUATION_PLACEHOLDER, TAB_TEXT } from '@evergrade/contracts';
import { requestEquationEdit } from '../components/equation-view';
import { $createEquationNode } from '../nodes/equation-node';

/** Inserts a formula at the caret and opens its source with the placeholder selected. */
export const INSERT_EQUATION_COMMAND = createCommand<{ equation?: string; inline?: boolean } | undefined>('INSERT_EQUATION_COMMAND');

function $insertEquation(editor: LexicalEditor, equation: string, inline: boolean): void {
  const node = $createEquationNode(equation, inline);
  requestEquationEdit(editor, node.getKey());
  const selection = $getSelection();
  if ($isRangeSelection(selection)) {
    $insertNodes([node]);
  } else {
    $getRoot().append($createParagraphNode().append(node));
  }
}

const isFormulaShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.code === 'KeyE';

/** Tab inserts four em-spaces; Ctrl+Shift+E inserts the 'Type your equation here' formula placeholder. */
export function KeysPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          KEY_TAB_COMMAND,
          (event) => {
            if (event.shiftKey) return false;
            const selection = $getSelection();
            if (!$isRangeSelection(selection)) return false;
            event.preventDefault();
            selection.insertText(TAB_TEXT);
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerCommand(
          KEY_DOWN_COMMAND,
          (event) => {
            if (!isFormulaShortcut(event)) return false;
            event.preventDefault();
            editor.dispatchCommand(INSERT_EQUATION_COMMAND, undefined);
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerCommand(
          INSERT_EQUATION_COMMAND,
          (payload) => {
            $insertEquation(editor, payload?.equation ?? EQUATION_PLACEHOLDER, payload?.inline ?? true);
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
      ),
    [editor],
  );
  return null;
}
