import { LIBRARY_PLACEHOLDERS, type GeneratedQuestion } from '@evergrade/contracts';
import { rankByRelevance } from '../rank';
import { RELEVANCE_THRESHOLD, indexLibrary, topicRelevance } from '../relevance';
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

/** What the offline generator made, and how well the library covered the topic. */
export type OfflineResult = {
  questions: GeneratedQuestion[];
  /** The topic as the prompt words it ("linear equations"), for messages. */
  topic: string;
  /** How many of the questions came from the library (all of them on the topic). */
  fromLibrary: number;
  /** The number of questions the prompt asked for, when it named one. */
  asked: number | undefined;
  /** Fewer questions than wanted: the library had no more on the topic, and nothing off it was added. */
  short: boolean;
};

/**
 * The offline generator: the reference documents' own questions first (the instructor's material), then library
 * questions on the topic (relevance at or above RELEVANCE_THRESHOLD, see relevance.ts), best first, preferring the
 * subject, grade and question types the prompt names; as many as it asks for, with the marks it asks for. When the
 * library has fewer on the topic it returns fewer (`short`), never questions off the topic.
 */
export function generateOffline(
  request: GenerationRequest,
  library: readonly LibraryItem[],
  references: readonly ReferenceQuestion[],
): OfflineResult {
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
  const { topic, items } = onTopic(request, hints, library);
  let fromLibrary = 0;
  for (const item of items) {
    if (count !== undefined ? picked.length >= count : enoughMarks(picked, hints)) break;
    picked.push(fromLibraryItem(item));
    fromLibrary++;
  }
  const scaled = scaleMarks(picked, hints).map((q, i) => withScaleNote(q, picked[i]!.marks_possible));
  return {
    questions: scaled.map((q, i) => ({ ...q, question_number: i + 1, tags: [...request.rubricTags] })),
    topic,
    fromLibrary,
    asked: hints.count,
    short: count !== undefined ? picked.length < count : !enoughMarks(picked, hints),
  };
}

/** Instructions that count marks were written for the library's marks: say when the question is now worth other. */
function withScaleNote(q: GeneratedQuestion, before: number): GeneratedQuestion {
  if (q.marks_possible === before || !/\bmarks?\b/i.test(q.grading_instructions)) return q;
  const note = `Written for ${before} ${before === 1 ? 'mark' : 'marks'}; this question is worth ${q.marks_possible}, so scale the marks above in proportion.`;
  return { ...q, grading_instructions: `${q.grading_instructions} ${note}` };
}

const enoughMarks = (picked: GeneratedQuestion[], hints: PromptHints) =>
  picked.length >= MAX_GENERATED_QUESTIONS || picked.reduce((s, q) => s + q.marks_possible, 0) >= (hints.totalMarks ?? 0);

/**
 * Library questions on the topic, best first: relevance decides what is on the topic; among those, the words of
 * the whole request (BM25), the subject chosen, the question types and the grade named order them.
 */
function onTopic(request: GenerationRequest, hints: PromptHints, library: readonly LibraryItem[]): { topic: string; items: LibraryItem[] } {
  const subjects = new Set([request.subject, ...request.textbooks.map((t) => t.subject)].filter(Boolean).map((s) => s.toLowerCase()));
  const context = [request.subject, request.title, request.description, ...request.textbooks.flatMap((t) => [t.title, t.subject])];
  const relevance = topicRelevance(indexLibrary(library), request.prompt, context.filter(Boolean).join(', '));
  const query = [request.prompt, request.title, request.description, ...request.textbooks.map((t) => t.title)].join(' ');
  const bm25 = rankByRelevance(library, query, (q) => [
    { text: q.questionText, weight: 1 },
    { text: q.topics.join(' '), weight: 2 },
  ]).map((r) => r.score);
  const best = Math.max(1e-9, ...bm25);
  const items = library
    .map((item, i) => {
      const score = relevance.scores[i]!;
      if (score < RELEVANCE_THRESHOLD) return null;
      let rank = score * 10 + (bm25[i]! / best) * 2;
      if (subjects.size > 0) rank += subjects.has(item.subject.toLowerCase()) ? 2 : -2;
      if (hints.questionTypes.length > 0) rank += hints.questionTypes.includes(item.questionType) ? 1.5 : -1;
      if (hints.grade !== undefined && item.grade) rank -= Math.abs(Number(item.grade) - hints.grade) * 0.5;
      return { item, rank };
    })
    .filter((x): x is { item: LibraryItem; rank: number } => x !== null)
    .sort((a, b) => b.rank - a.rank || a.item.questionId - b.item.questionId)
    .map((x) => x.item);
  return { topic: relevance.topic, items };
}

function fromLibraryItem(item: LibraryItem): GeneratedQuestion {
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

/**
 * "2 marks each" sets every question (to the nearest half mark); "20 marks" shares that total among the questions
 * in proportion to their marks, in whole marks when the total allows (a whole total, at least a mark a question),
 * else in half marks, adding up to the total exactly (largest remainders get the spare steps). A total below half
 * a mark a question keeps only as many questions as it can give half a mark each; a total that is not a whole
 * number of half marks is rounded to the nearest half.
 */
export function scaleMarks(questions: GeneratedQuestion[], hints: Pick<PromptHints, 'totalMarks' | 'marksEach'>): GeneratedQuestion[] {
  if (questions.length === 0) return questions;
  if (hints.marksEach !== undefined) {
    const each = Math.max(0.5, Math.round(hints.marksEach * 2) / 2);
    return questions.map((q) => ({ ...q, marks_possible: each }));
  }
  if (hints.totalMarks === undefined) return questions;
  const total = Math.round(hints.totalMarks * 2) / 2;
  const step = Number.isInteger(total) && total >= questions.length ? 1 : 0.5;
  const steps = Math.round(total / step);
  if (steps === 0) return questions.map((q) => ({ ...q, marks_possible: 0 }));
  const kept = questions.slice(0, steps);
  const weights = kept.map((q) => (q.marks_possible > 0 ? q.marks_possible : 1));
  const weightSum = weights.reduce((s, w) => s + w, 0);
  // Every question gets one step; the rest are shared in proportion, the spare ones to the largest remainders.
  const spare = steps - kept.length;
  const raw = weights.map((w) => (w / weightSum) * spare);
  const given = raw.map(Math.floor);
  const order = raw.map((r, i) => ({ i, rest: r - Math.floor(r) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let left = spare - given.reduce((s, g) => s + g, 0), k = 0; left > 0; left--, k++) given[order[k % order.length]!.i]!++;
  return kept.map((q, i) => ({ ...q, marks_possible: (given[i]! + 1) * step }));
}
