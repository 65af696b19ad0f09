import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginRole, SessionUser } from '@evergrade/contracts';
import { SignupPage } from '../../features/auth/components/signup-page';
import { startSession } from '../../features/auth/utils/session';
import { ONBOARDING_MESSAGES } from '../../features/auth/utils/onboarding-messages';
import type { LoginState } from './login';

/** The spec's landing page after signup; the new account is already signed in. */
const LANDING: Record<LoginRole, string> = { instructor: '/instructor/dashboard', student: '/student/assignments' };

/** /instructor/signup and /student/signup: success records the session and lands on the role's page. */
function SignupRoute({ role }: { role: LoginRole }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const tenant = params.get('school')?.trim().toLowerCase();
  if (!tenant) return <Navigate to="/login" replace state={{ alert: ONBOARDING_MESSAGES.invalidLink } satisfies LoginState} />;
  const done = (user: SessionUser) => {
    startSession(user, client);
    void navigate(LANDING[role], { replace: true });
  };
  return <SignupPage key={`${role}:${tenant}`} role={role} tenant={tenant} onDone={done} />;
}

export const InstructorSignupRoute = () => <SignupRoute role="instructor" />;
export const StudentSignupRoute = () => <SignupRoute role="student" />;
