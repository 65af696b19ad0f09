import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, TIMER_MESSAGES, type AssignmentQuestion, type StudentAssignment, type TimedSessionState } from '@evergrade/contracts';
import { mockApi, renderRoutes, type Handler } from '../../../testing/render';
import { useConnection } from '../stores/connection';
import { AssignmentView } from './assignment-view';

const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const assignment: StudentAssignment = {
  assignment_id: 12,
  title: 'Timed Fractions',
  course: 'Mathematics',
  course_code: 'MATH7',
  assigned: '2026-01-01T00:00:00Z',
  due: future,
  due_date: future,
  status: 'In Progress',
  marks_total: 5,
  marks_obtained: null,
  time_limit: 120,
  timed: true,
  question_count: 1,
};
const questions: AssignmentQuestion[] = [
  {
    question_id: 71,
    question_number: 1,
    question_content: 'What is 1/2 + 1/4?',
    marks_possible: 5,
    grade: null,
    graded: false,
    feedback: null,
    response_content: null,
  },
];
const session = (remaining: number, extra: Partial<TimedSessionState> = {}): TimedSessionState => ({
  is_active: remaining > 0,
  is_submitted: false,
  time_remaining_seconds: remaining,
  session_started_at: new Date().toISOString(),
  started_at: new Date().toISOString(),
  time_limit_seconds: 120,
  deadline: new Date(Date.now() + remaining * 1000).toISOString(),
  extra_seconds: 0,
  submission_method: null,
  server_time: new Date().toISOString(),
  position: '5',
  ...extra,
});

function renderTimed(handlers: Record<string, Handler>) {
  const api = mockApi({
    'GET /students/get-assignments': () => ({ body: { 12: assignment } }),
    'POST /students/get-assignment-questions': () => ({ body: { questions } }),
    'POST /students/set-assignment-response': () => ({ body: { success: true, position: '10' } }),
    ...handlers,
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useConnection.setState({ online: true, lost: false });
});

describe('a timed assignment', () => {
  // mounting the view can outlast the default 1 s on a busy machine: every wait on state may take up to 10 s
  beforeAll(() => {
    configure({ asyncUtilTimeout: 10_000 });
  });
  it('asks before starting, without loading the questions; Start begins the countdown', async () => {
    const { calls } = renderTimed({
      'GET /sessions/current/12': () => ({ status: 404, body: { message: 'No timed session found' } }),
      'POST /sessions/start/12': () => ({ body: session(120) }),
    });
    expect(await screen.findByText(TIMER_MESSAGES.startsImmediately)).toBeTruthy();
    expect(screen.getByTestId('timed-start').textContent).toMatch(/2 minutes.*1.*5/);
    expect(calls.some((c) => c.key === 'POST /students/get-assignment-questions')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect((await screen.findByTestId('timer-clock')).textContent).toMatch(/^0[12]:[0-5]\d$/);
    expect(screen.getByTestId('timer-status').textContent).toBe('Running Low');
    expect(calls.some((c) => c.key === 'POST /students/get-assignment-questions')).toBe(true);
    expect(screen.queryByText(TIMER_MESSAGES.restored)).toBeNull();
  });

  it("loads the running session when the start answers 'Session already active'", async () => {
    let current = 0;
    renderTimed({
      'GET /sessions/current/12': () => (current++ === 0 ? { status: 404, body: { message: 'none' } } : { body: session(1500) }),
      'POST /sessions/start/12': () => ({ status: 400, body: { error: 'Session already active', message: 'Session already active' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect((await screen.findByTestId('timer-clock')).textContent).toMatch(/^2[45]:\d\d$/);
    expect(screen.getByTestId('timer-status').textContent).toBe('Active');
  });

  it('tells the student when the start fails', async () => {
    renderTimed({
      'GET /sessions/current/12': () => ({ status: 404, body: { message: 'none' } }),
      'POST /sessions/start/12': () => ({ status: 500, body: { message: 'boom' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText(TIMER_MESSAGES.startFailed)).toBeTruthy();
  });

  it('resumes with the restored banner, warns at 30 s with a critical banner that stays, shows Connection Lost offline', async () => {
    renderTimed({ 'GET /sessions/current/12': () => ({ body: session(31) }) });
    expect(await screen.findByText(TIMER_MESSAGES.restored)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('timer-banner').textContent).toContain('30 seconds remaining'), { timeout: 3000 });
    expect(screen.getByTestId('timer-panel').getAttribute('data-state')).toBe('critical');
    expect(screen.getByTestId('timer-status').textContent).toBe('Time Almost Up');
    fireEvent(window, new Event('offline'));
    expect(await screen.findByText(MESSAGES.offline)).toBeTruthy();
    expect(screen.getByTestId('timer-panel').getAttribute('data-state')).toBe('offline');
    expect(screen.getByTestId('timer-status').textContent).toBe(TIMER_MESSAGES.connectionLostLabel);
    fireEvent(window, new Event('online'));
    await waitFor(() => expect(screen.queryByText(MESSAGES.offline)).toBeNull());
  });

  it('at expiry shows the critical banner, force-saves, auto-submits with the full limit and goes to the list', async () => {
    const { calls } = renderTimed({
      'GET /sessions/current/12': () => ({ body: session(2) }),
      'POST /sessions/submit/12': () => ({
        body: session(0, { is_active: false, is_submitted: true, submission_method: 'auto_time_limit' }),
      }),
    });
    expect(await screen.findByText(TIMER_MESSAGES.autoSubmitted, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(TIMER_MESSAGES.timeUp)).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /sessions/submit/12')?.body).toEqual({
      submission_method: 'auto_time_limit',
      time_used_seconds: 120,
    });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('says so when the automatic submission fails', async () => {
    renderTimed({
      'GET /sessions/current/12': () => ({ body: session(1) }),
      'POST /sessions/submit/12': () => ({ status: 500, body: { message: 'down' } }),
    });
    expect(await screen.findByText(TIMER_MESSAGES.autoSubmitFailed, {}, { timeout: 5000 })).toBeTruthy();
  });

  it('sends a heartbeat when the tab is visible again; its reply corrects the clock, its failure says the connection is lost', async () => {
    let beats = 0;
    const { calls } = renderTimed({
      'GET /sessions/current/12': () => ({ body: session(1000, { time_limit_seconds: 1800 }) }),
      'PUT /sessions/heartbeat': () =>
        beats++ === 0
          ? { body: { success: true, time_remaining_seconds: 1300, deadline: new Date(Date.now() + 1_300_000).toISOString() } }
          : { status: 503, body: { message: 'down' } },
    });
    expect((await screen.findByTestId('timer-clock')).textContent).toMatch(/^1[56]:\d\d$/);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    fireEvent(document, new Event('visibilitychange'));
    await waitFor(() => expect(screen.getByTestId('timer-clock').textContent).toMatch(/^2[01]:\d\d$/));
    const beat = calls.find((c) => c.key === 'PUT /sessions/heartbeat')?.body as { assignment_id: number; time_used_seconds: number };
    expect(beat.assignment_id).toBe(12);
    expect(beat.time_used_seconds).toBeGreaterThanOrEqual(0);
    fireEvent(document, new Event('visibilitychange'));
    expect(await screen.findByText(MESSAGES.connectionLost)).toBeTruthy();
    expect(screen.getByTestId('timer-status').textContent).toBe(TIMER_MESSAGES.connectionLostLabel);
  });

  it('asks before leaving a running timed assignment', async () => {
    renderTimed({ 'GET /sessions/current/12': () => ({ body: session(1000) }) });
    await screen.findByTestId('timer-clock');
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    expect(await screen.findByText(TIMER_MESSAGES.leaveConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(TIMER_MESSAGES.leaveConfirm)).toBeNull());
    expect(screen.getByTestId('timer-clock')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Back/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The list')).toBeTruthy();
  });

  it('opens a submitted session read-only', async () => {
    renderTimed({
      'GET /sessions/current/12': () => ({
        body: session(0, { is_active: false, is_submitted: true, submission_method: 'server_time_limit' }),
      }),
    });
    expect((await screen.findByTestId('timer-panel')).getAttribute('data-state')).toBe('submitted');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
