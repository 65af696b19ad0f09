import { tenantOfEmail } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

export const verifyResetCode = ({ email, code }: { email: string; code: string }) =>
  callApi('forgotPasswordVerify', { body: { email, code }, tenant: tenantOfEmail(email) });
