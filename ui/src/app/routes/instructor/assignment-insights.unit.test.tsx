import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentSheet } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { gradedQuestion, studentRecord } from '../../../features/grading/testing';
import { classSummary, row, stats } from '../../../features/insights/testing';
import { useSummaryModal } from '../../../stores/summary-modal';
import { InstructorAssignmentPage } from './assignments';

vi.mock('../../../components/echart/echart', () => ({
  EChart: ({ label, testId }: { label: string; testId?: string }) => <div role="img" aria-label={label} data-testid={testId} />,
}));

const sheet: AssignmentSheet = {
  assignment_id: 7,
  title: 'Algebra Quiz',
  description: '',
  due_date: new Date(Date.now() + 86_400_000).toISOString(),
  course_code: 'MATH10',
  course_name: 'Mathematics',
  time_limit: null,
  student_submissions_allowed: true,
  questions: [],
};

function show() {
  const ada = studentRecord(5, 'Ada Lovelace', [gradedQuestion(1, { graded: true, points_obtained: 2 })]);
  const api = mockApi({
    'POST /grader/previous-assignments': () => ({ body: [] }),
    'POST /grader/get-assignment-questions': () => ({ body: sheet }),
    'POST /grader/previous-questions-and-responses': () => ({ body: { '5': ada } }),
    'POST /grader/get-assignment-stats': () => ({ body: stats() }),
    'POST /grader/get-student-assignment-summary': () => ({ body: { students: [row(5, 'Ada Lovelace')], rubric_categories: ['General'] } }),
    'POST /grader/get-class-assignment-summary': () => ({ body: classSummary() }),
  });
  renderRoutes([{ path: '/a/:id', element: <InstructorAssignmentPage assignmentId={7} /> }], '/a/7');
  return api;
}

describe('the assignment page insights', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    act(() => useSummaryModal.getState().closeSummary());
  });

  it('the grading overview loads its statistics only once opened', async () => {
    const { calls } = show();
    const overview = (await screen.findByText('Grading overview')).closest('details')!;
    expect(calls.some((c) => c.key === 'POST /grader/get-assignment-stats')).toBe(false);
    overview.open = true;
    fireEvent(overview, new Event('toggle'));
    expect(await within(overview).findByTestId('overview-figures')).toBeTruthy();
    expect(await within(overview).findByRole('img', { name: 'Score distribution of 6 students' })).toBeTruthy();
  });

  it("the graded submission's Summary menu opens the modal on the tab picked, titled with the assignment", async () => {
    const { calls } = show();
    fireEvent.click(await screen.findByRole('button', { name: 'View Submissions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Summary' }));
    fireEvent.click(within(screen.getByTestId('summary-menu')).getByRole('button', { name: 'Classwide summary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Student insights' });
    expect(within(dialog).getByText('Algebra Quiz')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Classwide Summary' }).getAttribute('aria-selected')).toBe('true');
    expect(await within(dialog).findByTestId('performance-bars')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /grader/get-class-assignment-summary')!.body).toEqual({
      assignment_id: 7,
      course_code: 'MATH10',
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Summary' }));
    fireEvent.click(screen.getByRole('button', { name: 'Summary' }));
    fireEvent.click(within(screen.getByTestId('summary-menu')).getByRole('button', { name: 'Individual summary' }));
    const again = await screen.findByRole('dialog', { name: 'Student insights' });
    expect(within(again).getByRole('tab', { name: 'Individual Summary' }).getAttribute('aria-selected')).toBe('true');
    expect(await within(again).findByTestId('summary-row-5')).toBeTruthy();
  });
});
