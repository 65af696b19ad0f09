import { useMutation } from '@tanstack/react-query';
import { tenantOfEmail, type Role } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

export type LoginInput = { role: Role; email: string; password: string };

/** Login-related calls carry the tenant of the e-mail's domain (spec section 6). */
export const login = ({ role, email, password }: LoginInput) =>
  callApi('login', { params: { role }, body: { email, password }, tenant: tenantOfEmail(email) });

export const useLogin = () => useMutation({ mutationFn: login });
