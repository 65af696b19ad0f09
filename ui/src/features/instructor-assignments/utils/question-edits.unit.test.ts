import { describe, expect, it } from 'vitest';
import type { InstructorQuestion } from '@evergrade/contracts';
import { changedQuestions, draftOf, draftsError, marksError } from './question-edits';

const q = (id: number, extra: Partial<InstructorQuestion> = {}): InstructorQuestion => ({
  question_id: id,
  question_number: id,
  question: `Q${id}`,
  answer: `A${id}`,
  grading_instructions: '',
  marks_possible: 2,
  tags: ['algebra'],
  flagged_for_review: '',
  ...extra,
});

describe('changedQuestions', () => {
  it('sends only the questions whose fields differ, with the assignment id', () => {
    const originals = [q(1), q(2), q(3, { flagged_for_review: 'Check the answer' })];
    const drafts = originals.map(draftOf);
    expect(changedQuestions(originals, drafts, 9)).toEqual([]);
    drafts[1] = { ...drafts[1]!, marks_possible: 3.5, answer: 'x = 4' };
    drafts[2] = { ...drafts[2]!, flagged_for_review: '' };
    const bodies = changedQuestions(originals, drafts, 9);
    expect(bodies.map((b) => b.question_id)).toEqual([2, 3]);
    expect(bodies[0]).toMatchObject({ assignment_id: 9, marks_possible: 3.5, answer: 'x = 4', question: 'Q2', tags: ['algebra'] });
    expect(bodies[1]).toMatchObject({ flagged_for_review: '' });
    expect(bodies[0]).not.toHaveProperty('flagged_for_review');
  });
  it('leaves an unresolved flag out of the body (the server only takes a resolution)', () => {
    const originals = [q(1, { flagged_for_review: 'Check the answer' })];
    const [body] = changedQuestions(originals, [{ ...draftOf(originals[0]!), marks_possible: 4 }], 1);
    expect(body).toMatchObject({ marks_possible: 4 });
    expect(body).not.toHaveProperty('flagged_for_review');
  });
  it('treats an emptied editor (null) as empty text', () => {
    const originals = [q(1, { grading_instructions: '' })];
    expect(changedQuestions(originals, [{ ...draftOf(originals[0]!), grading_instructions: null }], 1)).toEqual([]);
    expect(changedQuestions(originals, [{ ...draftOf(originals[0]!), answer: null }], 1)[0]).toMatchObject({ answer: '' });
  });
  it('refuses a question without content or with bad marks', () => {
    expect(draftsError([draftOf(q(1)), { ...draftOf(q(2)), question: null }])).toBe('Question 2 needs some content');
    expect(draftsError([{ ...draftOf(q(1)), marks_possible: 0.3 }])).toBe('Question 1: Marks go in steps of 0.25');
    expect(draftsError([draftOf(q(1))])).toBeNull();
  });
  it('notices a tag change', () => {
    const originals = [q(1)];
    expect(changedQuestions(originals, [{ ...draftOf(q(1)), tags: ['algebra', 'linear'] }], 1)).toHaveLength(1);
  });
});

it('checks marks: 0 or more, steps of 0.25', () => {
  expect(marksError(0)).toBeNull();
  expect(marksError(2.75)).toBeNull();
  expect(marksError(-1)).toBe('Marks must be 0 or more');
  expect(marksError(1.1)).toBe('Marks go in steps of 0.25');
  expect(marksError(Number.NaN)).toBe('Marks must be a number');
});
