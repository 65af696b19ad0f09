import { joinText, normaliseLines } from './normalise';
import { questionStartsIn } from './numbering';

export type SplitResponses = {
  /** One entry per question number found, in document order. */
  responses: { question_number: number; text: string }[];
  /** Text before the first numbered answer (a name, a heading), or answers whose number was not asked for. */
  unassigned: string;
};

/** Student answers also come as "Ans 1", "Answer 2:", "A3." (besides "1.", "Q1", "Question 1"). */
const ANSWER_NUMBERING = /^(?:(?:answer|ans\.?)\s*(?:no\.?\s*)?|a)(\d{1,3})(?![\d.]\d)\s*[.):-]?\s*(.*)$/i;

/**
 * A student's response text (typed or OCR of handwriting) split by question numbering into the answers
 * for the given questions. Numbers outside `questionNumbers` stay with the answer they sit in.
 */
export function splitResponsesByQuestion(text: string, questionNumbers: readonly number[]): SplitResponses {
  const lines = normaliseLines(text);
  const starts = responseStarts(lines, questionNumbers);
  const byNumber = new Map<number, string[]>();
  starts.forEach((start, i) => {
    const end = starts[i + 1]?.line ?? lines.length;
    const body = [start.rest, ...lines.slice(start.line + 1, end)];
    byNumber.set(start.number, [...(byNumber.get(start.number) ?? []), ...body]);
  });
  return {
    responses: [...byNumber].map(([question_number, body]) => ({ question_number, text: joinText(body) })),
    unassigned: joinText(lines.slice(0, starts[0]?.line ?? lines.length)),
  };
}

/** Where answers start in lines (one per visual line, as splitResponsesByQuestion splits text): line index, number, rest. */
export function responseStarts(lines: readonly string[], questionNumbers: readonly number[]) {
  return questionStartsIn(normaliseLines(lines.join('\n')), { extraLabels: ANSWER_NUMBERING, only: new Set(questionNumbers) });
}
