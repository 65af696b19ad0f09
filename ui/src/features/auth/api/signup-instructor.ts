import { tenantOfEmail, type BodyOf } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

export type InstructorSignup = BodyOf<'signupInstructor'>;

export const signupInstructor = (body: InstructorSignup) => callApi('signupInstructor', { body, tenant: tenantOfEmail(body.email) });
