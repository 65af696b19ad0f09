/**
 * Rich text as stored: a serialised lexical editor state (JSON), or plain text (questions parsed from
 * PDFs, the question library, answers saved before the editor). These helpers read and write that
 * JSON without lexical, so the server and the UI agree on what counts as empty and how it reads as text.
 */

/** Numbers and messages the spec fixes for editors (document 1 sections 8-9, document 2 sections 8-9). */
export const EDITOR_LIMITS = {
  imageMaxWidth: 600,
  imageMaxHeight: 400,
  imageMinSide: 20,
  canvasWidth: 700,
  canvasHeight: 450,
  brushMin: 1,
  brushMax: 20,
  brushDefault: 5,
  cropMargin: 10,
  cropMinSide: 50,
} as const;

export const EQUATION_PLACEHOLDER = 'Type your equation here';
/** Four em-spaces (U+2003), what Tab inserts. */
export const TAB_TEXT = '\u2003'.repeat(4);

export const EDITOR_MESSAGES = {
  imageUploadFailed: (message?: string) => `Image upload failed: ${message || 'Unknown error'}`,
  imageLoadFailed: 'Failed to load the uploaded image. Please try again.',
  drawingSaveFailed: (message: string) => `Drawing save failed: ${message}`,
  drawingLoadFailed: 'Failed to load the drawing. Please try again.',
  noApiUrl: 'No API URL returned from the server',
  uploadStatus: (status: number) => `Upload failed with status: ${status}`,
  /** Not in the spec, which only says "image files only". */
  notAnImage: (name: string) => `"${name}" is not an image. Only image files can be inserted.`,
} as const;

export type SerializedRichNode = {
  type: string;
  version?: number;
  children?: SerializedRichNode[];
  text?: string;
  equation?: string;
  inline?: boolean;
  listType?: string;
  [key: string]: unknown;
};
export type SerializedRichState = { root: SerializedRichNode & { type: 'root' } };

/** The lexical state held in `value`, or null when `value` is plain text (or nothing). */
export function parseRichText(value: string | null | undefined): SerializedRichState | null {
  if (!value || !value.trimStart().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    const root = (parsed as { root?: { type?: unknown; children?: unknown } } | null)?.root;
    return root?.type === 'root' && Array.isArray(root.children) ? (parsed as SerializedRichState) : null;
  } catch {
    return null;
  }
}

function walk(node: SerializedRichNode, visit: (n: SerializedRichNode) => boolean | void): boolean {
  if (visit(node) === true) return true;
  return (node.children ?? []).some((c) => walk(c, visit));
}

/** No text (whitespace, em-spaces included, does not count), no formula, no image. */
export function isRichTextEmpty(value: string | null | undefined): boolean {
  const state = parseRichText(value);
  if (!state) return !value || value.trim() === '';
  return !walk(
    state.root,
    (n) =>
      (n.type === 'text' && typeof n.text === 'string' && n.text.trim() !== '') ||
      (n.type === 'equation' && typeof n.equation === 'string' && n.equation.trim() !== '') ||
      n.type === 'image',
  );
}

const BLOCKS = new Set(['paragraph', 'heading', 'quote', 'listitem', 'list', 'code']);

function inlineText(node: SerializedRichNode): string {
  switch (node.type) {
    case 'text':
    case 'tab':
      return String(node.text ?? '');
    case 'linebreak':
      return '\n';
    case 'equation':
      return node.inline === false ? `$$${node.equation ?? ''}$$` : `$${node.equation ?? ''}$`;
    case 'image':
      return '[image]';
    default:
      return (node.children ?? []).map(inlineText).join('');
  }
}

function blockLines(node: SerializedRichNode, out: string[]): void {
  if (node.type === 'list') {
    let n = typeof node.start === 'number' ? node.start : 1;
    for (const item of node.children ?? []) {
      const nested = (item.children ?? []).find((c) => c.type === 'list');
      if (nested) {
        const sub: string[] = [];
        blockLines(nested, sub);
        out.push(...sub.map((l) => `  ${l}`));
        continue;
      }
      out.push(`${node.listType === 'number' ? `${n++}.` : '-'} ${inlineText(item)}`);
    }
    return;
  }
  if (node.type === 'root' || (node.children ?? []).some((c) => BLOCKS.has(c.type))) {
    for (const c of node.children ?? []) blockLines(c, out);
    return;
  }
  out.push(inlineText(node));
}

/** Lexical JSON as text: one line per paragraph, formulas as $...$ or $$...$$, images as [image]. Plain text passes through. */
export function richTextToPlainText(value: string | null | undefined): string {
  const state = parseRichText(value);
  if (!state) return value ?? '';
  const lines: string[] = [];
  blockLines(state.root, lines);
  return lines.join('\n').replace(/\s+$/, '');
}

export type FormulaPart = { text: string } | { equation: string; inline: boolean };

/**
 * Splits text into text and formulas. `$$...$$` is a block formula. `$...$` is an inline one when
 * the opening $ is followed by a non-space and the closing $ is preceded by a non-space and not
 * followed by a digit (pandoc's rule), so "$5 and $10" stays text. `\$` is a literal dollar.
 */
export function splitFormulas(text: string): FormulaPart[] {
  const parts: FormulaPart[] = [];
  let buffer = '';
  let i = 0;
  const flush = () => {
    if (buffer) parts.push({ text: buffer });
    buffer = '';
  };
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\' && text[i + 1] === '$') {
      buffer += '\\$';
      i += 2;
      continue;
    }
    if (ch !== '$') {
      buffer += ch;
      i += 1;
      continue;
    }
    if (text[i + 1] === '$') {
      const end = text.indexOf('$$', i + 2);
      const body = end < 0 ? '' : text.slice(i + 2, end);
      if (end >= 0 && body.trim() !== '' && !/\n\s*\n/.test(body)) {
        flush();
        parts.push({ equation: body.trim(), inline: false });
        i = end + 2;
      } else {
        buffer += '$$';
        i += 2;
      }
      continue;
    }
    const end = closingDollar(text, i + 1);
    if (end < 0) {
      buffer += '$';
      i += 1;
      continue;
    }
    flush();
    parts.push({ equation: text.slice(i + 1, end), inline: true });
    i = end + 1;
  }
  flush();
  return parts;
}

function closingDollar(text: string, from: number): number {
  if (from >= text.length || /\s/.test(text[from]!) || text[from] === '$') return -1;
  for (let j = from + 1; j < text.length; j++) {
    if (text[j] === '\n') return -1;
    if (text[j] === '\\' && text[j + 1] === '$') {
      j += 1;
      continue;
    }
    if (text[j] !== '$') continue;
    // an unescaped $ inside a formula must close it; otherwise this $ opened nothing
    return text[j + 1] !== '$' && !/\s/.test(text[j - 1]!) && !/\d/.test(text[j + 1] ?? '') ? j : -1;
  }
  return -1;
}

const textNode = (text: string): SerializedRichNode => ({
  detail: 0,
  format: 0,
  mode: 'normal',
  style: '',
  text,
  type: 'text',
  version: 1,
});
export const equationNode = (equation: string, inline: boolean): SerializedRichNode => ({ type: 'equation', equation, inline, version: 1 });
const paragraph = (children: SerializedRichNode[]): SerializedRichNode => ({
  children,
  direction: null,
  format: '',
  indent: 0,
  type: 'paragraph',
  version: 1,
  textFormat: 0,
  textStyle: '',
});

/** One paragraph per line of `text`, formulas as equation nodes (a $$ block may span lines); the serialised state as a string. */
export function plainTextToRichText(text: string): string {
  const paragraphs: SerializedRichNode[][] = [[]];
  for (const part of splitFormulas(text.replace(/\r\n?/g, '\n'))) {
    if (!('text' in part)) {
      paragraphs.at(-1)!.push(equationNode(part.equation, part.inline));
      continue;
    }
    part.text.split('\n').forEach((line, i) => {
      if (i > 0) paragraphs.push([]);
      if (line) paragraphs.at(-1)!.push(textNode(line));
    });
  }
  const state: SerializedRichState = {
    root: { children: paragraphs.map(paragraph), direction: null, format: '', indent: 0, type: 'root', version: 1 },
  };
  return JSON.stringify(state);
}
