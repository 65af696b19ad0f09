import { isStrongPassword, isValidName, VALIDATION_MESSAGES as V } from '@evergrade/contracts';
import { titleIssue } from '../../../lib/titles';

export type PasswordPair = { password: string; confirm: string };
export type InstructorDetails = PasswordPair & { firstName: string; lastName: string; title: string; customTitle: string };
export type StudentDetails = PasswordPair & { firstName: string; lastName: string; grade: string };

/** What still stands between the user and a valid password (spec messages). */
export function passwordIssues({ password, confirm }: PasswordPair): string[] {
  const issues: string[] = [];
  if (!isStrongPassword(password)) issues.push(V.passwordRules);
  if (!confirm || password !== confirm) issues.push(V.passwordsDoNotMatch);
  return issues;
}

const nameIssues = (first: string, last: string): string[] => (isValidName(first) && isValidName(last) ? [] : [V.signupName]);

export function instructorIssues(d: InstructorDetails): string[] {
  const issues = nameIssues(d.firstName, d.lastName);
  const title = titleIssue(d);
  if (title) issues.push(title);
  return [...issues, ...passwordIssues(d)];
}

export function studentIssues(d: StudentDetails): string[] {
  const grade = Number(d.grade);
  const issues = nameIssues(d.firstName, d.lastName);
  if (!Number.isInteger(grade) || grade < 6 || grade > 12) issues.push(V.grade);
  return [...issues, ...passwordIssues(d)];
}
