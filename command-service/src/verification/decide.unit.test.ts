import { describe, expect, it } from 'vitest';
import { ForbiddenError, TooManyRequestsError } from '@evergrade/contracts';
import { specFor } from '../testing';
import { assertVerifiedFor, verificationDecider } from './decide';
import { ACCOUNT_MESSAGES as M } from './messages';
import { GoneError, evolve, initialState, type VerificationEvent } from './verification';

const spec = specFor(verificationDecider);
const email = 'new.teacher@oak.school';
const t0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (seconds: number) => new Date(t0 + seconds * 1000).toISOString();

const issued = (s = 0, codeHash = 'hash-1'): VerificationEvent => ({
  type: 'VerificationCodeIssued',
  data: { purpose: 'signup', email, role: 'instructor', codeHash, issuedAt: at(s), expiresAt: at(s + 120) },
});
const wrong = (s: number): VerificationEvent => ({ type: 'VerificationCodeRejected', data: { email, reason: 'wrong', at: at(s) } });
const verified = (s: number): VerificationEvent => ({ type: 'VerificationCodeVerified', data: { email, verifiedAt: at(s) } });
const used = (s: number): VerificationEvent => ({ type: 'VerificationCodeUsed', data: { email, usedAt: at(s) } });

const issue = (s: number, codeHash = 'hash-1') => ({
  type: 'IssueCode' as const,
  purpose: 'signup' as const,
  email,
  role: 'instructor' as const,
  codeHash,
  now: at(s),
});
const verify = (s: number, codeMatches = true) => ({ type: 'VerifyCode' as const, codeMatches, now: at(s) });
const use = (s: number, codeMatches = true) => ({ type: 'UseCode' as const, codeMatches, now: at(s) });

describe('IssueCode', () => {
  it('issues a code that expires after 120 seconds', () => {
    spec([])
      .when(issue(0))
      .then([issued(0)]);
  });

  it('supersedes an earlier code, even a verified one', () => {
    spec([issued(0), verified(10)])
      .when(issue(60, 'hash-2'))
      .then([issued(60, 'hash-2')]);
  });

  it('refuses a second request within 30 seconds', () => {
    spec([issued(0)])
      .when(issue(20))
      .thenThrows(TooManyRequestsError, M.waitBeforeNewCode(10));
  });

  it('refuses a sixth request within 15 minutes, saying how long to wait', () => {
    const five = [0, 60, 120, 180, 240].map((s) => issued(s));
    spec(five).when(issue(300)).thenThrows(TooManyRequestsError, M.tooManyCodes(10));
    spec(five)
      .when(issue(900))
      .then([issued(900)]);
  });
});

describe('VerifyCode', () => {
  it('verifies a matching code within its 120 seconds', () => {
    spec([issued(0)])
      .when(verify(119))
      .then([verified(119)]);
  });

  it('records a wrong code, so attempts can be counted', () => {
    spec([issued(0)])
      .when(verify(30, false))
      .then([wrong(30)]);
  });

  it('answers 410 once the code has expired, even for the right code', () => {
    spec([issued(0)])
      .when(verify(120))
      .thenThrows(GoneError, M.codeExpired);
  });

  it('answers 410 for a used code and when no code was asked for', () => {
    spec([issued(0), verified(5), used(9)])
      .when(verify(10))
      .thenThrows(GoneError, M.codeExpired);
    spec([]).when(verify(10)).thenThrows(GoneError, M.codeExpired);
  });

  it('locks the code after five wrong attempts, then answers 410 even for the right one', () => {
    const four = [issued(0), wrong(1), wrong(2), wrong(3), wrong(4)];
    spec(four)
      .when(verify(5, false))
      .then([wrong(5)]);
    spec([...four, wrong(5)])
      .when(verify(6))
      .thenThrows(GoneError, M.codeLocked);
  });

  it('checks the superseding code, not the old one: a new code starts with no wrong attempts', () => {
    const fourWrong = [issued(0), wrong(1), wrong(2), wrong(3), wrong(4)];
    spec([...fourWrong, issued(40, 'hash-2')])
      .when(verify(41, false))
      .then([wrong(41)]);
  });

  it('is idempotent for a code already verified', () => {
    spec([issued(0), verified(5)])
      .when(verify(6))
      .then([]);
  });
});

describe('UseCode (password reset)', () => {
  it('uses a verified code once', () => {
    spec([issued(0), verified(5)])
      .when(use(200))
      .then([used(200)]);
    spec([issued(0), verified(5), used(200)])
      .when(use(201))
      .thenThrows(GoneError, M.codeExpired);
  });

  it('uses an unverified code that is still live, and refuses a wrong one', () => {
    spec([issued(0)])
      .when(use(60))
      .then([used(60)]);
    spec([issued(0)])
      .when(use(60, false))
      .then([wrong(60)]);
  });

  it('lets a verification lapse after 15 minutes', () => {
    spec([issued(0), verified(5)])
      .when(use(5 + 15 * 60))
      .thenThrows(GoneError, M.codeExpired);
  });
});

describe('CloseVerification (account created)', () => {
  it('uses whatever code is outstanding, and does nothing when none is', () => {
    spec([issued(0), verified(5)])
      .when({ type: 'CloseVerification', now: at(30) })
      .then([used(30)]);
    spec([issued(0), verified(5), used(30)])
      .when({ type: 'CloseVerification', now: at(31) })
      .then([]);
  });
});

describe('assertVerifiedFor', () => {
  const state = (events: VerificationEvent[]) => events.reduce(evolve, initialState());

  it('passes a recent verification for the same role', () => {
    expect(() => assertVerifiedFor(state([issued(0), verified(5)]), 'instructor', at(600))).not.toThrow();
  });

  it.each([
    ['no code', [] as VerificationEvent[], 'instructor', 10],
    ['a code never verified', [issued(0)], 'instructor', 10],
    ['a code verified for another role', [issued(0), verified(5)], 'student', 10],
    ['a verification older than 15 minutes', [issued(0), verified(5)], 'instructor', 5 + 15 * 60],
    ['a used code', [issued(0), verified(5), used(9)], 'instructor', 10],
  ] as const)('refuses %s with 403', (_name, events, role, s) => {
    expect(() => assertVerifiedFor(state([...events]), role, at(s))).toThrow(ForbiddenError);
    expect(() => assertVerifiedFor(state([...events]), role, at(s))).toThrow(M.notVerified);
  });
});
