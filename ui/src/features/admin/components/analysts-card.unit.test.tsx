import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../testing/render';
import { AnalystsCard } from './analysts-card';

const person = (user_id: number, first_name: string, role: string, analyst: boolean) => ({
  user_id,
  email: `${first_name.toLowerCase()}@demo.school`,
  role,
  first_name,
  last_name: 'X',
  title: '',
  class: '',
  section: '',
  enrollment_date: '',
  smart_builder: false,
  analyst,
});

describe('AnalystsCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names who holds the role and turns names on for analysts, then refetches the school', async () => {
    const { calls } = mockApi({
      'GET /admin/users': () => ({ body: [person(6, 'Florence', 'analyst', true), person(3, 'Grace', 'instructor', false)] }),
      'POST /admin/set-analyst-names': () => ({ body: { success: true, position: '9' } }),
    });
    const { client } = renderRoutes([{ path: '/', element: <AnalystsCard names={false} /> }], '/');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(await screen.findByText(/Analyst role: Florence X\./)).toBeTruthy();
    expect(screen.getByTestId('analyst-names-state').textContent).toContain('replaced by pseudonyms');
    const names = screen.getByRole('switch', { name: 'Analysts may see names' }) as HTMLInputElement;
    expect(names.checked).toBe(false);
    fireEvent.click(names);
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('POST /admin/set-analyst-names'));
    expect(calls.find((c) => c.key === 'POST /admin/set-analyst-names')!.body).toEqual({ allowed: true });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['admin', 'school'] })));
  });

  it('creates an analyst account and says how its owner signs in; shows a refusal as the server words it', async () => {
    let taken = false;
    const { calls } = mockApi({
      'GET /admin/users': () => ({ body: [] }),
      'POST /admin/invite-analyst': () =>
        taken
          ? { status: 409, body: { message: 'This e-mail address is already registered', field: 'email' } }
          : ((taken = true), { body: { success: true, position: '10', user_id: 12 } }),
    });
    renderRoutes([{ path: '/', element: <AnalystsCard names={false} /> }], '/');
    const fill = () => {
      fireEvent.change(screen.getByLabelText('Analyst email'), { target: { value: 'data.lead@demo.school' } });
      fireEvent.change(screen.getByLabelText('Analyst first name'), { target: { value: 'Mary' } });
      fireEvent.change(screen.getByLabelText('Analyst last name'), { target: { value: 'Somerville' } });
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    };
    fill();
    expect((await screen.findByRole('status')).textContent).toContain('Forgot password?');
    expect(calls.find((c) => c.key === 'POST /admin/invite-analyst')!.body).toEqual({
      email: 'data.lead@demo.school',
      first_name: 'Mary',
      last_name: 'Somerville',
    });
    expect((screen.getByLabelText('Analyst email') as HTMLInputElement).value).toBe('');
    fill();
    expect((await screen.findByRole('alert')).textContent).toBe('This e-mail address is already registered');
  });

  it('says when no one holds the role', async () => {
    mockApi({ 'GET /admin/users': () => ({ body: [person(3, 'Grace', 'instructor', false)] }) });
    renderRoutes([{ path: '/', element: <AnalystsCard names /> }], '/');
    expect(await screen.findByText(/No one holds the analyst role\./)).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Analysts may see names' }) as HTMLInputElement).checked).toBe(true);
  });
});
