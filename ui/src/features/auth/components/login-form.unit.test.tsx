import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@evergrade/contracts';
import { useSessionStore } from '../../../stores/session';
import { mockApi, renderRoutes } from '../../../testing/render';
import { LoginForm } from './login-form';

const routes = [
  { path: '/login', element: <LoginForm /> },
  { path: '/student/assignments', element: <p>Student home</p> },
  { path: '/instructor/assignments', element: <p>Instructor home</p> },
  { path: '/admin', element: <p>Admin home</p> },
  { path: '/analyst', element: <p>Analyst home</p> },
];

function fill(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Evergrade#2026' } });
}

describe('LoginForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('defaults to Instructor and signs a student in, with the tenant of the e-mail', async () => {
    window.history.pushState({}, '', '/login');
    const { calls } = mockApi({
      'POST /auth/login/student': () => ({
        body: { userId: 5, role: 'student', tenant: 'demo', email: 'student@demo.school', firstName: 'Sam', lastName: 'Lee' },
      }),
      'GET /students/get-student': () => ({ status: 500, body: { message: 'x' } }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(routes, '/login');
    expect(screen.getByRole('button', { name: 'Instructor' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Student' }));
    fill('student@demo.school');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Student home');
    expect(calls[0]).toMatchObject({ key: 'POST /auth/login/student', body: { email: 'student@demo.school', password: 'Evergrade#2026' } });
    expect(calls[0]!.headers['X-Tenant']).toBe('demo');
    expect(useSessionStore.getState().student).toMatchObject({ studentId: 5, firstName: 'Sam', isAuthenticated: true });
  });

  it('shows the generic message in an alert dialog on a wrong password', async () => {
    mockApi({ 'POST /auth/login/instructor': () => ({ status: 401, body: { message: 'Invalid credentials' } }) });
    renderRoutes(routes, '/login');
    fill('teacher@demo.school');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(MESSAGES.loginFailed);
  });

  it("shows the server's 'not registered' message as is", async () => {
    const message = MESSAGES.notRegisteredAs('student@demo.school', 'instructor');
    mockApi({
      'POST /auth/login/instructor': () => ({ status: 403, body: { message } }),
      'POST /auth/logout': () => ({ status: 401, body: { message: MESSAGES.notAuthenticated } }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes(routes, '/login');
    fill('student@demo.school');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(message);
  });

  it('signs a school admin in through the discreet toggle', async () => {
    const { calls } = mockApi({
      'POST /auth/login/admin': () => ({
        body: { userId: 4, role: 'admin', tenant: 'demo', email: 'admin@demo.school', firstName: 'Alan', lastName: 'Turing' },
      }),
    });
    renderRoutes(routes, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'School administrator? Sign in' }));
    expect(screen.queryByRole('button', { name: 'Instructor' })).toBeNull();
    fill('admin@demo.school');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Admin home');
    expect(calls[0]!.key).toBe('POST /auth/login/admin');
    expect(useSessionStore.getState().admin).toMatchObject({ userId: 4, isAuthenticated: true });
  });

  it('signs an analyst in at /auth/login/analyst and lands on the Reports page', async () => {
    const { calls } = mockApi({
      'POST /auth/login/analyst': () => ({
        body: { userId: 6, role: 'analyst', tenant: 'demo', email: 'analyst@demo.school', firstName: 'Florence', lastName: 'Nightingale' },
      }),
    });
    renderRoutes(routes, '/login');
    fireEvent.click(screen.getByRole('button', { name: 'Analyst? Sign in' }));
    expect(screen.getByTestId('analyst-mode').textContent).toBe('Analyst sign-in');
    expect(screen.queryByRole('button', { name: 'Instructor' })).toBeNull();
    fill('analyst@demo.school');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Analyst home');
    expect(calls[0]!.key).toBe('POST /auth/login/analyst');
    expect(useSessionStore.getState().analyst).toMatchObject({ userId: 6, firstName: 'Florence', isAuthenticated: true });
  });

  it("shows the server's message when sign-in is rate limited", async () => {
    mockApi({
      'POST /auth/login/instructor': () => ({ status: 429, body: { message: 'Too many login attempts. Please try again in 6 minutes.' } }),
    });
    renderRoutes(routes, '/login');
    fill('teacher@demo.school');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Too many login attempts. Please try again in 6 minutes.');
  });
});
