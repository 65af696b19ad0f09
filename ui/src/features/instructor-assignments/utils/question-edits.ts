import type { InstructorQuestion, UpdateQuestionBody } from '@evergrade/contracts';

/** A question being edited: the editors hand back null for an empty field (spec: an empty editor is null). */
export type QuestionDraft = Omit<InstructorQuestion, 'question' | 'answer' | 'grading_instructions' | 'flagged_for_review'> & {
  question: string | null;
  answer: string | null;
  grading_instructions: string | null;
  flagged_for_review?: string | null;
};

export const draftOf = (q: InstructorQuestion): QuestionDraft => ({ ...q, tags: [...q.tags] });

const text = (v: string | null | undefined) => v ?? '';
const TEXT_FIELDS = ['question', 'answer', 'grading_instructions', 'flagged_for_review'] as const;
const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

export const isChanged = (original: InstructorQuestion, draft: QuestionDraft) =>
  TEXT_FIELDS.some((f) => text(original[f]) !== text(draft[f])) ||
  original.marks_possible !== draft.marks_possible ||
  !sameTags(original.tags, draft.tags);

/** The update-question bodies for the drafts that differ from the saved questions, in question order. */
export function changedQuestions(
  originals: readonly InstructorQuestion[],
  drafts: readonly QuestionDraft[],
  assignmentId: number,
): UpdateQuestionBody[] {
  const byId = new Map(drafts.map((d) => [d.question_id, d]));
  return originals.flatMap((q) => {
    const d = byId.get(q.question_id);
    if (!d || !isChanged(q, d)) return [];
    return [
      {
        question_id: q.question_id,
        assignment_id: assignmentId,
        question: text(d.question),
        answer: text(d.answer),
        grading_instructions: text(d.grading_instructions),
        marks_possible: d.marks_possible,
        tags: d.tags,
        // The server only takes '' here (a resolution); an unchanged flag is left out.
        ...(text(q.flagged_for_review) !== '' && text(d.flagged_for_review) === '' ? { flagged_for_review: '' } : {}),
      },
    ];
  });
}

/** The first problem that stops Save Changes, or null. */
export function draftsError(drafts: readonly QuestionDraft[]): string | null {
  for (const [i, d] of drafts.entries()) {
    if (text(d.question).trim() === '') return `Question ${i + 1} needs some content`;
    const marks = marksError(d.marks_possible);
    if (marks) return `Question ${i + 1}: ${marks}`;
  }
  return null;
}

/** Marks are a number from 0 with a step of 0.25 (spec document 2 sections 5 and 9). */
export function marksError(value: number): string | null {
  if (!Number.isFinite(value)) return 'Marks must be a number';
  if (value < 0) return 'Marks must be 0 or more';
  if (!Number.isInteger(value * 4)) return 'Marks go in steps of 0.25';
  return null;
}

/** The saved question as an update body (Mark as Resolved outside edit mode adds flagged_for_review ''). */
export const bodyOf = (q: InstructorQuestion, assignmentId: number): UpdateQuestionBody => ({
  question_id: q.question_id,
  assignment_id: assignmentId,
  question: q.question,
  answer: q.answer,
  grading_instructions: q.grading_instructions,
  marks_possible: q.marks_possible,
  tags: q.tags,
});
