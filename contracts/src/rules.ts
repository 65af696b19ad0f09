import type { AssignmentStatus } from './constants';

/** Locked: no editing, no upload, no submit (spec document 1, section 4). */
export function isAssignmentLocked(a: { due: string; status: AssignmentStatus }, now: Date): boolean {
  return a.status === 'Submitted' || a.status === 'Graded' || new Date(a.due).getTime() < now.getTime();
}

/** A question is complete when its answer has text. */
export function isAnswered(content: string | null | undefined): boolean {
  return (
    content != null &&
    content
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim().length > 0
  );
}

/** The tenant is the first label of the e-mail domain: teacher@demo.school belongs to 'demo'. */
export function tenantOfEmail(email: string): string | null {
  const domain = email.split('@')[1];
  const label = domain?.split('.')[0]?.toLowerCase();
  return label && /^[a-z0-9-]+$/.test(label) ? label : null;
}

export function gradePercent(obtained: number | null, total: number): number | null {
  return obtained == null || total <= 0 ? null : (obtained / total) * 100;
}
