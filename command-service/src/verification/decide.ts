import { ForbiddenError, TooManyRequestsError, type Role } from '@evergrade/contracts';
import type { Decider } from '../decider';
import { ACCOUNT_MESSAGES as M } from './messages';
import {
  CODE_TTL_MS,
  CODE_WINDOW_MS,
  GoneError,
  MAX_CODES_PER_WINDOW,
  MIN_CODE_INTERVAL_MS,
  VERIFIED_TTL_MS,
  evolve,
  initialState,
  type Purpose,
  type Verification,
  type VerificationEvent,
} from './verification';

/**
 * The route hashes a new code and compares a presented one (scrypt, async), then passes the outcome in,
 * so `decide` stays pure; the stream version pinned by the caller makes sure it compared the current code.
 */
export type VerificationCommand =
  | { type: 'IssueCode'; purpose: Purpose; email: string; role: Role; codeHash: string; now: string }
  | { type: 'VerifyCode'; codeMatches: boolean; now: string }
  /** Password reset presents the code again; a match uses it up. */
  | { type: 'UseCode'; codeMatches: boolean; now: string }
  /** Signup: the account now exists, so whatever code is outstanding is void. */
  | { type: 'CloseVerification'; now: string };

const ms = (iso: string) => Date.parse(iso);
const secondsLeft = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

function issueCode(command: Extract<VerificationCommand, { type: 'IssueCode' }>, state: Verification): VerificationEvent[] {
  const now = ms(command.now);
  const last = state.recentIssues.at(-1);
  if (last && now - ms(last) < MIN_CODE_INTERVAL_MS) {
    throw new TooManyRequestsError(M.waitBeforeNewCode(secondsLeft(ms(last) + MIN_CODE_INTERVAL_MS, now)));
  }
  const oldest = state.recentIssues[0];
  if (state.recentIssues.length >= MAX_CODES_PER_WINDOW && oldest && now - ms(oldest) < CODE_WINDOW_MS) {
    throw new TooManyRequestsError(M.tooManyCodes(Math.ceil(secondsLeft(ms(oldest) + CODE_WINDOW_MS, now) / 60)));
  }
  const { purpose, email, role, codeHash } = command;
  return [
    {
      type: 'VerificationCodeIssued',
      data: { purpose, email, role, codeHash, issuedAt: command.now, expiresAt: new Date(now + CODE_TTL_MS).toISOString() },
    },
  ];
}

/** A live code that matches: null. A live code that does not: the rejection to record. A dead code: 410. */
function checkPresented(command: { codeMatches: boolean; now: string }, state: Verification): VerificationEvent | null {
  const now = ms(command.now);
  if (state.status === 'locked') throw new GoneError(M.codeLocked);
  if (state.status === 'none' || state.status === 'used') throw new GoneError(M.codeExpired);
  // Expiry first, so an expired code burns no attempts and a late right answer still says "expired".
  const lapsed = state.status === 'pending' ? now >= ms(state.code.expiresAt) : now >= ms(state.verifiedAt) + VERIFIED_TTL_MS;
  if (lapsed) throw new GoneError(M.codeExpired);
  if (command.codeMatches) return null;
  return { type: 'VerificationCodeRejected', data: { email: state.code.email, reason: 'wrong', at: command.now } };
}

function verifyCode(command: Extract<VerificationCommand, { type: 'VerifyCode' }>, state: Verification): VerificationEvent[] {
  const rejection = checkPresented(command, state);
  if (rejection) return [rejection];
  if (state.status === 'verified') return [];
  return [{ type: 'VerificationCodeVerified', data: { email: emailOf(state), verifiedAt: command.now } }];
}

function useCode(command: Extract<VerificationCommand, { type: 'UseCode' }>, state: Verification): VerificationEvent[] {
  const rejection = checkPresented(command, state);
  if (rejection) return [rejection];
  return [{ type: 'VerificationCodeUsed', data: { email: emailOf(state), usedAt: command.now } }];
}

function closeVerification(command: Extract<VerificationCommand, { type: 'CloseVerification' }>, state: Verification): VerificationEvent[] {
  if (state.status !== 'pending' && state.status !== 'verified') return [];
  return [{ type: 'VerificationCodeUsed', data: { email: state.code.email, usedAt: command.now } }];
}

const emailOf = (state: Verification) => (state.status === 'pending' || state.status === 'verified' ? state.code.email : '');

export function decide(command: VerificationCommand, state: Verification): VerificationEvent[] {
  switch (command.type) {
    case 'IssueCode':
      return issueCode(command, state);
    case 'VerifyCode':
      return verifyCode(command, state);
    case 'UseCode':
      return useCode(command, state);
    case 'CloseVerification':
      return closeVerification(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const verificationDecider: Decider<VerificationCommand, VerificationEvent, Verification> = { decide, evolve, initialState };

/** Signup may create the account only after this address verified a code for this role, recently. */
export function assertVerifiedFor(state: Verification, role: Role, now: string): void {
  const ok = state.status === 'verified' && state.code.role === role && ms(now) < ms(state.verifiedAt) + VERIFIED_TTL_MS;
  if (!ok) throw new ForbiddenError(M.notVerified);
}

export const wasRejected = (events: readonly VerificationEvent[]) => events.some((e) => e.type === 'VerificationCodeRejected');
