import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** A 401 here means "current password is wrong", not a lost session. */
export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  callApi('changePassword', { body, handles401: true });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
