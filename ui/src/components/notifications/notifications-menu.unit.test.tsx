import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../testing/render';
import { NotificationsMenu } from './notifications-menu';

const note = (id: string, read: boolean, title: string): Notification => ({
  id,
  kind: 'regrade-request-resolved',
  title,
  body: 'Your working is right. Your mark changed from 0 to 2 of 2.',
  link: '/student/assignments/12#question-101',
  created_at: '2026-11-21T09:00:00.000Z',
  read,
});

const show = (handlers: Parameters<typeof mockApi>[0]) => {
  const api = mockApi(handlers);
  const view = renderRoutes(
    [
      { path: '/', element: <NotificationsMenu /> },
      { path: '/student/assignments/:id', element: <p>Assignment page</p> },
    ],
    '/',
  );
  return { ...api, ...view };
};

describe('NotificationsMenu', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the unread count and lists notifications; Mark all read sends an empty list', async () => {
    const { calls } = show({
      'GET /notifications': () => ({
        body: {
          unread: 1,
          notifications: [
            note('regrade-request:2', false, 'Regrade request accepted: Question 1 of Fractions'),
            note('regrade-request:1', true, 'Older'),
          ],
        },
      }),
      'POST /notifications/mark-read': () => ({ body: { success: true, position: null } }),
    });
    expect((await screen.findByTestId('notifications-unread')).textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    expect(screen.getByText('Regrade request accepted: Question 1 of Fractions')).toBeTruthy();
    expect(screen.getByLabelText('Unread')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /notifications/mark-read')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /notifications/mark-read')?.body).toEqual({});
  });

  it('opening an unread notification marks it read and follows its link', async () => {
    const { calls, router } = show({
      'GET /notifications': () => ({ body: { unread: 1, notifications: [note('regrade-request:2', false, 'Regrade request answered')] } }),
      'POST /notifications/mark-read': () => ({ body: { success: true, position: null } }),
    });
    await screen.findByTestId('notifications-unread');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    fireEvent.click(screen.getByTestId('notification-regrade-request:2'));
    expect(await screen.findByText('Assignment page')).toBeTruthy();
    expect(router.state.location.hash).toBe('#question-101');
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /notifications/mark-read')?.body).toEqual({ ids: ['regrade-request:2'] }));
  });

  it('says so when there are none, and when they could not be loaded', async () => {
    show({ 'GET /notifications': () => ({ body: { unread: 0, notifications: [] } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No new notifications')).toBeTruthy();
    cleanup();
    show({ 'GET /notifications': () => ({ status: 500, body: { message: 'Something went wrong on our side.' } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Notifications could not be loaded.')).toBeTruthy();
  });
});
