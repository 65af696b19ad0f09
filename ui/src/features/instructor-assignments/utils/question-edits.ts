import type { InstructorQuestion, UpdateQuestionBody } from '@evergrade/contracts';

/** The editable part of a question. */
export type QuestionDraft = Pick<InstructorQuestion, 'question_id' | 'question' | 'answer' | 'grading_instructions' | 'marks_possible' | 'tags' | 'flagged_for_review'>;

const FIELDS = ['question', 'answer', 'grading_instructions', 'marks_possible', 'flagged_for_review'] as const;

export function draftOf(q: InstructorQuestion): QuestionDraft {
  return { question_id: q.question_id, question: q.question, answer: q.answer, grading_instructions: q.grading_instructions, marks_possible: q.marks_possible, tags: [...q.tags], flagged_for_review: q.flagged_for_review };
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

export const isChanged = (original: QuestionDraft, draft: QuestionDraft) =>
  FIELDS.some((f) => original[f] !== draft[f]) || !sameTags(original.tags, draft.tags);

/** The update-question bodies for the drafts that differ from the saved questions, in question order. */
export function changedQuestions(originals: readonly InstructorQuestion[], drafts: readonly QuestionDraft[], assignmentId: number): UpdateQuestionBody[] {
  const byId = new Map(drafts.map((d) => [d.question_id, d]));
  return originals.flatMap((q) => {
    const d = byId.get(q.question_id);
    if (!d || !isChanged(draftOf(q), d)) return [];
    return [{
      question_id: q.question_id,
      assignment_id: assignmentId,
      question: d.question,
      answer: d.answer,
      grading_instructions: d.grading_instructions,
      marks_possible: d.marks_possible,
      tags: d.tags,
      flagged_for_review: d.flagged_for_review,
    }];
  });
}

/** Marks are a number from 0 with a step of 0.25 (spec document 2 sections 5 and 9). */
export function marksError(value: number): string | null {
  if (!Number.isFinite(value)) return 'Marks must be a number';
  if (value < 0) return 'Marks must be 0 or more';
  if (!Number.isInteger(value * 4)) return 'Marks go in steps of 0.25';
  return null;
}
