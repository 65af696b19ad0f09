import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_MESSAGES } from '@evergrade/contracts';
import { mockApi, renderRoutes, type Handler } from '../../../testing/render';
import { SignupPage } from './signup-page';

const EMAIL = 'new.teacher@demo.school';
const branding: Handler = () => ({ body: { tenant: 'demo', name: 'Demo School', logo_url: null } });
const sent: Handler = () => ({ body: { message: 'A verification code has been sent to your email.' } });
const verified: Handler = () => ({ body: { message: 'Email verified successfully.', school: 'Demo School (verified)' } });

function start(role: 'instructor' | 'student', handlers: Record<string, Handler>) {
  const api = mockApi({ 'GET /auth/school/demo': branding, ...handlers });
  const onDone = vi.fn();
  renderRoutes([{ path: '/signup', element: <SignupPage role={role} tenant="demo" onDone={onDone} /> }], '/signup');
  return { ...api, onDone };
}

const later = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const status = () => screen.queryByTestId('flow-status')?.textContent;

async function toStep2(email = EMAIL) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send verification code' }));
  await screen.findByTestId('code-countdown');
}

async function toStep3() {
  await toStep2();
  fireEvent.paste(screen.getByTestId('code-digit-1'), { clipboardData: { getData: () => '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
  await screen.findByText('Tell us about you');
}

function fillInstructor() {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Grace' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Hopper' } });
  fireEvent.click(screen.getByLabelText('Other'));
  fireEvent.change(screen.getByLabelText('Preferred title'), { target: { value: 'Dr.' } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'Maple#Leaf7' } });
  fireEvent.change(screen.getByLabelText('Confirm password', { selector: 'input' }), { target: { value: 'Maple#Leaf7' } });
}

/** The signed-in user the server returns with the new account. */
const GRACE = { userId: 9, role: 'instructor', tenant: 'demo', email: EMAIL, firstName: 'Grace', lastName: 'Hopper' } as const;

describe('SignupPage', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs e-mail → code → details → success, then leaves after 5 seconds', async () => {
    const { calls, onDone } = start('instructor', {
      'POST /auth/signup/request-verification': sent,
      'POST /auth/signup/verify-code': verified,
      'POST /auth/signup/instructor': () => ({ body: { message: 'Account created successfully.', userId: 9, user: GRACE } }),
    });
    expect(screen.getByText('Only emails from authorized domains are allowed.')).toBeTruthy();
    await toStep2();
    expect(screen.getByTestId('code-countdown').textContent).toContain('2:00');
    expect(calls.find((c) => c.key === 'POST /auth/signup/request-verification')).toMatchObject({
      body: { email: EMAIL, school: 'demo', type: 'instructor' },
      headers: { 'X-Tenant': 'demo' },
    });
    await later(1000);
    expect(screen.getByTestId('code-countdown').textContent).toContain('1:59');

    fireEvent.paste(screen.getByTestId('code-digit-1'), { clipboardData: { getData: () => '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await screen.findByText('Tell us about you');
    expect((screen.getByLabelText('School') as HTMLInputElement).value).toBe('Demo School (verified)');
    expect((screen.getByLabelText("Ma'am") as HTMLInputElement).checked).toBe(true);

    const create = screen.getByTestId('create-account') as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fillInstructor();
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    await screen.findByTestId('flow-success');
    expect(calls.find((c) => c.key === 'POST /auth/signup/instructor')!.body).toEqual({
      email: EMAIL,
      password: 'Maple#Leaf7',
      firstName: 'Grace',
      lastName: 'Hopper',
      school: 'Demo School (verified)',
      preferredTitle: 'Dr.',
    });
    await later(4000);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId('redirect-countdown').textContent).toBe('Redirecting to your dashboard in 1 second…');
    await later(1100);
    expect(onDone).toHaveBeenCalledWith(GRACE);
  });

  it('returns to step 1 with the expiry message when the 120 s run out', async () => {
    start('instructor', { 'POST /auth/signup/request-verification': sent });
    await toStep2();
    await later(119_000);
    expect(screen.getByTestId('code-countdown').textContent).toContain('0:01');
    await later(1500);
    expect(status()).toBe('Verification code has expired. Please request a new one.');
    expect(screen.getByRole('button', { name: 'Send verification code' })).toBeTruthy();
  });

  it('on 410 from verify shows the expiry message and returns to step 1 after 2 s', async () => {
    start('instructor', {
      'POST /auth/signup/request-verification': sent,
      'POST /auth/signup/verify-code': () => ({ status: 410, body: { message: 'gone' } }),
    });
    await toStep2();
    fireEvent.paste(screen.getByTestId('code-digit-1'), { clipboardData: { getData: () => '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await vi.waitFor(() => expect(status()).toBe('Verification code has expired. Please request a new one.'));
    expect(screen.getByTestId('code-digit-1')).toBeTruthy();
    await later(2100);
    expect(screen.queryByTestId('code-digit-1')).toBeNull();
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('on 401 from verify stays on step 2 with the invalid-code message', async () => {
    start('instructor', {
      'POST /auth/signup/request-verification': sent,
      'POST /auth/signup/verify-code': () => ({ status: 401, body: { message: 'wrong' } }),
    });
    await toStep2();
    fireEvent.paste(screen.getByTestId('code-digit-1'), { clipboardData: { getData: () => '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await vi.waitFor(() => expect(status()).toBe('Invalid verification code. Please try again.'));
    await later(3000);
    expect(screen.getByTestId('code-digit-1')).toBeTruthy();
  });

  it('on 403 from account creation says so and returns to step 1 after 2 s', async () => {
    start('instructor', {
      'POST /auth/signup/request-verification': sent,
      'POST /auth/signup/verify-code': verified,
      'POST /auth/signup/instructor': () => ({ status: 403, body: { message: 'nope' } }),
    });
    await toStep3();
    fillInstructor();
    fireEvent.click(screen.getByTestId('create-account'));
    await vi.waitFor(() => expect(status()).toBe('Email not verified. Please start over.'));
    await later(2100);
    expect(screen.getByRole('button', { name: 'Send verification code' })).toBeTruthy();
  });

  it('words request failures per role, status and network', async () => {
    let reply: Awaited<ReturnType<Handler>> | 'throw' = { status: 403, body: { message: 'x' } };
    start('student', {
      'POST /auth/signup/request-verification': () => {
        if (reply === 'throw') throw new TypeError('Failed to fetch');
        return reply;
      },
    });
    expect(screen.getByText('Only pre-approved email addresses are allowed to sign up.')).toBeTruthy();
    const send = () => {
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'someone@demo.school' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send verification code' }));
    };
    send();
    await vi.waitFor(() => expect(status()).toBe('This email address is not authorized for signup.'));
    reply = { status: 409, body: { message: 'x' } };
    send();
    await vi.waitFor(() => expect(status()).toBe('This email is already registered.'));
    reply = { status: 429, body: { message: 'Please wait 20 seconds before requesting a new code.' } };
    send();
    await vi.waitFor(() => expect(status()).toBe('Please wait 20 seconds before requesting a new code.'));
    reply = 'throw';
    send();
    await vi.waitFor(() => expect(status()).toBe('Network error. Please try again.'));
  });

  it('goes back from step 3 to 2 and from 2 to 1', async () => {
    start('student', { 'POST /auth/signup/request-verification': sent, 'POST /auth/signup/verify-code': verified });
    await toStep3();
    expect(screen.getByLabelText('Grade')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '← Back' }));
    expect(screen.getByTestId('code-digit-1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '← Back' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('refuses an incomplete code with the spec message', async () => {
    start('student', { 'POST /auth/signup/request-verification': sent });
    await toStep2();
    fireEvent.change(screen.getByTestId('code-digit-1'), { target: { value: '1' } });
    fireEvent.submit(screen.getByTestId('code-digit-1').closest('form')!);
    expect(status()).toBe(VALIDATION_MESSAGES.codeDigits);
  });
});
