import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type InstructorAssignment } from '@evergrade/contracts';
import { mockApi, renderRoutes, type Handler } from '../../../testing/render';
import { InstructorAssignmentList } from './instructor-assignment-list';

const DAY = 86_400_000;
const row = (id: number, dueOffset: number, extra: Partial<InstructorAssignment> = {}): InstructorAssignment => {
  const due = new Date(Date.now() + dueOffset).toISOString();
  return {
    assignment_id: id,
    title: `Quiz ${id}`,
    course: 'Mathematics',
    course_code: 'MATH10',
    course_name: 'Mathematics',
    subject: 'Mathematics',
    due_date: due,
    created_at: due,
    live_at: due,
    submissions: 0,
    average: null,
    question_count: 2,
    marks_total: 10,
    time_limit: null,
    student_submissions_allowed: true,
    creation_method: 'scratch',
    ...extra,
  };
};

const show = (list: InstructorAssignment[], extra: Record<string, Handler> = {}) => {
  const api = mockApi({ 'POST /grader/previous-assignments': () => ({ body: list }), ...extra });
  const view = renderRoutes(
    [
      { path: '/instructor/assignments', element: <InstructorAssignmentList /> },
      { path: '/instructor/assignments/:id', element: <p>Detail</p> },
    ],
    '/instructor/assignments',
  );
  return { ...api, ...view };
};

const titles = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('InstructorAssignmentList', () => {
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('splits Upcoming and Past, latest due first, with status, submissions and a two-decimal average', async () => {
    show([
      row(1, DAY),
      row(2, 3 * DAY),
      row(3, -DAY, { submissions: 4, average: 7.5 }),
      row(4, -2 * DAY, { submissions: 1 }),
      row(5, -3 * DAY),
    ]);
    await screen.findByText('Quiz 2');
    expect(titles()).toEqual(['Quiz 2', 'Quiz 1']);
    expect(screen.getByRole('link', { name: 'Quiz 2' }).getAttribute('href')).toBe('/instructor/assignments/2');
    expect(within(screen.getByTestId('instructor-assignment-1')).getByTestId('status-badge').textContent).toBe('In Progress');

    fireEvent.click(screen.getByRole('tab', { name: /Past/ }));
    expect(titles()).toEqual(['Quiz 3', 'Quiz 4', 'Quiz 5']);
    const graded = within(screen.getByTestId('instructor-assignment-3'));
    expect(graded.getByTestId('status-badge').textContent).toBe('Graded');
    expect(graded.getByTestId('submissions').textContent).toBe('4');
    expect(graded.getByTestId('average').textContent).toBe('7.50');
    expect(within(screen.getByTestId('instructor-assignment-4')).getByTestId('status-badge').textContent).toBe('Submitted');
    expect(within(screen.getByTestId('instructor-assignment-5')).getByTestId('status-badge').textContent).toBe('Incomplete');
  });

  it('shows the empty states', async () => {
    show([]);
    expect(await screen.findByText(MESSAGES.noAssignments)).toBeTruthy();
    expect(screen.getByRole('link', { name: /New Assignment/ }).getAttribute('href')).toBe('/instructor/assignments/new-assignment');
    cleanup();
    show([row(1, -DAY)]);
    expect(await screen.findByText(MESSAGES.noTabAssignments('Upcoming'))).toBeTruthy();
  });

  it('filters by status (exactly), subject and one due window, and clears them', async () => {
    // 'Today' means the same calendar day: at 22:00 a row due in two hours would fall on tomorrow, so the
    // clock (Date only; timers stay real) is set to a morning.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 15, 9, 0, 0));
    show([
      row(1, 2 * 3_600_000),
      row(2, 5 * DAY, { submissions: 2 }),
      row(3, 20 * DAY, { course: 'Physics', course_code: 'PHYS10', course_name: 'Physics', subject: 'Physics' }),
    ]);
    await screen.findByText('Quiz 1');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Submitted' }));
    expect(titles()).toEqual(['Quiz 2']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Progress' }));
    expect(titles()).toEqual(['Quiz 3', 'Quiz 2', 'Quiz 1']);
    fireEvent.click(screen.getByRole('radio', { name: 'This Week' }));
    expect(titles()).toEqual(['Quiz 2', 'Quiz 1']);
    fireEvent.click(screen.getByRole('radio', { name: 'Today' }));
    expect(titles()).toEqual(['Quiz 1']);
    expect((screen.getByRole('radio', { name: 'This Week' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: 'Physics' } });
    expect(await screen.findByText(MESSAGES.noMatches)).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('empty-state')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(titles()).toEqual(['Quiz 3', 'Quiz 2', 'Quiz 1']));
  });

  it('deletes after confirmation and keeps the row when cancelled', async () => {
    let list = [row(1, DAY), row(2, 2 * DAY, { title: 'Algebra Test' })];
    const { calls } = show([], {
      'POST /grader/previous-assignments': () => ({ body: list }),
      'POST /grader/delete-assignment': (body) => {
        list = list.filter((a) => a.assignment_id !== (body as { assignment_id: number }).assignment_id);
        return { body: { success: true, position: '1' } };
      },
    });
    await screen.findByText('Algebra Test');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Algebra Test' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete "Algebra Test"?')).toBeTruthy();
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.key === 'POST /grader/delete-assignment')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Algebra Test' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.find((c) => c.key === 'POST /grader/delete-assignment')?.body).toMatchObject({ assignment_id: 2 });
    expect(screen.queryByText('Algebra Test')).toBeNull();
    expect(screen.getByText('Quiz 1')).toBeTruthy();
  });

  it('keeps the row and says so when the delete fails', async () => {
    show([row(2, DAY, { title: 'Algebra Test' })], {
      'POST /grader/delete-assignment': () => ({ status: 500, body: { message: 'Internal error' } }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await screen.findByText('Algebra Test');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Algebra Test' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The assignment could not be deleted. Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Algebra Test' })).toBeTruthy();
  });
});
