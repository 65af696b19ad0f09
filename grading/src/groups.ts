import { createHash } from 'node:crypto';
import { richTextToPlainText, UNREADABLE_FLAG } from '@evergrade/contracts';
import { normaliseMaths, readQuantity } from './quantity';

/**
 * Answer groups (issue 14 item 6): the responses to one question that are the same answer, so an instructor grades
 * them once. Conservative on purpose: a wrong grouping costs a student a wrong mark, two groups only cost a click.
 *
 * - A whole answer that is one quantity groups by its value, how it is written (a decimal, a fraction, an expression,
 *   scientific notation) and its unit as the checker reads it: "60 km/h" and "60 kph" group, "60" (no unit), "1/2"
 *   and "0.5" (a question may ask for a fraction), "twelve" and "12" (or words), "05" and "5" (a misread "0.5"?),
 *   "1200 g" and "1.2 kg" (it may ask for a unit) do not.
 * - Other answers group by their words modulo case, punctuation, whitespace and a few filler words ("the", "is");
 *   negations and word order are kept, and so is any sign or operator of maths written among the words.
 * - Empty answers (nothing but whitespace or punctuation) form their own group; an answer the PDF reader could not
 *   read (empty, flagged "Could not read this answer.") is never in it, nor with any other: each is its own group.
 */

/** The key of the group of empty answers. */
export const EMPTY_GROUP_KEY = 'empty';

/** Filler words a different answer never hangs on. Negations, "and"/"or" and quantifiers are deliberately absent. */
const FILLER = new Set(['a', 'an', 'the', 'is', 'are', 'was', 'were', 'it', 'its', 'it’s', 'answer', 'ans']);

/**
 * "CO", "Co", "NaCl", "pH", "mL": in a short answer, symbols and formulas keep their case (Co is not CO); a
 * shouted word ("DIOXIDE") does not.
 */
const casedToken = (token: string) =>
  (token.length <= 3 && /^.+\p{Lu}/u.test(token)) ||
  /^\p{Lu}\p{Ll}$/u.test(token) ||
  (/\p{Lu}/u.test(token.slice(1)) && /\p{Ll}/u.test(token));

/** Word and number tokens, Unicode-aware (accents and other scripts are letters, not separators). */
function tokens(text: string): string[] {
  return text.normalize('NFKC').match(/[\p{L}\p{M}\p{N}]+(?:[.'’][\p{L}\p{N}]+)*/gu) ?? [];
}

/** How a quantity is written: answers of one value but another form may earn another mark. */
function formOf(text: string): string {
  const t = normaliseMaths(text);
  // "05" may be a misread "0.5": never with "5".
  if (/(^|[^\d.])0\d/.test(t)) return 'leading-zero';
  if (/\de[+-]?\d|\*\s*10\s*\^/i.test(t)) return 'sci';
  if (/sqrt|pi|[+*^]|\d\s*-\s*[\d(]/.test(t)) return 'expr';
  if (/\d\s*\/\s*\d|\(1\/[24]\)|\(3\/4\)/.test(t)) return 'fraction';
  return 'plain';
}

/** A finite number as a stable string (12 significant digits; -0 is 0). */
const canonical = (n: number) => String(Number(n.toPrecision(12)) + 0);

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 20);

/**
 * The readable normal form two answers must share to be grouped: `empty`, `s|symbols`, `n|form|value|unit`, `m|maths as
 * written` (words mixed with digits or operators) or `t|words`.
 */
export function groupForm(response: string): string {
  // Typed answers may be the editor's serialised state. Not NFKC before reading numbers: it turns 10⁻⁴ into 10-4.
  const text = richTextToPlainText(response).trim().replace(/⁄/g, '/');
  const all = tokens(text);
  if (all.length === 0) {
    // Only punctuation is no answer; symbols are one ("✓" is not "✗").
    const symbols = text.normalize('NFKC').replace(/[\s\p{P}]/gu, '');
    return symbols ? `s|${symbols}` : EMPTY_GROUP_KEY;
  }
  // Numbers in words ("twelve", "a dozen") group by their words: a question may ask for words, or for digits.
  const q = /\d/.test(normaliseMaths(text)) ? readQuantity(text) : null;
  if (q) return `n|${formOf(text)}|${canonical(q.value)}|${q.unit?.label ?? ''}`;
  if (/[\p{N}+\-*/^=<>±√π×÷]/u.test(text)) {
    // Maths among words: every sign and operator counts ("x = -5" is not "x = 5"); only spacing and a final stop do not.
    const maths = normaliseMaths(text.replace(/[₀-₉]/g, (d) => String(d.charCodeAt(0) - 0x2080)))
      .replace(/\s+/g, ' ')
      .replace(/\s*([=+\-*/^<>(),])\s*/g, '$1')
      .replace(/[.!?;:]+$/, '')
      .trim();
    return `m|${maths}`;
  }
  const short = all.length <= 3;
  const kept = all
    .map((w) => (short && casedToken(w) ? w : w.toLowerCase()))
    .map((w) => w.replace(/’/g, "'"))
    .filter((w) => !FILLER.has(w.toLowerCase()));
  return `t|${(kept.length ? kept : all.map((w) => w.toLowerCase())).join(' ')}`;
}

/** What grouping needs to tell an unreadable answer from an empty one: its id and its review flag. */
export type GroupKeyContext = { responseId: number; flaggedForReview: string };

/**
 * The group key of a response: short, URL-safe and stable (`empty`, `u-{responseId}` for an answer that could not be
 * read, or `n-`, `m-`, `t-` and a digest).
 */
export function groupKey(response: string, context?: GroupKeyContext): string {
  const form = groupForm(response);
  if (form === EMPTY_GROUP_KEY && context?.flaggedForReview.startsWith(UNREADABLE_FLAG)) return `u-${context.responseId}`;
  return form === EMPTY_GROUP_KEY ? form : `${form[0]}-${digest(form)}`;
}

/** A response as grouping needs it (its review flag, when known, keeps unreadable answers apart). */
export type GroupableResponse = { responseId: number; response: string; flaggedForReview?: string };

/** Where a split moved a response: it stays there while its own key is still `naturalKey`. */
export type GroupOverride = { naturalKey: string; key: string };

export type AnswerGroup<R extends GroupableResponse> = { key: string; members: R[] };

/** The key a response is in: its split group while its answer is still the one split, else its own key. */
export function effectiveKey(naturalKey: string, override: GroupOverride | undefined): string {
  return override && override.naturalKey === naturalKey ? override.key : naturalKey;
}

/**
 * Pure: the responses of one question in groups, largest first (then by first response id); members by response id.
 * `overrides` are the splits recorded for the question, by response id.
 */
export function groupResponses<R extends GroupableResponse>(
  responses: readonly R[],
  overrides: Readonly<Record<number, GroupOverride>> = {},
): AnswerGroup<R>[] {
  const groups = new Map<string, R[]>();
  for (const r of [...responses].sort((a, b) => a.responseId - b.responseId)) {
    const key = effectiveKey(
      groupKey(r.response, { responseId: r.responseId, flaggedForReview: r.flaggedForReview ?? '' }),
      overrides[r.responseId],
    );
    const members = groups.get(key);
    if (members) members.push(r);
    else groups.set(key, [r]);
  }
  return [...groups]
    .map(([key, members]) => ({ key, members }))
    .sort((a, b) => b.members.length - a.members.length || a.members[0]!.responseId - b.members[0]!.responseId);
}
