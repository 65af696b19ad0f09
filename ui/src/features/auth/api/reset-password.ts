import { tenantOfEmail } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

export const resetPassword = ({ email, code, password }: { email: string; code: string; password: string }) =>
  callApi('forgotPasswordReset', { body: { email, code, password }, tenant: tenantOfEmail(email) });
