import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Role } from '@evergrade/contracts';
import { useSchoolBranding } from '../../features/auth/api/get-school-branding';
import { validateToken } from '../../features/auth/api/validate-token';
import { LoginForm } from '../../features/auth/components/login-form';
import { SchoolBanner } from '../../features/auth/components/school-banner';
import { homeOf, startSession } from '../../features/auth/utils/session';
import { CheckIcon } from '../../components/icons';
import { AuthShell } from '../../components/layouts/auth-shell';

const POINTS = [
  'Autosaving answers, even on flaky Wi-Fi',
  'AI-assisted grading your teachers stay in charge of',
  'Live updates across every open tab',
];

/** What a page that sends users here may pass along: a signup prefills the address, a bad link explains itself. */
export type LoginState = { email?: string; role?: Role; alert?: string };

/** On opening, a valid session goes straight to its home (spec section 2). */
function useRedirectIfSignedIn() {
  const navigate = useNavigate();
  const client = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    validateToken()
      .then((user) => {
        if (cancelled) return;
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
  const [params] = useSearchParams();
  const state = (useLocation().state ?? {}) as LoginState;
  const branding = useSchoolBranding(params.get('school'));
  const school = branding.data;
  return (
    <AuthShell aside={<LoginAside />}>
      {school && <SchoolBanner name={school.name} logoUrl={school.logo_url} caption="Sign in to" />}
      {state.alert && (
        <p className="flow-status flow-status-error" role="alert">
          {state.alert}
        </p>
      )}
      <h1 className="login-title">Welcome back</h1>
      <p className="text-muted login-subtitle">{school ? `Sign in to continue to ${school.name}.` : 'Sign in to continue to Evergrade.'}</p>
      <LoginForm initialEmail={state.email} initialRole={state.role} />
    </AuthShell>
  );
}

function LoginAside() {
  return (
    <>
      <h2 className="login-tagline">Where AI meets education.</h2>
      <p className="login-lede">
        Set, collect and grade assignments in one calm place, with an AI assistant that helps every student grow.
      </p>
      <ul className="login-points">
        {POINTS.map((p) => (
          <li key={p}>
            <CheckIcon width={18} height={18} /> {p}
          </li>
        ))}
      </ul>
    </>
  );
}
