/**
 * The graded submission view's rules (spec document 2 sections 3, 4, 5 and 9): a question's graded
 * state is false, then 'inProgress' while grading or regrading, then true (false again on error); a
 * submission is graded when it has questions and all are graded; a flag is unresolved when its text is
 * not empty and flag_resolved is not true; marks run from 0 to points_possible in steps of 0.25.
 */
export type GradedState = boolean | 'inProgress';

export type GradeableQuestion = {
  question_number: number;
  points_obtained: number;
  points_possible: number;
  graded: GradedState;
  flagged_for_review: string;
  flag_resolved: boolean;
};

export const MARKS_STEP = 0.25;
/** Spec section 9: a mark edit is saved 1 s after the last change. */
export const MARKS_DEBOUNCE_MS = 1000;

export const isUnresolvedFlag = (q: Pick<GradeableQuestion, 'flagged_for_review' | 'flag_resolved'>) =>
  q.flagged_for_review.trim() !== '' && q.flag_resolved !== true;

export const flagCount = (questions: readonly GradeableQuestion[]) => questions.filter(isUnresolvedFlag).length;

export const isSubmissionGraded = (questions: readonly GradeableQuestion[]) =>
  questions.length > 0 && questions.every((q) => q.graded === true);

export const anyInProgress = (questions: readonly GradeableQuestion[]) => questions.some((q) => q.graded === 'inProgress');

export function totals(questions: readonly GradeableQuestion[]): { obtained: number; possible: number; percent: number } {
  let obtained = 0;
  let possible = 0;
  for (const q of questions) {
    obtained += q.points_obtained;
    possible += q.points_possible;
  }
  return { obtained, possible, percent: possible > 0 ? Math.min(100, (obtained / possible) * 100) : 0 };
}

/** '7.5' for 7.5, '8' for 8: marks as the inputs show them (two decimals at most). */
export const formatMarks = (n: number) => String(Math.round(n * 100) / 100);

/** Questions `numbers` (all when left out) start grading; the others keep their state. */
export function startGrading<Q extends GradeableQuestion>(questions: readonly Q[], numbers?: readonly number[]): Q[] {
  return questions.map((q) => (!numbers || numbers.includes(q.question_number) ? { ...q, graded: 'inProgress' } : q));
}

/** A failed grading or regrade: what was in progress is ungraded again (spec section 8). */
export const revertInProgress = <Q extends GradeableQuestion>(questions: readonly Q[]): Q[] =>
  questions.map((q) => (q.graded === 'inProgress' ? { ...q, graded: false } : q));

export type MarksCheck = { ok: true; value: number } | { ok: false; message: string };

/** The marks typed for a question: a number from 0 to points_possible in steps of 0.25. */
export function checkMarks(input: string, possible: number): MarksCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Please enter the marks.' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: 'Marks must be a number.' };
  if (value < 0 || value > possible) return { ok: false, message: `Marks must be between 0 and ${formatMarks(possible)}.` };
  if (!Number.isInteger(value * 4)) return { ok: false, message: `Marks go in steps of ${MARKS_STEP}.` };
  return { ok: true, value };
}
