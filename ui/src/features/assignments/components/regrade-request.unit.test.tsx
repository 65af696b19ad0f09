import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssignmentQuestion, RegradeRequest } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { RegradeRequestSection } from './regrade-request';

const question: AssignmentQuestion = {
  question_id: 101,
  question_number: 1,
  question_content: 'What is 7 × 8?',
  marks_possible: 2,
  grade: 0,
  graded: true,
  feedback: 'Not quite.',
  response_content: '54',
};
const request = (extra: Partial<RegradeRequest> = {}): RegradeRequest => ({
  request_id: 7,
  assignment_id: 12,
  student_id: 3,
  student_name: 'Ann Lee',
  question_id: 101,
  question_number: 1,
  response_id: 55,
  reason: 'My working shows 56.',
  status: 'open',
  reply: null,
  points_before: 0,
  points_after: null,
  points_possible: 2,
  requested_at: '2026-11-20T10:00:00.000Z',
  resolved_at: null,
  ...extra,
});

const show = (requests: RegradeRequest[], extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}, windowDays = 7) => {
  const api = mockApi({ 'POST /students/get-regrade-requests': () => ({ body: { window_days: windowDays, requests } }), ...extra });
  renderRoutes([{ path: '/', element: <RegradeRequestSection assignmentId={12} question={question} /> }], '/');
  return api;
};

describe('RegradeRequestSection', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks with a reason: the dialog sends it and waits for a reason before it can', async () => {
    const { calls } = show([], { 'POST /students/request-regrade': () => ({ body: { success: true, position: null, request_id: 7 } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Request a regrade' }));
    const send = screen.getByRole('button', { name: 'Send request' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText(/Requests are open for 7 days after the mark is given/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Why should this question be regraded?'), { target: { value: '  56 is right  ' } });
    fireEvent.click(send);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.key === 'POST /students/request-regrade')?.body).toEqual({
      assignment_id: 12,
      question_id: 101,
      reason: '56 is right',
    });
  });

  it("shows the server's refusal in the dialog (outside the window)", async () => {
    show([], {
      'POST /students/request-regrade': () => ({
        status: 400,
        body: { message: 'Regrade requests close 7 days after the mark is given, and that time has passed' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Request a regrade' }));
    fireEvent.change(screen.getByLabelText('Why should this question be regraded?'), { target: { value: 'Please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toContain('that time has passed');
  });

  it('an open request shows its status and no second button', async () => {
    show([request()]);
    expect((await screen.findByTestId('regrade-status-101')).textContent).toContain('Regrade requested: waiting for your teacher');
    expect(screen.queryByRole('button', { name: /regrade/i })).toBeNull();
  });

  it("an accepted request shows the teacher's reply and the new mark", async () => {
    show([request({ status: 'accepted', reply: 'Full marks.', points_after: 2, resolved_at: '2026-11-21T09:00:00.000Z' })]);
    const status = await screen.findByTestId('regrade-status-101');
    expect(status.textContent).toContain('Regrade accepted');
    expect(status.textContent).toContain('Full marks.');
    expect(status.textContent).toContain('Your mark changed from 0 to 2 of 2.');
    expect(screen.getByRole('button', { name: 'Ask for another regrade' })).toBeTruthy();
  });

  it('offers no request when the instructor closed requests (window 0)', async () => {
    const { calls } = show([], {}, 0);
    await waitFor(() => expect(calls.length).toBe(1));
    await waitFor(() => expect(screen.queryByRole('region')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Request a regrade' })).toBeNull();
  });
});
