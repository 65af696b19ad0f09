import { DEFAULT_MARKS, REVIEW_MESSAGES, type ParsedQuestion } from '../types';
import { readBlocks, type QuestionBlock } from './blocks';
import { normaliseLines } from './normalise';
import { questionStartsIn } from './numbering';
import { sectionLabel } from './sections';

/**
 * Deterministic reading of a marking scheme: split by question numbering, read marks, answers and
 * grading notes. Same text in, same questions out. Anything it cannot find is flagged for review.
 */
export function parseMarkingScheme(text: string): ParsedQuestion[] {
  const lines = normaliseLines(text);
  const split = splitAtAnswerSection(lines);
  if (split) return pairTexts(split.paper, split.key);
  return readBlocks(lines, 'combined').map((block) => finish(block, { needsAnswer: true }));
}

/** A question paper and its answer key, paired by question number; the paper decides which questions exist. */
export function parseQuestionPaperAndKey(paperText: string, keyText: string): ParsedQuestion[] {
  return pairTexts(normaliseLines(paperText), normaliseLines(keyText));
}

/** The key is read for the paper's numbers, gaps allowed: a key may skip a question. */
function pairTexts(paperLines: readonly string[], keyLines: readonly string[]): ParsedQuestion[] {
  const paper = readBlocks(paperLines, 'paper');
  const only = paper.length > 0 ? new Set(paper.map((q) => q.number)) : undefined;
  return pair(paper, readBlocks(keyLines, 'key', only ? { only } : {}));
}

function pair(paper: readonly QuestionBlock[], key: readonly QuestionBlock[]): ParsedQuestion[] {
  const keyByNumber = new Map(key.map((k) => [k.number, k]));
  const fromPaper = paper.map((q) => {
    const k = keyByNumber.get(q.number);
    return finish(
      {
        number: q.number,
        question: q.question || k?.question || '',
        answer: k?.answer || q.answer,
        grading: [q.grading, k?.grading ?? ''].filter(Boolean).join('\n'),
        marks: q.marks ?? k?.marks ?? null,
      },
      { needsAnswer: true },
    );
  });
  if (paper.length > 0) return fromPaper;
  // No numbered questions in the paper: keep what the key has, each flagged so the instructor adds the question.
  return key.map((k) => finish(k, { needsAnswer: true, missingQuestion: true }));
}

function finish(block: QuestionBlock, options: { needsAnswer: boolean; missingQuestion?: boolean }): ParsedQuestion {
  const flags: string[] = [];
  if (options.missingQuestion || block.question.trim() === '') flags.push(REVIEW_MESSAGES.noQuestion);
  if (block.marks === null) flags.push(REVIEW_MESSAGES.noMarks);
  if (options.needsAnswer && block.answer.trim() === '') flags.push(REVIEW_MESSAGES.noAnswer);
  return {
    question_number: block.number,
    question: block.question,
    marks_possible: block.marks ?? DEFAULT_MARKS,
    answer: block.answer,
    grading_instructions: block.grading,
    tags: [],
    ...(flags.length > 0 ? { flagged_for_review: flags.join(' ') } : {}),
  };
}

const ANSWER_SECTION_HEADING =
  /^(?:the\s+)?(?:answers?|answer\s+key|answer\s+sheet|key\s+to\s+answers|marking\s+scheme|mark\s+scheme|marking\s+guide|model\s+answers?|solutions?|memorandum|memo)(?:\s*:|\s+[-(].*)?$/i;

/**
 * One document holding the questions first and then an "Answers" / "Marking scheme" section numbered
 * again from the start: read it as a question paper plus an answer key. The part before the heading must
 * read as a paper (two or more questions, no answer labels), the part after as a key numbered the same way.
 */
function splitAtAnswerSection(lines: readonly string[]): { paper: string[]; key: string[] } | null {
  for (let h = 1; h < lines.length - 1; h++) {
    if (!ANSWER_SECTION_HEADING.test(lines[h]!)) continue;
    const paper = lines.slice(0, h);
    const paperStarts = questionStartsIn(paper);
    if (paper.slice(paperStarts[0]?.line ?? h).some((line) => sectionLabel(line) !== null)) return null;
    const key = lines.slice(h + 1);
    const keyStarts = questionStartsIn(key);
    if (paperStarts.length >= 2 && keyStarts.length >= 2 && keyStarts[0]!.number === paperStarts[0]!.number) return { paper, key };
  }
  return null;
}
