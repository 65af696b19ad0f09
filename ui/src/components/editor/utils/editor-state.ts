import { parseRichText, plainTextToRichText, richTextToPlainText, type SerializedRichNode } from '@evergrade/contracts';

/** Node types this editor can load; a state with any other is shown as its text. */
const KNOWN = new Set(['root', 'paragraph', 'text', 'linebreak', 'tab', 'heading', 'quote', 'list', 'listitem', 'equation', 'image']);

const allKnown = (node: SerializedRichNode): boolean => KNOWN.has(node.type) && (node.children ?? []).every(allKnown);

const HTML_START = /^\s*<[a-z][a-z0-9]*\b[^>]*>/i;
const HTML_CLOSE = /<\/[a-z][a-z0-9]*\s*>/i;

/** Legacy HTML content (questions written before the editor) read as text, one line per block. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li|h[1-6]|tr|blockquote|pre)>/gi, '\n');
  const doc = new DOMParser().parseFromString(withBreaks, 'text/html');
  doc.querySelectorAll('script, style').forEach((el) => el.remove());
  return (doc.body.textContent ?? '').replace(/\n+$/, '');
}

export const looksLikeHtml = (value: string) => HTML_START.test(value) && HTML_CLOSE.test(value);

/** The serialised state to load for a stored value (lexical JSON, legacy HTML or plain text); undefined for nothing. */
export function initialStateJson(value: string | null | undefined): string | undefined {
  if (!value || value.trim() === '') return undefined;
  const rich = parseRichText(value);
  if (rich) return rich.root.children?.length && allKnown(rich.root) ? value : plainTextToRichText(richTextToPlainText(value));
  return plainTextToRichText(looksLikeHtml(value) ? htmlToText(value) : value);
}
