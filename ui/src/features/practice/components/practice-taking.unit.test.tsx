import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRACTICE_MESSAGES, type PracticeSheet } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { PracticeTaking } from './practice-taking';

Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const sheet = (over: Partial<PracticeSheet> = {}): PracticeSheet => ({
  practice_assignment_id: 5,
  title: 'Forces Practice',
  description: '',
  course: 'Physics',
  course_code: 'PHYS10',
  created_at: '2026-03-01T10:00:00.000Z',
  assigned: '2026-03-01T10:00:00.000Z',
  due: '2026-03-01T10:00:00.000Z',
  status: 'Available',
  question_count: 2,
  answered_count: 1,
  marks_total: 3,
  marks_obtained: null,
  creation_method: 'ai',
  submitted_at: null,
  checked_at: null,
  questions: [
    {
      question_id: 1,
      question_number: 1,
      question_content: 'Resultant force?',
      type: 'numerical',
      marks_possible: 2,
      options: null,
      response_content: '6 N',
      feedback: null,
      points_obtained: null,
      confident: null,
      answer: null,
    },
    {
      question_id: 2,
      question_number: 2,
      question_content: 'Unit of energy?',
      type: 'short_answer',
      marks_possible: 1,
      options: null,
      response_content: null,
      feedback: null,
      points_obtained: null,
      confident: null,
      answer: null,
    },
  ],
  ...over,
});

/** Stands in for the list page: shows which tab the URL asks it to open. */
function ListProbe() {
  const [params] = useSearchParams();
  return <p data-testid="list-tab">The list, tab {params.get('tab') ?? 'none'}</p>;
}

function renderPage(handlers: Parameters<typeof mockApi>[0]) {
  const api = mockApi(handlers);
  renderRoutes(
    [
      { path: '/student/assignments/practice/:id', element: <PracticeTaking practiceId={5} /> },
      { path: '/student/assignments', element: <ListProbe /> },
    ],
    '/student/assignments/practice/5',
  );
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('practice taking page', () => {
  it("shows the Practice badge, course, 'mark'/'marks' and Progress (done/total)", async () => {
    renderPage({ 'POST /students/get-practice-assignment-questions': () => ({ body: sheet() }) });
    expect(await screen.findByTestId('practice-badge')).toHaveProperty('textContent', 'Practice');
    expect(screen.getByText('Physics')).toBeTruthy();
    expect(screen.getByTestId('practice-marks-1').textContent).toBe('2 marks');
    expect(screen.getByTestId('practice-marks-2').textContent).toBe('1 mark');
    expect(screen.getByTestId('practice-progress').textContent).toBe('Progress (1/2)');
  });

  it('Check Answers with no answer says so and calls nothing', async () => {
    const api = renderPage({
      'POST /students/get-practice-assignment-questions': () => ({
        body: sheet({ questions: sheet().questions.map((q) => ({ ...q, response_content: null })) }),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Check Answers' }));
    expect(await screen.findByText(PRACTICE_MESSAGES.noAnswers)).toBeTruthy();
    expect(api.calls.some((c) => c.key.includes('check-practice-answers'))).toBe(false);
  });

  it('checks, shows feedback and points, and offers submission', async () => {
    let checked = false;
    const api = renderPage({
      'POST /students/get-practice-assignment-questions': () => ({
        body: checked
          ? sheet({
              checked_at: '2026-03-01T10:05:00.000Z',
              marks_obtained: 2,
              questions: sheet().questions.map((q) =>
                q.question_id === 1
                  ? { ...q, feedback: 'Correct: 6 N.', points_obtained: 2, confident: true }
                  : { ...q, feedback: 'No answer was given.', points_obtained: 0, confident: true },
              ),
            })
          : sheet(),
      }),
      'POST /students/check-practice-answers': () => {
        checked = true;
        return { body: { success: true, position: null, points_obtained: 2, points_possible: 3, results: [] } };
      },
      'POST /students/submit-practice-assignment': () => ({ body: { success: true, position: null } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Check Answers' }));
    expect(await screen.findByText(PRACTICE_MESSAGES.submitPrompt(1, 2))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue Practicing' }));
    expect((await screen.findByTestId('practice-feedback-1')).textContent).toContain('Correct: 6 N.');
    expect(screen.getByTestId('practice-marks-1').textContent).toBe('2 / 2 marks');
    fireEvent.click(screen.getByRole('button', { name: 'Check Answers' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(PRACTICE_MESSAGES.submitted)).toBeTruthy();
    expect(api.calls.filter((c) => c.key === 'POST /students/submit-practice-assignment')).toHaveLength(1);
    // Then the list, on its Practice tab (not Upcoming).
    expect((await screen.findByTestId('list-tab', {}, { timeout: 3000 })).textContent).toBe('The list, tab practice');
  });

  it('Reset asks first, then clears the answers with its message; a failure says so', async () => {
    let fail = false;
    renderPage({
      'POST /students/get-practice-assignment-questions': () => ({ body: sheet() }),
      'POST /students/reset-practice-assignment': () =>
        fail ? { status: 500, body: { message: 'boom' } } : { body: { success: true, position: null } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset' }));
    expect(screen.getByText(PRACTICE_MESSAGES.resetConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(PRACTICE_MESSAGES.resetDone)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('practice-progress').textContent).toBe('Progress (0/2)'), { timeout: 5000 });
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(PRACTICE_MESSAGES.resetFailed)).toBeTruthy();
  });

  it("a missing practice says 'Practice assignment not found'", async () => {
    renderPage({
      'POST /students/get-practice-assignment-questions': () => ({ status: 404, body: { message: 'Practice assignment not found' } }),
    });
    expect(await screen.findByText(PRACTICE_MESSAGES.notFound)).toBeTruthy();
  });
});
