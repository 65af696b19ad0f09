import type { LoginRole } from '@evergrade/contracts';
import { ApiError } from '../../../lib/api-client';

/** Spec document 3, section 8: the onboarding error catalogue, word for word. */
export const ONBOARDING_MESSAGES = {
  network: 'Network error. Please try again.',
  invalidLink: 'Invalid signup link. Please contact your school administrator.',
  expired: 'Verification code has expired. Please request a new one.',
  invalidCode: 'Invalid verification code. Please try again.',
} as const;

/** How one call's failures read: by status, else the server's words (when `useServerMessage`), else the fallback. */
export type FailureWording = { byStatus: Partial<Record<number, string>>; fallback: string; useServerMessage: boolean };

export const requestCodeWording = (role: LoginRole): FailureWording => ({
  byStatus: {
    403: role === 'student' ? 'This email address is not authorized for signup.' : 'This email domain is not authorized for signup.',
    409: 'This email is already registered.',
  },
  fallback: 'Failed to send verification code.',
  useServerMessage: true,
});

export const verifyCodeWording: FailureWording = {
  byStatus: { 410: ONBOARDING_MESSAGES.expired, 401: ONBOARDING_MESSAGES.invalidCode },
  fallback: 'Failed to verify code.',
  useServerMessage: true,
};

export const createAccountWording: FailureWording = {
  byStatus: { 403: 'Email not verified. Please start over.', 409: 'Email already registered.' },
  fallback: 'Failed to create account.',
  useServerMessage: true,
};

export const resetRequestWording: FailureWording = {
  byStatus: { 404: 'No account found with this email address.' },
  fallback: 'Failed to send reset code.',
  useServerMessage: false,
};

export const resetVerifyWording: FailureWording = { ...verifyCodeWording, fallback: 'Failed to verify code.' };

export const resetWording: FailureWording = {
  byStatus: { 401: ONBOARDING_MESSAGES.invalidCode, 410: ONBOARDING_MESSAGES.expired },
  fallback: 'Failed to reset password.',
  useServerMessage: false,
};

export function failureMessage(err: unknown, wording: FailureWording): string {
  if (!(err instanceof ApiError)) return wording.fallback;
  if (err.status === 0) return ONBOARDING_MESSAGES.network;
  const known = wording.byStatus[err.status];
  if (known) return known;
  // Rate limiting is ours, not the spec's: the server says how long to wait.
  if (err.status === 429 && err.fromServer) return err.message;
  return wording.useServerMessage && err.fromServer ? err.message : wording.fallback;
}
