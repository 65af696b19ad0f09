import { tenantOfEmail, type BodyOf } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

export type StudentSignup = BodyOf<'signupStudent'>;

export const signupStudent = (body: StudentSignup) => callApi('signupStudent', { body, tenant: tenantOfEmail(body.email) });
