import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudentSummary } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { GradedSummary } from './graded-summary';

const summary = (extra: Partial<StudentSummary> = {}): StudentSummary => ({
  assignment_id: 12,
  title: 'Fractions',
  course: 'Mathematics',
  marks_obtained: 7.5,
  marks_total: 10,
  percent: 75,
  questions: [
    { question_id: 101, question_number: 1, marks_possible: 4, grade: 4, feedback: 'Correct and clearly set out.' },
    { question_id: 102, question_number: 2, marks_possible: 6, grade: 3.5, feedback: null },
  ],
  strengths: ['Question 1: 4/4 - Correct and clearly set out.'],
  to_work_on: ['Question 2: 3.5/6 - review this topic and try it again.'],
  summary: 'You scored 7.50 out of 10.00 (75.00%) on Fractions.',
  generator: 'offline',
  ...extra,
});

const show = (reply: { status?: number; body: unknown }) => {
  const api = mockApi({ 'POST /students/get-student-summary': () => reply });
  renderRoutes([{ path: '/', element: <GradedSummary assignmentId={12} /> }], '/');
  return api;
};

describe('GradedSummary', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the assignment and shows total with 2 decimals, the paragraph, strengths, what to work on and points per question', async () => {
    const { calls } = show({ body: summary() });
    expect(await screen.findByText('You scored 7.50 out of 10.00 (75.00%) on Fractions.')).toBeTruthy();
    expect(calls[0]).toMatchObject({ key: 'POST /students/get-student-summary', body: { assignment_id: 12 } });
    expect(screen.getByTestId('summary-total').textContent).toBe('7.50 / 10.00 · 75.00%');
    expect(screen.getByText('Question 1: 4/4 - Correct and clearly set out.')).toBeTruthy();
    expect(screen.getByText('Question 2: 3.5/6 - review this topic and try it again.')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['4 / 4', 'Correct and clearly set out.'],
      ['3.5 / 6', 'No feedback'],
    ]);
    expect(screen.getByText('Put together from your grades and feedback.')).toBeTruthy();
  });

  it('says when the AI wrote it, and shows the notice when the AI failed', async () => {
    show({ body: summary({ generator: 'ai', summary: 'A fine effort overall.' }) });
    expect(await screen.findByText('Written by the AI assistant from your grades and feedback.')).toBeTruthy();
    cleanup();
    show({
      body: summary({ notice: 'The AI summary was not available, so this summary was put together from your grades and feedback.' }),
    });
    expect(await screen.findByText(/The AI summary was not available/)).toBeTruthy();
  });

  it('offers to try again when the summary cannot be loaded', async () => {
    show({ status: 404, body: { message: 'Graded assignment not found' } });
    expect(await screen.findByText("We couldn't load the summary of your grades.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
