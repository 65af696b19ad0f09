import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASSIGNMENT_TITLE_MESSAGES, type AssignmentSheet } from '@evergrade/contracts';
import { mockApi, renderRoutes, type Handler } from '../../../testing/render';
import { LOAD_FAILED } from '../../../features/instructor-assignments/components/assignment-detail';
import { InstructorAssignmentPage } from './assignments';

const sheet = (extra: Partial<AssignmentSheet> = {}): AssignmentSheet => ({
  assignment_id: 7,
  title: 'Algebra Quiz',
  description: '',
  due_date: new Date(Date.now() + 86_400_000).toISOString(),
  course_code: 'MATH10',
  course_name: 'Mathematics',
  time_limit: null,
  student_submissions_allowed: true,
  questions: [],
  ...extra,
});

function show(handlers: Record<string, Handler>) {
  const api = mockApi({ 'POST /grader/previous-assignments': () => ({ body: [] }), ...handlers });
  const view = renderRoutes(
    [
      { path: '/instructor/assignments', element: <p>The list</p> },
      { path: '/instructor/assignments/:id', element: <InstructorAssignmentPage assignmentId={7} /> },
    ],
    '/instructor/assignments/7',
  );
  return { ...api, ...view };
}

/** A server whose title changes with each rename. */
function renamingServer(status = 200) {
  let title = 'Algebra Quiz';
  return {
    'POST /grader/get-assignment-questions': () => ({ body: sheet({ title }) }),
    'POST /grader/rename-assignment': (body: unknown) => {
      const b = body as { new_title: string };
      if (status !== 200) return { status, body: { message: 'Assignment not found' } };
      title = b.new_title;
      return { body: { success: true, position: '5' } };
    },
  } satisfies Record<string, Handler>;
}

const startRename = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Rename assignment' }));
  return screen.getByRole('textbox', { name: 'Assignment title' });
};

describe('The assignment page rename', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves on Enter and shows the new title', async () => {
    const { calls } = show(renamingServer());
    const input = await startRename();
    fireEvent.change(input, { target: { value: 'Algebra Quiz Two' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('assignment-title').textContent).toBe('Algebra Quiz Two'));
    expect(calls.filter((c) => c.key === 'POST /grader/rename-assignment').map((c) => c.body)).toEqual([
      { assignment_id: 7, new_title: 'Algebra Quiz Two' },
    ]);
  });

  it('cancels on Esc, and when the title is unchanged or empty, without calling the server', async () => {
    const { calls } = show(renamingServer());
    let input = await startRename();
    fireEvent.change(input, { target: { value: 'Something else' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.getByTestId('assignment-title').textContent).toBe('Algebra Quiz');

    input = await startRename();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('assignment-title').textContent).toBe('Algebra Quiz');

    input = await startRename();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('assignment-title').textContent).toBe('Algebra Quiz');
    expect(calls.some((c) => c.key === 'POST /grader/rename-assignment')).toBe(false);
  });

  it('keeps editing with the rule that a new title breaks, and with a server refusal', async () => {
    show(renamingServer(404));
    const input = await startRename();
    fireEvent.change(input, { target: { value: '2nd quiz' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(ASSIGNMENT_TITLE_MESSAGES.startLetter);
    fireEvent.change(input, { target: { value: 'Quiz Two' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByRole('alert')).textContent).toBe('Assignment not found');
    expect(screen.getByRole('textbox', { name: 'Assignment title' })).toBeTruthy();
  });
});

describe('The assignment page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('alerts on a load failure and goes back on Close', async () => {
    show({ 'POST /grader/get-assignment-questions': () => ({ status: 404, body: { message: 'Assignment not found' } }) });
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(LOAD_FAILED)).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('toggles between questions and submissions, with their empty states', async () => {
    show({
      'POST /grader/get-assignment-questions': () => ({ body: sheet() }),
      'POST /grader/previous-questions-and-responses': () => ({ body: {} }),
    });
    expect(await screen.findByText('No questions available for this assignment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View Submissions' }));
    expect(await screen.findByText('No submissions yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Upload Submissions/ }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'View Questions' }));
    expect(screen.getByText('No questions available for this assignment.')).toBeTruthy();
  });
});
