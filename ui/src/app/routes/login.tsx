import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LoginForm } from '../../features/auth/components/login-form';
import { validateToken } from '../../features/auth/api/validate-token';
import { homeOf, startSession } from '../../features/auth/utils/session';
import { CheckIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { ThemeToggle } from '../../components/theme-toggle';

const POINTS = ['Autosaving answers, even on flaky Wi-Fi', 'AI-assisted grading your teachers stay in charge of', 'Live updates across every open tab'];

/** On opening, a valid session goes straight to its home (spec section 2). */
function useRedirectIfSignedIn() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    validateToken()
      .then((user) => {
        if (cancelled || (user.role !== 'student' && user.role !== 'instructor')) return;
        startSession(user, client);
        navigate(homeOf(user.role), { replace: true });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [navigate, client]);
}

export function LoginRoute() {
  useRedirectIfSignedIn();
  return (
    <div className="login-page">
      <aside className="login-brand">
        <Link to="/" className="login-logo" aria-label="Evergrade home">
          <Logo size={36} />
        </Link>
        <div className="login-brand-copy">
          <h2 className="login-tagline">Where AI meets education.</h2>
          <p className="login-lede">Set, collect and grade assignments in one calm place, with an AI assistant that helps every student grow.</p>
          <ul className="login-points">
            {POINTS.map((p) => (
              <li key={p}><CheckIcon width={18} height={18} /> {p}</li>
            ))}
          </ul>
        </div>
        <p className="login-foot">© {new Date().getFullYear()} Evergrade</p>
      </aside>
      <main className="login-main">
        <div className="login-theme"><ThemeToggle /></div>
        <div className="login-card card">
          <Link to="/" className="login-logo-mobile" aria-label="Evergrade home"><Logo size={30} /></Link>
          <h1 className="login-title">Welcome back</h1>
          <p className="text-muted login-subtitle">Sign in to continue to Evergrade.</p>
          <LoginForm />
        </div>
      </main>
    </div>
  );
}
