import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegradeRequest } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { RegradeQueue } from './regrade-queue';

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

const show = (reply: { status?: number; body: unknown }, extra: Parameters<typeof mockApi>[0] = {}) => {
  const api = mockApi({ 'POST /grader/get-regrade-requests': () => reply, ...extra });
  renderRoutes([{ path: '/', element: <RegradeQueue assignmentId={12} /> }], '/');
  return api;
};

describe('RegradeQueue', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('accepts an open request with a new mark and a reply', async () => {
    const { calls } = show(
      { body: { window_days: 7, requests: [request(), request({ request_id: 6, status: 'answered', reply: 'See the key.' })] } },
      { 'POST /grader/resolve-regrade-request': () => ({ body: { success: true, position: null } }) },
    );
    expect(await screen.findByText('1 open regrade request')).toBeTruthy();
    const card = screen.getByTestId('regrade-request-7');
    expect(card.textContent).toContain('My working shows 56.');
    expect(within(screen.getByTestId('regrade-request-6')).getByText('See the key.')).toBeTruthy();
    fireEvent.click(within(card).getByLabelText('Accept with a new mark'));
    fireEvent.change(within(card).getByLabelText(/New mark/), { target: { value: '3' } });
    fireEvent.change(within(card).getByLabelText('Reply to the student'), { target: { value: 'Right working: full marks.' } });
    const send = within(card).getByRole('button', { name: 'Send reply' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(card).getByLabelText(/New mark/), { target: { value: '2' } });
    fireEvent.click(send);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /grader/resolve-regrade-request')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /grader/resolve-regrade-request')?.body).toEqual({
      request_id: 7,
      outcome: 'accepted',
      points_obtained: 2,
      reply: 'Right working: full marks.',
    });
  });

  it('answers without a mark, and sets the window', async () => {
    const { calls } = show(
      { body: { window_days: 7, requests: [request()] } },
      {
        'POST /grader/resolve-regrade-request': () => ({ body: { success: true, position: null } }),
        'POST /grader/set-regrade-window': () => ({ body: { success: true, position: null } }),
      },
    );
    const card = await screen.findByTestId('regrade-request-7');
    fireEvent.change(within(card).getByLabelText('Reply to the student'), { target: { value: 'Oxygen is not the answer here.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /grader/resolve-regrade-request')?.body).toEqual({
        request_id: 7,
        outcome: 'answered',
        reply: 'Oxygen is not the answer here.',
      }),
    );
    fireEvent.change(screen.getByLabelText('Students may ask for a regrade up to'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /grader/set-regrade-window')?.body).toEqual({ assignment_id: 12, days: 3 }),
    );
  });

  it('shows an empty queue, and a refusal with a retry', async () => {
    show({ body: { window_days: 7, requests: [] } });
    expect(await screen.findByText(/No regrade requests yet/)).toBeTruthy();
    cleanup();
    show({ status: 404, body: { message: 'Assignment not found' } });
    expect((await screen.findByRole('alert')).textContent).toContain('Assignment not found');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
