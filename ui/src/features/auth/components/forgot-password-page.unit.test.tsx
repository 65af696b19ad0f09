import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, type Handler } from '../../../testing/render';
import { ForgotPasswordPage } from './forgot-password-page';

const EMAIL = 'teacher@demo.school';
const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const status = () => screen.queryByTestId('flow-status')?.textContent;

function start(handlers: Record<string, Handler>) {
  const api = mockApi(handlers);
  const onDone = vi.fn();
  renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage onDone={onDone} /> }], '/forgot-password');
  return { ...api, onDone };
}

async function toStep3() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: EMAIL } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
  await screen.findByTestId('code-countdown');
  fireEvent.paste(screen.getByTestId('code-digit-1'), { clipboardData: { getData: () => '654321' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
  await screen.findByText('Choose a new password');
  fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), { target: { value: 'Fresh#Start9' } });
  fireEvent.change(screen.getByLabelText('Confirm new password', { selector: 'input' }), { target: { value: 'Fresh#Start9' } });
}

const requested: Handler = () => ({ body: { message: 'A password reset code has been sent to your email.' } });
const verified: Handler = () => ({ body: { message: 'ok', userType: 'instructor' } });

describe('ForgotPasswordPage', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resets the password and goes to login after 5 s with the account type', async () => {
    const { calls, onDone } = start({
      'POST /auth/forgot-password/request': requested,
      'POST /auth/forgot-password/verify': verified,
      'POST /auth/forgot-password/reset': () => ({
        body: { message: 'Password reset successfully. Please log in with your new password.' },
      }),
    });
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    await toStep3();
    fireEvent.click(screen.getByTestId('reset-password'));
    await screen.findByTestId('flow-success');
    expect(calls.at(-1)).toMatchObject({
      body: { email: EMAIL, code: '654321', password: 'Fresh#Start9' },
      headers: { 'X-Tenant': 'demo' },
    });
    await later(5100);
    expect(onDone).toHaveBeenCalledWith(EMAIL, 'instructor');
  });

  it('says no account was found on 404', async () => {
    start({ 'POST /auth/forgot-password/request': () => ({ status: 404, body: { message: 'x' } }) });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ghost@demo.school' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    await vi.waitFor(() => expect(status()).toBe('No account found with this email address.'));
  });

  it('on 410 from reset shows the expiry message and returns to step 1 after 2 s', async () => {
    start({
      'POST /auth/forgot-password/request': requested,
      'POST /auth/forgot-password/verify': verified,
      'POST /auth/forgot-password/reset': () => ({ status: 410, body: { message: 'x' } }),
    });
    await toStep3();
    fireEvent.click(screen.getByTestId('reset-password'));
    await vi.waitFor(() => expect(status()).toBe('Verification code has expired. Please request a new one.'));
    await later(2100);
    expect(screen.getByRole('button', { name: 'Send reset code' })).toBeTruthy();
  });
});
