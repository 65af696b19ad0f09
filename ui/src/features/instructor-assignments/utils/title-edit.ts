import { assignmentTitleError } from '@evergrade/contracts';

export type TitleDecision = { kind: 'cancel' } | { kind: 'invalid'; message: string } | { kind: 'save'; title: string };

/** Spec document 2 section 5: an empty or unchanged title cancels the edit; otherwise the creation rules apply. */
export function decideTitle(draft: string, current: string): TitleDecision {
  const title = draft.trim();
  if (title === '' || title === current.trim()) return { kind: 'cancel' };
  const message = assignmentTitleError(title);
  return message ? { kind: 'invalid', message } : { kind: 'save', title };
}
