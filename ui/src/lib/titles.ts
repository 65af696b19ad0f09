import { TITLES, VALIDATION_MESSAGES } from '@evergrade/contracts';

/** How students address an instructor: Ma'am (default), Sir, or Other with custom text. */
export const OTHER_TITLE = 'Other';
export const TITLE_CHOICES = [...TITLES, OTHER_TITLE];

export const preferredTitle = ({ title, customTitle }: { title: string; customTitle: string }) =>
  title === OTHER_TITLE ? customTitle.trim() : title;

export function titleIssue({ title, customTitle }: { title: string; customTitle: string }): string | null {
  if (!title) return VALIDATION_MESSAGES.title;
  if (title === OTHER_TITLE && !customTitle.trim()) return VALIDATION_MESSAGES.customTitle;
  return null;
}

/** Split a stored title back into the picker's choice and custom text. */
export const splitTitle = (stored: string) =>
  (TITLES as readonly string[]).includes(stored)
    ? { title: stored, customTitle: '' }
    : stored
      ? { title: OTHER_TITLE, customTitle: stored }
      : { title: TITLES[0] as string, customTitle: '' };
