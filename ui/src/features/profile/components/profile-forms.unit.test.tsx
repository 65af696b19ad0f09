import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES } from '@evergrade/contracts';
import { resetApiClient } from '../../../lib/api-client';
import { useSessionStore } from '../../../stores/session';
import { mockApi, renderRoutes } from '../../../testing/render';
import { ChangePasswordForm } from './change-password-form';
import { ProfileInfoForm } from './profile-info-form';

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('ProfileInfoForm', () => {
  afterEach(cleanup);

  function renderForm(save = vi.fn(async () => ({ position: '7' })), onSaved = vi.fn()) {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <ProfileInfoForm
              initial={{ firstName: 'Ada', lastName: 'Lovelace' }}
              readOnly={[{ label: 'Email', value: 'ada@demo.school' }]}
              save={save}
              onSaved={onSaved}
            />
          ),
        },
      ],
      '/',
    );
    return { save, onSaved };
  }

  it('shows the spec message for an invalid name and keeps Save disabled', () => {
    renderForm();
    fireEvent.change(input('First name'), { target: { value: 'A1' } });
    fireEvent.blur(input('First name'));
    expect(screen.getByText(VALIDATION_MESSAGES.profileFirstName)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(input('Email').readOnly).toBe(true);
    expect(screen.getByText('Contact your administrator to change your email address')).toBeTruthy();
  });

  it('saves trimmed names and confirms with a toast', async () => {
    const { save, onSaved } = renderForm();
    fireEvent.change(input('Last name'), { target: { value: ' King ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Profile updated successfully!');
    expect(save).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'King' });
    expect(onSaved).toHaveBeenCalledWith({ firstName: 'Ada', lastName: 'King' }, '7');
  });

  it('shows the failure toast when the save fails', async () => {
    renderForm(
      vi.fn(async () => {
        throw new Error('x');
      }),
    );
    fireEvent.change(input('Last name'), { target: { value: 'King' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Failed to update profile. Please try again.');
  });
});

describe('ChangePasswordForm', () => {
  beforeEach(() => useSessionStore.getState().setStudent({ isAuthenticated: true }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetApiClient();
  });

  const fill = (current: string, next: string, confirm: string) => {
    fireEvent.change(input('Current password'), { target: { value: current } });
    fireEvent.change(input('New password'), { target: { value: next } });
    fireEvent.change(input('Confirm new password'), { target: { value: confirm } });
  };

  it('enables Update only when every rule holds, with a live match line', () => {
    mockApi({});
    renderRoutes([{ path: '/', element: <ChangePasswordForm /> }], '/');
    const update = screen.getByRole('button', { name: 'Update Password' }) as HTMLButtonElement;
    fill('old', 'Fresh#Start9', 'Fresh#Start');
    expect(screen.getByTestId('password-match').textContent).toBe('✗ Passwords do not match');
    expect(update.disabled).toBe(true);
    fill('old', 'Fresh#Start9', 'Fresh#Start9');
    expect(screen.getByTestId('password-match').textContent).toBe('✓ Passwords match');
    expect(update.disabled).toBe(false);
    fill('', 'Fresh#Start9', 'Fresh#Start9');
    expect(update.disabled).toBe(true);
  });

  it("shows the server's words for a wrong current password and keeps the user signed in", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({
      'POST /auth/change-password': () => ({ status: 401, body: { message: 'Current password is incorrect.' } }),
    });
    renderRoutes([{ path: '/', element: <ChangePasswordForm /> }], '/');
    fill('wrong', 'Fresh#Start9', 'Fresh#Start9');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await screen.findByText('Current password is incorrect.');
    expect(calls[0]!.body).toEqual({ currentPassword: 'wrong', newPassword: 'Fresh#Start9' });
    await vi.advanceTimersByTimeAsync(500);
    expect(useSessionStore.getState().student.isAuthenticated).toBe(true);
    vi.useRealTimers();
  });

  it('confirms success and clears the fields', async () => {
    mockApi({ 'POST /auth/change-password': () => ({ body: { message: 'Password updated successfully!' } }) });
    renderRoutes([{ path: '/', element: <ChangePasswordForm /> }], '/');
    fill('Evergrade#2026', 'Fresh#Start9', 'Fresh#Start9');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await screen.findByText('Password updated successfully!');
    expect(input('New password').value).toBe('');
  });

  it('falls back to the generic failure message without a server message', async () => {
    mockApi({
      'POST /auth/change-password': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderRoutes([{ path: '/', element: <ChangePasswordForm /> }], '/');
    fill('Evergrade#2026', 'Fresh#Start9', 'Fresh#Start9');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    await screen.findByText('Failed to update password. Please try again.');
  });
});
