import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentSheet, InstructorQuestion } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { InstructorAssignmentPage } from './assignments';

const question = (id: number, extra: Partial<InstructorQuestion> = {}): InstructorQuestion => ({
  question_id: id,
  question_number: id,
  question: `What is ${id} + ${id}?`,
  answer: String(2 * id),
  grading_instructions: 'Full marks for the number',
  marks_possible: 2,
  tags: [],
  flagged_for_review: '',
  ...extra,
});

/** A small in-memory server for the sheet and update-question. */
function server(questions: InstructorQuestion[]) {
  let saved = questions.map((q) => ({ ...q }));
  const sheet = (): AssignmentSheet => ({
    assignment_id: 7,
    title: 'Algebra Quiz',
    description: '',
    due_date: new Date(Date.now() + 86_400_000).toISOString(),
    course_code: 'MATH10',
    course_name: 'Mathematics',
    time_limit: null,
    student_submissions_allowed: true,
    questions: saved,
  });
  const api = mockApi({
    'POST /grader/previous-assignments': () => ({ body: [] }),
    'POST /grader/get-assignment-questions': () => ({ body: sheet() }),
    'POST /grader/update-question': (body) => {
      const b = body as InstructorQuestion;
      saved = saved.map((q) => (q.question_id === b.question_id ? { ...q, ...b } : q));
      return { body: { success: true, position: '9' } };
    },
  });
  renderRoutes(
    [{ path: '/instructor/assignments/:id', element: <InstructorAssignmentPage assignmentId={7} /> }],
    '/instructor/assignments/7',
  );
  return {
    ...api,
    updates: () => api.calls.filter((c) => c.key === 'POST /grader/update-question').map((c) => c.body as Record<string, unknown>),
  };
}

describe('Questions tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('edits marks and saves only the changed question', async () => {
    const { updates } = server([question(1), question(2)]);
    fireEvent.click(await screen.findByRole('button', { name: /Edit Assignment/ }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Marks for question 2' }), { target: { value: '3.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull());
    expect(updates()).toEqual([
      expect.objectContaining({ question_id: 2, assignment_id: 7, marks_possible: 3.5, answer: '4', question: 'What is 2 + 2?' }),
    ]);
    await waitFor(() => expect(within(screen.getByTestId('preview-question-2')).getByText('3.5 marks')).toBeTruthy());
    expect(screen.getByTestId('preview-total').textContent).toContain('5.5');
  });

  it('cancel restores the saved questions without a call', async () => {
    const { updates } = server([question(1)]);
    fireEvent.click(await screen.findByRole('button', { name: /Edit Assignment/ }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Marks for question 1' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(within(screen.getByTestId('preview-question-1')).getByText('2 marks')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Edit Assignment/ }));
    expect((screen.getByRole('spinbutton', { name: 'Marks for question 1' }) as HTMLInputElement).value).toBe('2');
    expect(updates()).toEqual([]);
  });

  it('marks a flag as resolved by clearing its text', async () => {
    const { updates } = server([question(1, { flagged_for_review: 'The answer key looks wrong' })]);
    expect(await screen.findByText('The answer key looks wrong')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Resolved' }));
    await waitFor(() => expect(screen.queryByText('The answer key looks wrong')).toBeNull());
    expect(updates()).toEqual([expect.objectContaining({ question_id: 1, flagged_for_review: '', answer: '2', marks_possible: 2 })]);
  });

  it('says so when there are no questions and offers no edit', async () => {
    server([]);
    expect(await screen.findByText('No questions available for this assignment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Edit Assignment/ })).toBeNull();
  });
});
