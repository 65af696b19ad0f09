import { marksIn } from './marks';

/**
 * Where questions start: lines opening with a question number ("1.", "1)", "(1)", "Q1", "Q.1", "Question 1:",
 * "Question No. 1"). Numbered lists inside answers ("1. Multiply ... 2. Add ...") are not question starts:
 * the chain of starts counts up by one, and a list that restarts at 1 inside a question is kept there.
 */
export type NumberStyle = 'labelled' | 'plain';
export type QuestionStart = { line: number; number: number; style: NumberStyle; rest: string };

const LABELLED = /^(?:question|ques\.?|qn\.?|q\.?)\s*(?:no\.?\s*)?(\d{1,3})(?![\d.]\d)\s*[.):-]?\s*(.*)$/i;
const PLAIN = /^(\d{1,3})\s?[.):](?!\d)\s*(.*)$/;
const PARENTHESISED = /^\((\d{1,3})\)\s+(\S.*)$/;
const MAX_QUESTION_NUMBER = 300;

export function questionStartAt(line: string, index: number): QuestionStart | null {
  const labelled = LABELLED.exec(line);
  if (labelled) return { line: index, number: Number(labelled[1]), style: 'labelled', rest: labelled[2] ?? '' };
  const plain = PLAIN.exec(line) ?? PARENTHESISED.exec(line);
  if (plain) return { line: index, number: Number(plain[1]), style: 'plain', rest: plain[2] ?? '' };
  return null;
}

export type StartOptions = {
  /** More numbering styles, read as labelled (group 1 the number, group 2 the rest of the line). */
  extraLabels?: RegExp;
  /** Only these numbers, in increasing order but with gaps allowed (a student may skip a question). */
  only?: ReadonlySet<number>;
};

export function questionStartsIn(lines: readonly string[], options: StartOptions = {}): QuestionStart[] {
  const candidates: QuestionStart[] = [];
  lines.forEach((line, index) => {
    const extra = options.extraLabels?.exec(line);
    const start = extra
      ? { line: index, number: Number(extra[1]), style: 'labelled' as const, rest: extra[2] ?? '' }
      : questionStartAt(line, index);
    if (start && start.number >= 1 && start.number <= MAX_QUESTION_NUMBER && (options.only?.has(start.number) ?? true))
      candidates.push(start);
  });
  // "Q1", "Question 1" are unambiguous: when a document uses them, bare numbers are lists inside questions.
  const labelled = candidates.filter((c) => c.style === 'labelled');
  return chain(labelled.length > 0 ? labelled : candidates, options.only !== undefined);
}

const hasMarks = (start: QuestionStart) => marksIn(start.rest).notes.length > 0;

/** Picks the question starts: each the previous number + 1, with lists restarting at 1 kept inside. */
function chain(candidates: readonly QuestionStart[], gaps: boolean): QuestionStart[] {
  const accepted: QuestionStart[] = [];
  let subList: number | null = null;
  for (const [index, c] of candidates.entries()) {
    const current = accepted.at(-1);
    if (!current) {
      accepted.push(c);
      continue;
    }
    if (gaps ? c.number > current.number : c.number === current.number + 1) {
      const ambiguous = subList !== null && subList + 1 === c.number;
      // A later line with the same number would be the question; without one, this line must be it.
      const laterSameNumber = candidates.slice(index + 1).some((later) => later.number === c.number);
      if (!ambiguous || !laterSameNumber || prefersQuestion(c, accepted)) {
        accepted.push(c);
        subList = null;
        continue;
      }
    }
    if (c.number === 1 || (subList !== null && c.number === subList + 1)) subList = c.number;
  }
  return accepted;
}

/** "2." after a list "1." inside question 1: a question if it carries marks the way the questions so far do. */
function prefersQuestion(c: QuestionStart, accepted: readonly QuestionStart[]): boolean {
  if (hasMarks(c)) return true;
  const questionsWithMarks = accepted.filter(hasMarks).length;
  return questionsWithMarks === 0 && c.style === 'labelled';
}
