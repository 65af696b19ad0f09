import { parseRichText, splitFormulas, TAB_TEXT, type SerializedRichNode } from '@evergrade/contracts';

/** What a PDF draws of rich text: paragraphs of text and formula runs, images on their own lines. */
export type Run =
  { kind: 'text'; text: string; bold: boolean; italic: boolean } | { kind: 'formula'; tex: string; block: boolean } | { kind: 'break' };
export type Block = { kind: 'paragraph'; runs: Run[] } | { kind: 'image'; src: string; width: number; height: number; alt: string };

const BOLD = 1;
const ITALIC = 2;

const text = (value: string, format = 0): Run => ({
  kind: 'text',
  text: value,
  bold: (format & BOLD) !== 0,
  italic: (format & ITALIC) !== 0,
});

/** Plain text (questions parsed from PDFs, answers typed before the editor): one paragraph a line, $…$ as formulas. */
function plainBlocks(value: string): Block[] {
  return value.split(/\r?\n/).map((line) => ({
    kind: 'paragraph' as const,
    runs: splitFormulas(line).map((p) =>
      'equation' in p ? { kind: 'formula' as const, tex: p.equation, block: !p.inline } : text(p.text),
    ),
  }));
}

/** Rich text (lexical JSON or plain text) as blocks; a formula is kept as TeX, to be drawn as the editor draws it. */
export function richBlocks(value: string | null | undefined): Block[] {
  if (!value || value.trim() === '') return [];
  const state = parseRichText(value);
  if (!state) return plainBlocks(value);
  const blocks: Block[] = [];
  let runs: Run[] = [];
  const flush = () => {
    blocks.push({ kind: 'paragraph', runs });
    runs = [];
  };
  const inline = (node: SerializedRichNode) => {
    switch (node.type) {
      case 'text':
        runs.push(text(String(node.text ?? ''), typeof node.format === 'number' ? node.format : 0));
        return;
      case 'tab':
        runs.push(text(TAB_TEXT.replace(/\u2003/g, '  ')));
        return;
      case 'linebreak':
        runs.push({ kind: 'break' });
        return;
      case 'equation':
        runs.push({ kind: 'formula', tex: String(node.equation ?? ''), block: node.inline === false });
        return;
      case 'image':
        if (runs.length > 0) flush();
        blocks.push({
          kind: 'image',
          src: String(node.src ?? ''),
          width: Number(node.width) || 0,
          height: Number(node.height) || 0,
          alt: String(node.altText ?? ''),
        });
        return;
      default:
        (node.children ?? []).forEach(inline);
    }
  };
  const block = (node: SerializedRichNode) => {
    if (node.type === 'list') {
      let n = typeof node.start === 'number' ? node.start : 1;
      for (const item of node.children ?? []) {
        runs.push(text(node.listType === 'number' ? `${n++}. ` : '• '));
        (item.children ?? []).forEach((c) => (c.type === 'list' ? (flush(), block(c)) : inline(c)));
        if (runs.length > 0) flush();
      }
      return;
    }
    if (node.type === 'image' || node.type === 'equation') {
      inline(node);
      if (runs.length > 0) flush();
      return;
    }
    (node.children ?? []).forEach(inline);
    flush();
  };
  state.root.children?.forEach(block);
  // An empty last paragraph adds only blank space.
  while (blocks.length > 0 && isBlankBlock(blocks[blocks.length - 1]!)) blocks.pop();
  return blocks;
}

const isBlankBlock = (b: Block) => b.kind === 'paragraph' && b.runs.every((r) => r.kind === 'text' && r.text.trim() === '');

/** Currency symbols are not math: inside a formula they are wrapped as text (spec document 2, section 9). */
export function wrapCurrency(tex: string): string {
  return tex.replace(/\\\$|[₹€£¥$]/g, (symbol) => `\\text{${symbol === '$' ? '\\$' : symbol}}`);
}
