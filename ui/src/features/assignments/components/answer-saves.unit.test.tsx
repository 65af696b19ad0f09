import 'fake-indexeddb/auto';
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, MESSAGES, richTextToPlainText, type AssignmentQuestion, type StudentAssignment } from '@evergrade/contracts';
import { useSessionStore } from '../../../stores/session';
import { mockApi, renderRoutes, type Handler } from '../../../testing/render';
import { preloadRichText } from '../../../components/editor';
import { editorText, replaceText } from '../../../components/editor/testing';
import { useConnection } from '../stores/connection';
import { saveQueue } from '../utils/save-queue';
import { AssignmentView } from './assignment-view';

/** What the answering screen does with a save the server refuses, cannot apply yet, or never gets to answer. */
const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
let nextAssignment = 100;
const assignment = (id: number): StudentAssignment => ({
  assignment_id: id,
  title: 'Fractions',
  course: 'Mathematics',
  course_code: 'MATH7',
  assigned: '2026-01-01T00:00:00Z',
  due: future,
  due_date: future,
  status: 'In Progress',
  marks_total: 2,
  marks_obtained: null,
  time_limit: null,
  timed: false,
  question_count: 2,
});
const question = (id: number, n: number, response: string | null): AssignmentQuestion => ({
  question_id: id,
  question_number: n,
  question_content: `Question ${n}`,
  marks_possible: 1,
  grade: null,
  graded: false,
  feedback: null,
  response_content: response,
});
const STUDENT = 5;
type SaveBody = { question_id: number; response_content: string | null; command_id: string; client_saved_at: string };

function renderView(save: Handler) {
  const id = ++nextAssignment; // the device queue lives in one IndexedDB for the file: one assignment per test
  const api = mockApi({
    'GET /students/get-assignments': () => ({ body: { [id]: assignment(id) } }),
    'POST /students/get-assignment-questions': () => ({ body: { questions: [question(101, 1, 'first saved'), question(102, 2, null)] } }),
    'POST /students/set-assignment-response': save,
    'POST /students/submit-assignment': () => ({ body: { success: true, position: '11' } }),
  });
  renderRoutes(
    [
      { path: '/student/assignments/:id', element: <AssignmentView assignmentId={id} /> },
      { path: '/student/assignments', element: <p>The list</p> },
    ],
    `/student/assignments/${id}`,
  );
  const saves = () => api.calls.filter((c) => c.key.includes('set-assignment-response')).map((c) => c.body as SaveBody);
  return { ...api, id, saves };
}

Range.prototype.getBoundingClientRect ??= () => new DOMRect();
const plain = (content: string | null) => richTextToPlainText(content ?? '');
const answerBox = (n: number) => screen.findByRole('textbox', { name: `Answer to question ${n}` });

async function type(n: number, text: string) {
  const box = await answerBox(n);
  act(() => replaceText(box, text));
  await waitFor(() => expect(screen.getByTestId('progress').textContent).toBe('2/2 answered'));
  return box;
}

describe('answer saves that do not simply succeed', () => {
  // The editor's lazy chunk is loaded before the tests, and every wait on state may take up to 10 s: on a busy
  // machine mounting the editors alone can outlast the default 1 s, and a passing test never waits that long.
  beforeAll(() => {
    configure({ asyncUtilTimeout: 10_000 });
    return preloadRichText();
  });
  beforeEach(() => {
    // fake-indexeddb answers on setImmediate: left real, so the device queue works under the fake clock
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    useSessionStore.getState().setStudent({ studentId: STUDENT, email: 'student@demo.school' });
    document.cookie = `${CSRF_COOKIE}=csrf-123`;
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    useSessionStore.getState().clearAll();
    useConnection.setState({ online: true, lost: false });
  });

  it('a refused save keeps the text in the box and on the device, says why, is not retried, and does not block Submit', async () => {
    const refusal = 'Answers cannot contain the character U+0000';
    const { saves, calls, id } = renderView(() => ({ status: 400, body: { message: refusal, field: 'response_content' } }));
    const box = await type(2, 'x = 1/2');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const shown = await screen.findByTestId('save-refused-102');
    expect(shown.textContent).toContain(refusal);
    expect(shown.textContent).toContain(MESSAGES.refusedKept);
    expect(editorText(box)).toBe('x = 1/2');
    const kept = await saveQueue().pending(STUDENT, id);
    expect(kept.map((s) => [s.questionId, plain(s.content), s.refused])).toEqual([[102, 'x = 1/2', refusal]]);

    // no retry loop: a minute later it was still sent once
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(saves()).toHaveLength(1);

    // Submit explains, and on "Submit anyway" sends the last saved answer (none) for the refused question
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(`Question 2: ${refusal}`);
    expect(dialog.textContent).toContain(MESSAGES.refusedBeforeSubmit(1));
    expect(saves()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Submit anyway' }));
    // question 2 is then unanswered: the usual question about incomplete work follows
    await screen.findByText(MESSAGES.incompleteQuestions(1));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByText('The list');
    const submitted = calls.find((c) => c.key.includes('submit-assignment'))!.body as { responses: Record<string, string | null> };
    expect(submitted.responses).toEqual({ 101: 'first saved', 102: null });
  });

  it('changing a refused answer saves it again, and the message goes', async () => {
    let refuse = true;
    const { saves } = renderView(() =>
      refuse ? { status: 400, body: { message: 'Not storable' } } : { body: { success: true, position: '12' } },
    );
    const box = await type(2, 'bad');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await screen.findByTestId('save-refused-102');
    refuse = false;
    act(() => replaceText(box, 'good'));
    await act(() => vi.advanceTimersByTimeAsync(2100));
    await waitFor(() => expect(screen.getByTestId('save-status-102').textContent).toBe('Saved'));
    expect(screen.queryByTestId('save-refused-102')).toBeNull();
    expect(saves().map((s) => plain(s.response_content))).toEqual(['bad', 'good']);
  });

  it('a 409 conflict never drops the edit: the same edit is sent again until it is applied', async () => {
    let conflicts = 2;
    const { saves, id } = renderView(() =>
      conflicts-- > 0 ? { status: 409, body: { message: MESSAGES.conflict } } : { body: { success: true, position: '12' } },
    );
    await type(2, 'three quarters');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await act(() => vi.advanceTimersByTimeAsync(1000)); // the retries' back-off
    await waitFor(() => expect(screen.getByTestId('save-status-102').textContent).toBe('Saved'));
    const sent = saves();
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((s) => s.command_id)).size).toBe(1);
    expect(new Set(sent.map((s) => s.client_saved_at)).size).toBe(1);
    expect(plain(sent[2]!.response_content)).toBe('three quarters');
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    await waitFor(async () => expect(await saveQueue().pending(STUDENT, id)).toEqual([]));
  });

  it('a 409 that outlasts the retries keeps the edit on the device and the queue sends it later', async () => {
    let conflicts = 6;
    const { saves, id } = renderView(() =>
      conflicts-- > 0 ? { status: 409, body: { message: MESSAGES.conflict } } : { body: { success: true, position: '12' } },
    );
    await type(2, 'kept through conflicts');
    await act(() => vi.advanceTimersByTimeAsync(2000 + 250 + 500 + 1000));
    await waitFor(() => expect(screen.getByTestId('save-status-102').textContent).toBe('Saved on this device'));
    expect((await saveQueue().pending(STUDENT, id)).map((s) => plain(s.content))).toEqual(['kept through conflicts']);
    await act(() => vi.advanceTimersByTimeAsync(20_000)); // the queue's 5 s retries: two more conflicts, then applied
    await waitFor(async () => expect(await saveQueue().pending(STUDENT, id)).toEqual([]));
    expect(saves().length).toBeGreaterThanOrEqual(6);
    expect(new Set(saves().map((s) => s.command_id)).size).toBe(1);
  });

  it('every edit is on the device at once, and leaving the page sends it with keepalive and the CSRF header', async () => {
    const { fetchMock, id } = renderView(() => ({ body: { success: true, position: '12' } }));
    await type(2, 'typed just before closing');
    // on the device before any autosave
    await waitFor(async () =>
      expect((await saveQueue().pending(STUDENT, id)).map((s) => plain(s.content))).toEqual(['typed just before closing']),
    );
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/students/set-assignment-response'));
    expect(sent).toHaveLength(1);
    const init = sent[0]![1] as RequestInit & { headers: Record<string, string> };
    expect(init.keepalive).toBe(true);
    expect(init.headers['X-CSRF-TOKEN']).toBe('csrf-123');
    expect(init.credentials).toBe('include');
    expect(plain((JSON.parse(String(init.body)) as SaveBody).response_content)).toBe('typed just before closing');
  });

  it('says the untimed offline message (no timer) when the browser goes offline', async () => {
    renderView(() => ({ body: { success: true, position: '12' } }));
    await answerBox(1);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect((await screen.findByTestId('connection-banner')).textContent).toBe(MESSAGES.offlineUntimed);
  });
});
