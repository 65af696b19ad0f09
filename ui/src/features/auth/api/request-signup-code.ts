import { tenantOfEmail, type LoginRole } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

/** Signup calls carry the tenant of the e-mail's domain (spec document 3, section 7). */
export const requestSignupCode = ({ email, school, role }: { email: string; school: string; role: LoginRole }) =>
  callApi('signupRequestVerification', { body: { email, school, type: role }, tenant: tenantOfEmail(email) });
