import { richTextToPlainText } from './rich-text';

/**
 * Small pure pieces of the written summaries built without a model: the student's own graded-work summary
 * (query-service `grades/summary.ts`) and the instructor's student and class summaries (projectors `summaries/`).
 */

/** A mark as people write it: 3, 2.5, 1.33 (at most 2 decimals, no trailing zeros). */
export const markText = (n: number): string => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));

/** A percentage to at most 1 decimal: 62.5%. */
export const percentText = (n: number): string => `${Math.round(n * 10) / 10}%`;

/** The first words of a question's text (rich text read as its words), with an ellipsis when cut. */
export function excerptOf(content: string, words = 8): string {
  const text = richTextToPlainText(content).replace(/\s+/g, ' ').trim();
  const parts = text.split(' ');
  return parts.length <= words ? text : `${parts.slice(0, words).join(' ')}…`;
}

/** The first sentence of a text (whitespace collapsed); null when there is none. */
export function firstSentence(text: string | null | undefined): string | null {
  const t = text?.replace(/\s+/g, ' ').trim();
  if (!t) return null;
  const m = /^(.+?[.!?])(\s|$)/.exec(t);
  return m ? m[1]! : t;
}

/** "Question 3", "Questions 1, 2 and 4". */
export const questionList = (ns: readonly number[]): string =>
  ns.length === 1 ? `Question ${ns[0]}` : `Questions ${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]}`;

/** Ends a sentence with a full stop unless it already ends with one. */
export const sentence = (text: string): string => (/[.!?…]["”’)]?$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
