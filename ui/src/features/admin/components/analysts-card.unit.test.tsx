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

  it('says when no one holds the role', async () => {
    mockApi({ 'GET /admin/users': () => ({ body: [person(3, 'Grace', 'instructor', false)] }) });
    renderRoutes([{ path: '/', element: <AnalystsCard names /> }], '/');
    expect(await screen.findByText(/No one holds the analyst role\./)).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Analysts may see names' }) as HTMLInputElement).checked).toBe(true);
  });
});
