import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type LoginRole } from '@evergrade/contracts';
import { AlertDialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { clearSession, endSession, homeOf, startSession } from '../utils/session';

const ROLE_OPTIONS: { value: LoginRole; label: string }[] = [
  { value: 'instructor', label: 'Instructor' },
  { value: 'student', label: 'Student' },
];

export function LoginForm() {
  const [role, setRole] = useState<LoginRole>('instructor');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const login = useLogin();
  const client = useQueryClient();
  const navigate = useNavigate();
  const id = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate(
      { role, email, password },
      {
        onSuccess: (user) => {
          startSession(user, client);
          navigate(homeOf(role), { replace: true });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.message.includes('not registered')) {
            void endSession(client);
            setAlert(err.message);
          } else {
            clearSession(client);
            setAlert(MESSAGES.loginFailed);
          }
        },
      },
    );
  };

  return (
    <form className="login-form" onSubmit={onSubmit} noValidate>
      <div className="segmented" role="group" aria-label="I am signing in as">
        {ROLE_OPTIONS.map((o) => (
          <button key={o.value} type="button" className="segmented-option" aria-pressed={role === o.value} data-testid={`login-role-${o.value}`} onClick={() => setRole(o.value)}>
            {o.label}
          </button>
        ))}
      </div>
      <label className="field">
        <span className="field-label">Email</span>
        <input className="input" type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@school.edu" />
      </label>
      <div className="field">
        <span className="field-label-row">
          <label className="field-label" htmlFor={`${id}-password`}>Password</label>
          <Link to="/forgot-password" className="link-small">Forgot password?</Link>
        </span>
        <input id={`${id}-password`} className="input" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} placeholder="••••••••" />
      </div>
      <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Login'}
      </button>
      {alert && <AlertDialog title="Unable to sign in" message={alert} onClose={() => setAlert(null)} />}
    </form>
  );
}
