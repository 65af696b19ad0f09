import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, richTextToPlainText, type AssignmentQuestion, type StudentAssignment } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { preloadRichText } from '../../../components/editor';
import { editorText, replaceText } from '../../../components/editor/testing';
import { questionsQueryKey } from '../api/get-assignment-questions';
import { AssignmentView } from './assignment-view';

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const assignment = (extra: Partial<StudentAssignment> = {}): StudentAssignment => ({
  assignment_id: 12,
  title: 'Fractions',
  course: 'Mathematics',
  course_code: 'MATH7',
  assigned: '2026-01-01T00:00:00Z',
  due: future,
  due_date: future,
  status: 'Incomplete',
  marks_total: 5,
  marks_obtained: null,
  time_limit: null,
  timed: false,
  question_count: 2,
  ...extra,
});
const question = (id: number, n: number, response: string | null): AssignmentQuestion => ({
  question_id: id,
  question_number: n,
  question_content: `<p>What is ${n}/2?</p><script>alert(1)</script>`,
  marks_possible: n === 1 ? 1 : 4,
  grade: null,
  graded: false,
  feedback: null,
  response_content: response,
});

/** The fake clock's time at each save request. */
const savedAt: number[] = [];

function renderView(list: StudentAssignment, questions: AssignmentQuestion[]) {
  savedAt.length = 0;
  const api = mockApi({
    'GET /students/get-assignments': () => ({ body: { 12: list } }),
    'POST /students/get-assignment-questions': () => ({ body: { questions } }),
    'POST /students/set-assignment-response': () => {
      savedAt.push(Date.now());
      return { body: { success: true, position: '10' } };
    },
    'POST /students/submit-assignment': () => ({ body: { success: true, position: '11' } }),
  });
  const view = renderRoutes(
    [
      { path: '/student/assignments/:id', element: <AssignmentView assignmentId={12} /> },
      { path: '/student/assignments', element: <p>The list</p> },
    ],
    '/student/assignments/12',
  );
  return { ...api, ...view };
}

// jsdom has no layout: lexical asks where the caret is to scroll it into view.
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const plain = (content: unknown) => richTextToPlainText(content as string);

describe('AssignmentView', () => {
  // The editor's lazy chunk is loaded before the tests, and every wait on state may take up to 10 s: on a busy
  // machine mounting the editors alone can outlast the default 1 s, and a passing test never waits that long.
  beforeAll(() => {
    configure({ asyncUtilTimeout: 10_000 });
    return preloadRichText();
  });
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('autosaves 2 s after typing, shows the status cycle and keeps typed text over a stale refetch', async () => {
    const { calls, client } = renderView(assignment(), [question(101, 1, null), question(102, 2, 'half')]);
    const box = await screen.findByRole('textbox', { name: 'Answer to question 1' });
    expect(screen.getByTestId('progress').textContent).toBe('1/2 answered');
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('What is 1/2?').tagName).toBe('P');
    // the answer saved before the editor existed is plain text, loaded as a paragraph
    expect(editorText(screen.getByRole('textbox', { name: 'Answer to question 2' }))).toBe('half');

    act(() => replaceText(box, '0.5'));
    // the editor emits 50 ms after the last edit; waited on as state, so a busy machine cannot make it flaky
    await waitFor(() => expect(screen.getByTestId('progress').textContent).toBe('2/2 answered'));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(screen.getByTestId('save-status-101').textContent).toBe('Saved'));
    const saves = calls.filter((c) => c.key.includes('set-assignment-response'));
    expect(saves).toHaveLength(1);
    const save = saves[0]!;
    // sent 2 s after the edit, by the fake clock (client_saved_at is the edit's time), however slow the machine
    expect(savedAt[0]! - Date.parse((save.body as { client_saved_at: string }).client_saved_at)).toBeGreaterThanOrEqual(2000);
    expect(save.body).toMatchObject({ assignment_id: 12, question_id: 101, question_number: 1 });
    expect(plain((save.body as { response_content: string }).response_content)).toBe('0.5');
    expect(String((save.body as { command_id: string }).command_id)).toMatch(/^[0-9a-f-]{36}$/);

    // a refetch that still carries the old answer must not replace what the student typed
    act(() => client.setQueryData(questionsQueryKey(12), [question(101, 1, '0.'), question(102, 2, 'half')]));
    await act(() => vi.advanceTimersByTimeAsync(10)); // react-query notifies on a timer
    expect(client.getQueryData(questionsQueryKey(12))).toMatchObject([{ response_content: '0.' }, {}]);
    expect(editorText(screen.getByRole('textbox', { name: 'Answer to question 1' }))).toBe('0.5');

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByTestId('save-status-101').textContent).toBe('');
  });

  it('asks about incomplete questions, then submits the answers and returns to the list', async () => {
    const { calls } = renderView(assignment(), [question(101, 1, null), question(102, 2, 'half')]);
    const box = await screen.findByRole('textbox', { name: 'Answer to question 2' });
    act(() => replaceText(box, 'one half'));
    await act(() => vi.advanceTimersByTimeAsync(50));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(MESSAGES.incompleteQuestions(1));
    // the pending edit was force-saved before asking
    const forced = calls.find((c) => c.key.includes('set-assignment-response'))?.body as { question_id: number; response_content: string };
    expect(forced.question_id).toBe(102);
    expect(plain(forced.response_content)).toBe('one half');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByText('The list');
    expect(screen.getByText(MESSAGES.submitted)).toBeTruthy();
    const submitted = calls.find((c) => c.key.includes('submit-assignment'))?.body as {
      assignment_id: number;
      responses: Record<string, string | null>;
    };
    expect(submitted.assignment_id).toBe(12);
    expect(submitted.responses['101']).toBeNull();
    expect(plain(submitted.responses['102'])).toBe('one half');
  });

  it('locks a graded assignment: read-only answers, Submit disabled with the tooltip, feedback shown', async () => {
    const graded = { ...question(101, 1, 'x'), graded: true, grade: 1, feedback: 'Well done' };
    renderView(assignment({ status: 'Graded', marks_obtained: 1 }), [graded]);
    const box = await screen.findByRole('textbox', { name: 'Answer to question 1' });
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(box.getAttribute('aria-readonly')).toBe('true');
    expect(editorText(box)).toBe('x');
    expect(screen.queryByRole('toolbar')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    expect(submit.getAttribute('title')).toBe(MESSAGES.lockedTooltip);
    expect(screen.getByText('Well done')).toBeTruthy();
  });

  it('shows the load failure with Close when the assignment does not exist', async () => {
    mockApi({
      'GET /students/get-assignments': () => ({ body: {} }),
      'POST /students/get-assignment-questions': () => ({ status: 404, body: { message: MESSAGES.assignmentNotFound } }),
    });
    renderRoutes(
      [
        { path: '/student/assignments/:id', element: <AssignmentView assignmentId={12} /> },
        { path: '/student/assignments', element: <p>The list</p> },
      ],
      '/student/assignments/12',
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(MESSAGES.loadFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await screen.findByText('The list');
  });
});
