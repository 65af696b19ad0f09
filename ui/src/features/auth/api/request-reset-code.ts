import { tenantOfEmail } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

export const requestResetCode = ({ email }: { email: string }) =>
  callApi('forgotPasswordRequest', { body: { email }, tenant: tenantOfEmail(email) });
