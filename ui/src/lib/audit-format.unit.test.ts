import { describe, expect, it } from 'vitest';
import { entryTitle, reasonOf } from './audit-format';

describe('a regrade request in a grade history', () => {
  it('is titled by what happened, and its why is the student’s reason or the reply without the outcome', () => {
    expect(entryTitle({ kind: 'RegradeRequested', actor_kind: 'system', actor: 'student', reason: 'My working shows 56.' })).toBe(
      'Regrade requested by the student',
    );
    expect(
      entryTitle({ kind: 'RegradeRequestResolved', actor_kind: 'instructor', actor: 'Grace Hopper', reason: 'accepted: Full marks.' }),
    ).toBe('Regrade request accepted by Grace Hopper');
    expect(reasonOf({ kind: 'RegradeRequested', reason: 'My working shows 56.' })).toEqual({
      label: "Student's reason",
      text: 'My working shows 56.',
    });
    expect(reasonOf({ kind: 'RegradeRequestResolved', reason: 'answered: See the key.' })).toEqual({
      label: 'Reply',
      text: 'See the key.',
    });
    expect(reasonOf({ kind: 'ResponseGraded', reason: 'Also accept: 6 newtons' })?.label).toBe('Regrade instructions');
    expect(reasonOf({ kind: 'ResponseMarkEdited', reason: null })).toBeNull();
  });
});
