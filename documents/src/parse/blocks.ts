import { endsWithMarks, marksFromNotes, marksIn, marksLine, type MarksNote } from './marks';
import { joinText } from './normalise';
import { questionStartsIn, type StartOptions } from './numbering';
import { isGradingLine, isSectionHeading, sectionLabel } from './sections';

/** What a document is: a marking scheme (questions with answers), a question paper, or an answer key. */
export type DocumentRole = 'combined' | 'paper' | 'key';

/** One numbered question as read from a document, before pairing and defaults. */
export type QuestionBlock = {
  number: number;
  question: string;
  answer: string;
  grading: string;
  /** Null when the document states no marks for it. */
  marks: number | null;
};

type Mode = 'question' | 'answer' | 'grading';

/** Splits lines into numbered questions and each into its question text, answer, grading notes and marks. */
export function readBlocks(lines: readonly string[], role: DocumentRole, options: StartOptions = {}): QuestionBlock[] {
  const starts = questionStartsIn(lines, options);
  return starts.map((start, i) => {
    const end = starts[i + 1]?.line ?? lines.length;
    return readBlock(start.number, [start.rest, ...lines.slice(start.line + 1, end)], role);
  });
}

function readBlock(number: number, lines: readonly string[], role: DocumentRole): QuestionBlock {
  const body = lines.filter((line) => line.trim() !== '' && !isSectionHeading(line));
  const labelOf = (line: string, index: number) => sectionLabel(line, { inBody: index > 0 });
  const labelled = body.some((line, index) => labelOf(line, index)?.kind === 'answer');
  // Without an answer label, a question paper is all question, an answer key all answer (a key that
  // labels its answers may repeat the question first), and a scheme's answer follows the last line that
  // closes with marks ("What is 2 + 2? [1]" / "4").
  let mode: Mode = role === 'key' && !labelled ? 'answer' : 'question';
  const answerFrom = role === 'combined' && !labelled ? lastLineEndingWithMarks(body) + 1 : -1;

  const parts: Record<Mode, string[]> = { question: [], answer: [], grading: [] };
  const questionNotes: MarksNote[] = [];
  const otherNotes: MarksNote[] = [];
  body.forEach((line, index) => {
    if (index === answerFrom && index > 0) mode = 'answer';
    const label = labelOf(line, index);
    if (label) {
      mode = label.kind;
      if (label.text) addLine(label.text);
      return;
    }
    const stated = marksLine(line);
    if (stated) {
      (mode === 'question' ? questionNotes : otherNotes).push(stated);
      return;
    }
    if (mode === 'answer' && isGradingLine(line)) mode = 'grading';
    addLine(line);
  });

  function addLine(line: string) {
    if (mode === 'question') {
      for (const piece of splitInlineParts(line)) {
        const { notes, rest } = marksIn(piece);
        questionNotes.push(...notes);
        if (rest) parts.question.push(rest);
      }
      return;
    }
    parts[mode].push(line);
  }

  let answer = joinText(parts.answer);
  let marks = marksFromNotes(questionNotes) ?? marksFromNotes(otherNotes);
  if (marks === null) {
    // Marks written with the answer: "4 [2 marks]", or allocations "(1 mark)" that add up.
    const inAnswer = parts.answer.flatMap((line) => marksIn(line).notes);
    marks = marksFromNotes(inAnswer);
    if (inAnswer.length === 1 && endsWithMarks(answer)) answer = marksIn(answer).rest;
  }
  return { number, question: joinText(parts.question), answer, grading: joinText(parts.grading), marks };
}

function lastLineEndingWithMarks(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (endsWithMarks(lines[i]!) || marksLine(lines[i]!)) return i;
  return -1;
}

/** "a) Define force [2] b) Give its unit [1]": sub-parts written on one line get a line each. */
export function splitInlineParts(line: string): string[] {
  const first = /^(\()?([a-h])\)\s/.exec(line);
  if (!first) return [line];
  const open = first[1] ?? '';
  const pieces: string[] = [];
  let rest = line;
  let letter = first[2]!.charCodeAt(0);
  for (;;) {
    const next = String.fromCharCode(letter + 1);
    const at = rest.search(new RegExp(String.raw`\s${open ? '\\(' : ''}${next}\)\s`));
    if (at < 0) break;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
    letter += 1;
  }
  return [...pieces, rest];
}
