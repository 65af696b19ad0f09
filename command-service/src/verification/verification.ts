import { type EventOf, type Role } from '@evergrade/contracts';

/**
 * A one-time e-mail code, one stream per (tenant, purpose, address): `verification:{tenant}:{purpose}:{email}`.
 * Only the code's hash is stored. A new code replaces the old; a used or locked code is dead.
 */
export type VerificationEvent = EventOf<
  'VerificationCodeIssued' | 'VerificationCodeRejected' | 'VerificationCodeVerified' | 'VerificationCodeUsed'
>;
export type Purpose = EventOf<'VerificationCodeIssued'>['data']['purpose'];

export const CODE_TTL_MS = 120_000;
/** After verifying, the signup form (names, password) still has to be filled in: the verification lasts longer than the code. */
export const VERIFIED_TTL_MS = 15 * 60_000;
export const MAX_WRONG_ATTEMPTS = 5;
export const MAX_CODES_PER_WINDOW = 5;
export const CODE_WINDOW_MS = 15 * 60_000;
export const MIN_CODE_INTERVAL_MS = 30_000;

export type Code = { email: string; role: Role; codeHash: string; expiresAt: string; wrongAttempts: number };

type Status =
  | { status: 'none' }
  | { status: 'pending'; code: Code }
  | { status: 'verified'; code: Code; verifiedAt: string }
  | { status: 'used' }
  | { status: 'locked' };

/** `issuedAt` of the latest codes, at most MAX_CODES_PER_WINDOW: enough to throttle requests. */
export type Verification = Status & { recentIssues: string[] };

export const initialState = (): Verification => ({ status: 'none', recentIssues: [] });

export function evolve(state: Verification, event: VerificationEvent): Verification {
  const { recentIssues } = state;
  switch (event.type) {
    case 'VerificationCodeIssued': {
      const { email, role, codeHash, expiresAt, issuedAt } = event.data;
      return {
        status: 'pending',
        code: { email, role, codeHash, expiresAt, wrongAttempts: 0 },
        recentIssues: [...recentIssues, issuedAt].slice(-MAX_CODES_PER_WINDOW),
      };
    }
    case 'VerificationCodeRejected': {
      if ((state.status !== 'pending' && state.status !== 'verified') || event.data.reason !== 'wrong') return state;
      const wrongAttempts = state.code.wrongAttempts + 1;
      return wrongAttempts >= MAX_WRONG_ATTEMPTS
        ? { status: 'locked', recentIssues }
        : { ...state, code: { ...state.code, wrongAttempts } };
    }
    case 'VerificationCodeVerified':
      return state.status === 'pending' ? { status: 'verified', code: state.code, verifiedAt: event.data.verifiedAt, recentIssues } : state;
    case 'VerificationCodeUsed':
      return { status: 'used', recentIssues };
  }
}

export { GoneError } from '@evergrade/contracts';
