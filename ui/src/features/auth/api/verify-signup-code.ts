import { tenantOfEmail } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

export const verifySignupCode = ({ email, code }: { email: string; code: string }) =>
  callApi('signupVerifyCode', { body: { email, code }, tenant: tenantOfEmail(email) });
