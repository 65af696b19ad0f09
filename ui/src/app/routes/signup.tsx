import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { LoginRole } from '@evergrade/contracts';
import { SignupPage } from '../../features/auth/components/signup-page';
import { ONBOARDING_MESSAGES } from '../../features/auth/utils/onboarding-messages';
import type { LoginState } from './login';

/**
 * /instructor/signup and /student/signup. Spec: success goes to /instructor/dashboard or
 * /student/assignments, but a new account is not signed in, so both go through /login (e-mail
 * prefilled), which then lands on that same home.
 */
function SignupRoute({ role }: { role: LoginRole }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tenant = params.get('school')?.trim().toLowerCase();
  if (!tenant) return <Navigate to="/login" replace state={{ alert: ONBOARDING_MESSAGES.invalidLink } satisfies LoginState} />;
  const done = (email: string) =>
    navigate(`/login?school=${encodeURIComponent(tenant)}`, { replace: true, state: { email, role } satisfies LoginState });
  return <SignupPage key={`${role}:${tenant}`} role={role} tenant={tenant} onDone={done} />;
}

export const InstructorSignupRoute = () => <SignupRoute role="instructor" />;
export const StudentSignupRoute = () => <SignupRoute role="student" />;
