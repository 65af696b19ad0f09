import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKING_POLICY_SWITCHES } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { MarkingPolicyPanel } from './marking-policy-panel';

const show = (reply: { status?: number; body: unknown }, extra: Parameters<typeof mockApi>[0] = {}) => {
  const api = mockApi({ 'POST /grader/get-marking-policy': () => reply, ...extra });
  renderRoutes([{ path: '/', element: <MarkingPolicyPanel assignmentId={12} /> }], '/');
  return api;
};
const group = (name: string) => screen.getByRole('group', { name: MARKING_POLICY_SWITCHES.find((s) => s.name === name)!.description });

describe('MarkingPolicyPanel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every switch unset at first, and saves the choices made as the whole policy', async () => {
    const { calls } = show(
      { body: { policy: {}, set_at: null } },
      { 'POST /grader/set-marking-policy': () => ({ body: { success: true, position: null } }) },
    );
    expect(await screen.findByText(/Nothing set yet/)).toBeTruthy();
    expect(screen.getAllByRole('group')).toHaveLength(MARKING_POLICY_SWITCHES.length);
    const save = screen.getByRole('button', { name: 'Save policy' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(group('formulaCase')).getByLabelText('Case matters: a wrong case scores 0'));
    fireEvent.click(within(group('unitMarkStandsAlone')).getByLabelText('The unit mark needs the right value'));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /grader/set-marking-policy')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /grader/set-marking-policy')?.body).toEqual({
      assignment_id: 12,
      policy: { formulaCase: 'exact', unitMarkStandsAlone: false },
    });
  });

  it('shows the saved policy, discards unsaved changes, and unsets a switch', async () => {
    const { calls } = show(
      { body: { policy: { hedgedYesNo: 'as-answered' }, set_at: '2026-11-20T10:00:00.000Z' } },
      { 'POST /grader/set-marking-policy': () => ({ body: { success: true, position: null } }) },
    );
    expect(await screen.findByText(new RegExp(`1 of ${MARKING_POLICY_SWITCHES.length} set`))).toBeTruthy();
    const hedged = within(group('hedgedYesNo'));
    expect((hedged.getByLabelText('Marked as the yes or no it hedges') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(hedged.getByLabelText(/Not set/));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect((hedged.getByLabelText('Marked as the yes or no it hedges') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(hedged.getByLabelText(/Not set/));
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /grader/set-marking-policy')?.body).toEqual({ assignment_id: 12, policy: {} }),
    );
  });

  it('says why a save was refused and keeps the choices', async () => {
    show(
      { body: { policy: {}, set_at: null } },
      { 'POST /grader/set-marking-policy': () => ({ status: 404, body: { message: 'Assignment not found' } }) },
    );
    await screen.findByText(/Nothing set yet/);
    fireEvent.click(within(group('listItemsBeyondN')).getByLabelText('Only the first n items are marked'));
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Assignment not found');
    expect((within(group('listItemsBeyondN')).getByLabelText('Only the first n items are marked') as HTMLInputElement).checked).toBe(true);
  });

  it('offers to try again when the policy cannot be loaded', async () => {
    show({ status: 500, body: { message: 'Server error' } });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
