import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type LoginRole, type Role } from '@evergrade/contracts';
import { AlertDialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import { clearSession, endSession, homeOf, startSession } from '../utils/session';

const ROLE_OPTIONS: { value: LoginRole; label: string }[] = [
  { value: 'instructor', label: 'Instructor' },
  { value: 'student', label: 'Student' },
];

/** Error catalogue: 'not registered' and rate-limit replies are shown as the server words them. */
function loginFailure(err: unknown): { message: string; logout: boolean } {
  if (err instanceof ApiError && err.message.includes('not registered')) return { message: err.message, logout: true };
  if (err instanceof ApiError && err.status === 429 && err.fromServer) return { message: err.message, logout: false };
  return { message: MESSAGES.loginFailed, logout: false };
}

type Props = { initialEmail?: string; initialRole?: Role };
/** The two roles that sign in apart from the student/instructor switch. */
type Apart = 'admin' | 'analyst';
const APART: Record<Apart, { mode: string; toggle: string }> = {
  admin: { mode: 'School administrator sign-in', toggle: 'School administrator? Sign in' },
  analyst: { mode: 'Analyst sign-in', toggle: 'Analyst? Sign in' },
};

export function LoginForm({ initialEmail = '', initialRole = 'instructor' }: Props) {
  const [role, setRole] = useState<LoginRole>(initialRole === 'student' ? 'student' : 'instructor');
  const [apart, setApart] = useState<Apart | null>(initialRole === 'admin' || initialRole === 'analyst' ? initialRole : null);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const login = useLogin();
  const client = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const effectiveRole: Role = apart ?? role;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate(
      { role: effectiveRole, email, password },
      {
        onSuccess: (user) => {
          startSession(user, client);
          navigate(homeOf(effectiveRole), { replace: true });
        },
        onError: (err) => {
          const failure = loginFailure(err);
          if (failure.logout) void endSession(client);
          else clearSession(client);
          setAlert(failure.message);
        },
      },
    );
  };

  return (
    <form className="login-form" onSubmit={onSubmit} noValidate>
      {apart ? (
        <p className="admin-mode" data-testid={`${apart}-mode`}>
          {APART[apart].mode}
        </p>
      ) : (
        <div className="segmented" role="group" aria-label="I am signing in as">
          {ROLE_OPTIONS.map((o) => (
            <button
              key={o.value}
              type="button"
              className="segmented-option"
              aria-pressed={role === o.value}
              data-testid={`login-role-${o.value}`}
              onClick={() => setRole(o.value)}
            >
              {o.label}
            </button>
          ))}
        </div>
      )}
      <label className="field">
        <span className="field-label">Email</span>
        <input
          className="input"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@school.edu"
        />
      </label>
      <div className="field">
        <span className="field-label-row">
          <label className="field-label" htmlFor={`${id}-password`}>
            Password
          </label>
          <Link to="/forgot-password" className="link-small">
            Forgot password?
          </Link>
        </span>
        <input
          id={`${id}-password`}
          className="input"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder="••••••••"
        />
      </div>
      <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Login'}
      </button>
      {apart ? (
        <button type="button" className="link-button admin-toggle" onClick={() => setApart(null)} data-testid={`${apart}-toggle`}>
          Student or instructor? Sign in here
        </button>
      ) : (
        <div className="login-apart">
          {(['admin', 'analyst'] as const).map((r) => (
            <button key={r} type="button" className="link-button admin-toggle" onClick={() => setApart(r)} data-testid={`${r}-toggle`}>
              {APART[r].toggle}
            </button>
          ))}
        </div>
      )}
      {alert && <AlertDialog title="Unable to sign in" message={alert} onClose={() => setAlert(null)} />}
    </form>
  );
}
