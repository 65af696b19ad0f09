import { timeLimitValid, type TimeLimitValue } from '../../../components/assignment-preview/time-limit';
import { isRichTextEmpty } from '@evergrade/contracts';

export const CREATE_LABELS = {
  create: 'Create Assignment',
  creating: 'Creating...',
  success: 'Success! Redirecting...',
  flagged: 'Resolve Issues First',
  chooseTimeLimit: 'Select Time Limit Option',
  invalidTimeLimit: 'Set Valid Time Limit',
} as const;

export const SCRATCH_MESSAGES = {
  none: 'Please add at least one question before previewing.',
  empty: (n: number) => `Question ${n} is empty. Please add content before previewing.`,
} as const;

export type CreatePhase = 'idle' | 'creating' | 'success';

type CreateState = {
  phase: CreatePhase;
  flaggedCount: number;
  submissionsAllowed: boolean;
  timeLimit: TimeLimitValue;
};

/** The Create button's label (spec document 3 section 2); it is enabled only on 'Create Assignment'. */
export function createButtonLabel(s: CreateState): string {
  if (s.phase === 'creating') return CREATE_LABELS.creating;
  if (s.phase === 'success') return CREATE_LABELS.success;
  if (s.flaggedCount > 0) return CREATE_LABELS.flagged;
  if (s.submissionsAllowed && s.timeLimit.mode === null) return CREATE_LABELS.chooseTimeLimit;
  if (s.submissionsAllowed && !timeLimitValid(s.timeLimit)) return CREATE_LABELS.invalidTimeLimit;
  return CREATE_LABELS.create;
}

export const canCreate = (s: CreateState) => createButtonLabel(s) === CREATE_LABELS.create;

/** Scratch 'Preview Assignment': the first blocking alert, or null. */
export function scratchPreviewAlert(questions: { question: string | null }[]): string | null {
  if (questions.length === 0) return SCRATCH_MESSAGES.none;
  const empty = questions.findIndex((q) => isRichTextEmpty(q.question));
  return empty >= 0 ? SCRATCH_MESSAGES.empty(empty + 1) : null;
}

export const isFlagged = (q: { flagged_for_review?: string | null }) => (q.flagged_for_review ?? '').trim() !== '';
