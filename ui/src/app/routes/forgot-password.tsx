import { useNavigate } from 'react-router';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page';
import type { LoginState } from './login';

export function ForgotPasswordRoute() {
  const navigate = useNavigate();
  return (
    <ForgotPasswordPage
      onDone={(email, role) => navigate('/login', { replace: true, state: { email, role: role ?? undefined } satisfies LoginState })}
    />
  );
}
