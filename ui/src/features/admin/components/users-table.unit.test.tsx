import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { UsersTable } from './users-table';

const person = (over: Partial<AdminUser>): AdminUser => ({
  user_id: 1,
  email: 'x@demo.school',
  role: 'instructor',
  first_name: 'Grace',
  last_name: 'Hopper',
  title: '',
  class: '',
  section: '',
  enrollment_date: '',
  smart_builder: false,
  analyst: false,
  ...over,
});

describe('UsersTable: the Smart Builder permission', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a switch for instructors only and sends the change, then refetches the users', async () => {
    const { calls } = mockApi({ 'POST /admin/set-smart-builder-access': () => ({ body: { success: true, position: '7' } }) });
    const users = [
      person({ user_id: 3, first_name: 'Grace', last_name: 'Hopper', smart_builder: true }),
      person({ user_id: 4, first_name: 'Alan', last_name: 'Kay' }),
      person({ user_id: 5, first_name: 'Ada', last_name: 'Lovelace', role: 'student' }),
    ];
    const { client } = renderRoutes([{ path: '/', element: <UsersTable users={users} /> }], '/');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect((screen.getByRole('switch', { name: 'Smart Builder for Grace Hopper' }) as HTMLInputElement).checked).toBe(true);
    const alan = screen.getByRole('switch', { name: 'Smart Builder for Alan Kay' }) as HTMLInputElement;
    expect(alan.checked).toBe(false);
    expect(screen.queryByRole('switch', { name: 'Smart Builder for Ada Lovelace' })).toBeNull();
    fireEvent.click(alan);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ key: 'POST /admin/set-smart-builder-access', body: { user_id: 4, allowed: true } });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['admin', 'users'] })));
  });

  it('shows the server refusal next to the switch', async () => {
    mockApi({
      'POST /admin/set-smart-builder-access': () => ({ status: 400, body: { message: 'Smart Builder access is for instructors only' } }),
    });
    renderRoutes([{ path: '/', element: <UsersTable users={[person({ user_id: 4, first_name: 'Alan', last_name: 'Kay' })]} /> }], '/');
    fireEvent.click(screen.getByRole('switch', { name: 'Smart Builder for Alan Kay' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Smart Builder access is for instructors only');
  });
});

describe('UsersTable: the analyst role', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('grants and revokes it for staff and analyst accounts, never for students, then refetches the users', async () => {
    const { calls } = mockApi({ 'POST /admin/set-analyst-access': () => ({ body: { success: true, position: '8' } }) });
    const users = [
      person({ user_id: 3, first_name: 'Grace', last_name: 'Hopper' }),
      person({ user_id: 6, first_name: 'Florence', last_name: 'Nightingale', role: 'analyst', analyst: true }),
      person({ user_id: 5, first_name: 'Ada', last_name: 'Lovelace', role: 'student' }),
    ];
    const { client } = renderRoutes([{ path: '/', element: <UsersTable users={users} /> }], '/');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(screen.queryByRole('switch', { name: 'Analyst role for Ada Lovelace' })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Analyst role for Florence Nightingale' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Analyst role for Grace Hopper' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ key: 'POST /admin/set-analyst-access', body: { user_id: 3, allowed: true } });
    fireEvent.click(screen.getByRole('switch', { name: 'Analyst role for Florence Nightingale' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ body: { user_id: 6, allowed: false } });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['admin', 'users'] })));
    fireEvent.click(screen.getByRole('button', { name: /Analysts/ }));
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });
});
