import { useEffect } from 'react';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { TextNode } from 'lexical';
import { splitFormulas } from '@evergrade/contracts';
import { $createEquationNode } from '../nodes/equation-node';

/** Where the first formula of `text` sits: its source span and what it holds. */
export function firstFormula(text: string): { start: number; end: number; equation: string; inline: boolean } | null {
  let start = 0;
  for (const part of splitFormulas(text)) {
    if ('text' in part) {
      start += part.text.length;
      continue;
    }
    const end = part.inline ? start + part.equation.length + 2 : text.indexOf('$$', start + 2) + 2;
    return { start, end, equation: part.equation, inline: part.inline };
  }
  return null;
}

/**
 * Text typed or pasted as `$...$` or `$$...$$` becomes a formula node, rendered with KaTeX, as soon
 * as the closing dollar is typed. Prices such as "$5 and $10" stay text (see splitFormulas). One
 * formula per pass: the text after it is a new node, which the transform visits next.
 */
export function FormulaPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerNodeTransform(TextNode, (node) => {
        const text = node.getTextContent();
        if (!node.isSimpleText() || !text.includes('$')) return;
        const found = firstFormula(text);
        if (!found) return;
        const pieces = node.splitText(found.start, found.end);
        const target = found.start === 0 ? pieces[0] : pieces[1];
        if (!target) return;
        const caretHere = target.isSelected();
        const equation = $createEquationNode(found.equation, found.inline);
        target.replace(equation);
        if (caretHere) equation.selectNext(0, 0);
      }),
    [editor],
  );
  return null;
}
