import { LIBRARY_PLACEHOLDERS, type GeneratedQuestion } from '@evergrade/contracts';
import { rankByRelevance } from '../rank';
import type { LibraryItem } from '../library';
import { MAX_GENERATED_QUESTIONS, readPromptHints, type PromptHints } from './hints';

/** A question read from one of the instructor's reference documents. */
export type ReferenceQuestion = {
  question: string;
  marks_possible: number;
  answer: string;
  grading_instructions: string;
  flagged_for_review?: string | undefined;
  source: string;
  original_question_number: number;
};

export type GenerationRequest = {
  prompt: string;
  subject: string;
  title: string;
  description: string;
  /** Titles and subjects of the chosen textbooks (their words count towards relevance). */
  textbooks: { title: string; subject: string }[];
  /** 'rubric name - criterion' of each chosen rubric: every question is tagged with them. */
  rubricTags: string[];
};

export const DEFAULT_QUESTION_COUNT = 5;

/**
 * The offline generator: the reference documents' own questions first (the instructor's material), then
 * library questions by full-text relevance to the prompt, title, description and textbooks, preferring the
 * subject, grade and question types the prompt names; as many as it asks for, scaled to its total marks.
 */
export function generateOffline(
  request: GenerationRequest,
  library: readonly LibraryItem[],
  references: readonly ReferenceQuestion[],
): GeneratedQuestion[] {
  const hints = readPromptHints(request.prompt);
  const count =
    hints.count ??
    (hints.totalMarks !== undefined ? undefined : Math.max(DEFAULT_QUESTION_COUNT, Math.min(references.length, MAX_GENERATED_QUESTIONS)));
  const picked: GeneratedQuestion[] = references.slice(0, count ?? MAX_GENERATED_QUESTIONS).map((r) => ({
    question_number: 0,
    question: r.question,
    marks_possible: r.marks_possible,
    answer: r.answer || LIBRARY_PLACEHOLDERS.answer,
    grading_instructions: r.grading_instructions || LIBRARY_PLACEHOLDERS.gradingInstructions,
    tags: [],
    source_document_id: r.source,
    original_question_number: r.original_question_number,
  }));
  for (const item of relevantLibrary(request, hints, library)) {
    if (count !== undefined ? picked.length >= count : enoughMarks(picked, hints)) break;
    picked.push(fromLibrary(item));
  }
  const scaled = scaleMarks(picked, hints);
  return scaled.map((q, i) => ({ ...q, question_number: i + 1, tags: [...request.rubricTags] }));
}

const enoughMarks = (picked: GeneratedQuestion[], hints: PromptHints) =>
  picked.length >= MAX_GENERATED_QUESTIONS || picked.reduce((s, q) => s + q.marks_possible, 0) >= (hints.totalMarks ?? 0);

/** Library questions worth offering, best first: relevant to the words, or at least of the subject asked for. */
function relevantLibrary(request: GenerationRequest, hints: PromptHints, library: readonly LibraryItem[]): LibraryItem[] {
  const subjects = new Set([request.subject, ...request.textbooks.map((t) => t.subject)].filter(Boolean).map((s) => s.toLowerCase()));
  const query = [request.prompt, request.title, request.description, ...request.textbooks.map((t) => t.title)].join(' ');
  const ranked = rankByRelevance(library, query, (q) => [
    { text: q.questionText, weight: 1 },
    { text: q.topics.join(' '), weight: 2 },
    { text: q.subject, weight: 2 },
  ]);
  return ranked
    .map(({ item, score }) => {
      const inSubject = subjects.has(item.subject.toLowerCase());
      if (score === 0 && !inSubject) return null;
      let adjusted = score + (inSubject ? 2 : subjects.size > 0 ? -2 : 0);
      if (hints.questionTypes.length > 0) adjusted += hints.questionTypes.includes(item.questionType) ? 1.5 : -1;
      if (hints.grade !== undefined && item.grade) adjusted -= Math.abs(Number(item.grade) - hints.grade) * 0.5;
      return { item, adjusted };
    })
    .filter((x): x is { item: LibraryItem; adjusted: number } => x !== null)
    .sort((a, b) => b.adjusted - a.adjusted || a.item.questionId - b.item.questionId)
    .map((x) => x.item);
}

function fromLibrary(item: LibraryItem): GeneratedQuestion {
  return {
    question_number: 0,
    question: item.questionText,
    marks_possible: item.marksPossible,
    answer: item.answer.trim() || LIBRARY_PLACEHOLDERS.answer,
    grading_instructions: item.gradingInstructions.trim() || LIBRARY_PLACEHOLDERS.gradingInstructions,
    tags: [],
    question_type: item.questionType,
    topics: item.topics,
    source_document_id: item.sourceDocumentId,
    original_question_number: item.originalQuestionNumber,
  };
}

const quarter = (n: number) => Math.round(n * 4) / 4;

/** "2 marks each" sets every question; "20 marks" scales the marks in proportion, in steps of 0.25, to that total. */
export function scaleMarks(questions: GeneratedQuestion[], hints: Pick<PromptHints, 'totalMarks' | 'marksEach'>): GeneratedQuestion[] {
  if (questions.length === 0) return questions;
  if (hints.marksEach !== undefined) return questions.map((q) => ({ ...q, marks_possible: quarter(hints.marksEach!) }));
  if (hints.totalMarks === undefined) return questions;
  const current = questions.reduce((s, q) => s + q.marks_possible, 0);
  const scaled = questions.map((q) => ({
    ...q,
    marks_possible: current > 0 ? quarter((q.marks_possible * hints.totalMarks!) / current) : quarter(hints.totalMarks! / questions.length),
  }));
  const remainder = quarter(hints.totalMarks - scaled.reduce((s, q) => s + q.marks_possible, 0));
  const last = scaled[scaled.length - 1]!;
  last.marks_possible = Math.max(0, quarter(last.marks_possible + remainder));
  return scaled;
}
