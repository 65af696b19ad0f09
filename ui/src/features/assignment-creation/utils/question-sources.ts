import { LIBRARY_PLACEHOLDERS, type GeneratedQuestion, type LibraryQuestion } from '@evergrade/contracts';
import { newQuestion, type DraftQuestion, type LibraryPick } from '../stores/draft-store';

/** A question from AI Express or a processed document, as a draft question. */
export const draftFromGenerated = (q: GeneratedQuestion & { flagged_for_review?: string | null }): DraftQuestion =>
  newQuestion({
    question: q.question,
    marks_possible: q.marks_possible,
    answer: q.answer || null,
    grading_instructions: q.grading_instructions || null,
    tags: q.tags,
    flagged_for_review: q.flagged_for_review ?? '',
    ...(q.question_type ? { question_type: q.question_type } : {}),
    ...(q.topics ? { topics: q.topics } : {}),
    source_document_id: q.source_document_id ?? null,
    original_question_number: q.original_question_number ?? null,
  });

/** A search result kept by Smart Builder (placeholders when the library has no answer or instructions). */
export const pickOf = (q: LibraryQuestion): LibraryPick => ({
  id: q.id,
  question: q.question || q.question_text,
  answer: q.answer.trim() || LIBRARY_PLACEHOLDERS.answer,
  grading_instructions: q.grading_instructions.trim() || LIBRARY_PLACEHOLDERS.gradingInstructions,
  marks_possible: q.marks_possible,
  question_type: q.question_type,
  topics: q.topics,
  source_document_id: q.source_document_id,
  original_question_number: q.original_question_number,
});

export const draftFromPick = (p: LibraryPick): DraftQuestion =>
  newQuestion({
    question: p.question,
    marks_possible: p.marks_possible,
    answer: p.answer,
    grading_instructions: p.grading_instructions,
    question_type: p.question_type,
    topics: p.topics,
    source_document_id: p.source_document_id,
    original_question_number: p.original_question_number,
  });

/** 'N questions selected • M marks total'. */
export const selectionSummary = (picked: readonly { marks_possible: number }[]) => {
  const marks = picked.reduce((s, p) => s + p.marks_possible, 0);
  return `${picked.length} questions selected • ${Math.round(marks * 100) / 100} marks total`;
};
