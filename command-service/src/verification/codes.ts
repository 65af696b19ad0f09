import { randomInt } from 'node:crypto';
import { UnauthorizedError, streamIds, type Role } from '@evergrade/contracts';
import { hashPassword, verifyPassword } from '@evergrade/platform/auth';
import { WrongExpectedVersionError, type EventMetadata, type EventStore } from '@evergrade/platform/event-store';
import type { Mailer } from '@evergrade/platform/mail';
import { fold, handleCommand } from '../decider';
import { verificationDecider, wasRejected } from './decide';
import { ACCOUNT_MESSAGES as M } from './messages';
import { CODE_TTL_MS, type Purpose, type Verification } from './verification';

/** Six random digits from the CSPRNG; leading zeros count. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Codes are hashed like passwords (scrypt, salt per code): the log is kept forever and a plain SHA of one
 * of a million codes would be reversed at once by anyone who can read it.
 */
const hashCode = (code: string) => hashPassword(code);

export type CodeTarget = { tenant: string; purpose: Purpose; email: string };

const streamOf = (t: CodeTarget) => streamIds.verification(t.tenant, t.purpose, t.email);

export async function loadVerification(store: EventStore, target: CodeTarget): Promise<Verification> {
  return fold(verificationDecider, await store.readStream(streamOf(target)));
}

/** Records a new code (superseding any earlier one; throttled by the decider), then mails it. */
export async function issueCode(
  deps: { store: EventStore; mailer: Mailer; now: () => Date },
  target: CodeTarget & { role: Role; schoolName: string },
  metadata: EventMetadata,
): Promise<void> {
  const code = newCode();
  await handleCommand(
    deps.store,
    streamOf(target),
    verificationDecider,
    {
      type: 'IssueCode',
      purpose: target.purpose,
      email: target.email,
      role: target.role,
      codeHash: await hashCode(code),
      now: deps.now().toISOString(),
    },
    { metadata },
  );
  await deps.mailer.send({ to: target.email, ...codeMail(target.purpose, code, target.schoolName) });
}

/**
 * Checks a presented code against the current one and records the outcome (verified, used, or a wrong
 * attempt); a wrong code is then a 401. The comparison is async, so the stream version is pinned: if a new
 * code arrived meanwhile, compare again.
 */
export async function presentCode(
  deps: { store: EventStore; now: () => Date },
  target: CodeTarget,
  type: 'VerifyCode' | 'UseCode',
  code: string,
  metadata: EventMetadata,
): Promise<void> {
  const stream = streamOf(target);
  for (let attempt = 0; ; attempt++) {
    const recorded = await deps.store.readStream(stream);
    const state = fold(verificationDecider, recorded);
    const hash = state.status === 'pending' || state.status === 'verified' ? state.code.codeHash : null;
    const codeMatches = hash !== null && (await verifyPassword(code, hash));
    try {
      const result = await handleCommand(
        deps.store,
        stream,
        verificationDecider,
        { type, codeMatches, now: deps.now().toISOString() },
        {
          metadata,
          expectedVersion: recorded.length,
        },
      );
      if (wasRejected(result.events)) throw new UnauthorizedError(M.codeInvalid);
      return;
    } catch (err) {
      if (err instanceof WrongExpectedVersionError && attempt < 5) continue;
      throw err;
    }
  }
}

/** The code appears plainly on its own line, so people (and the e2e tests) can read it. */
export function codeMail(purpose: Purpose, code: string, schoolName: string): { subject: string; text: string } {
  const minutes = CODE_TTL_MS / 60_000;
  if (purpose === 'signup') {
    return {
      subject: `Your ${schoolName} verification code`,
      text:
        `Your verification code for ${schoolName} on Evergrade is:\n\n${code}\n\n` +
        `It expires in ${minutes} minutes. If you did not ask to sign up, you can ignore this e-mail.`,
    };
  }
  return {
    subject: `Your ${schoolName} password reset code`,
    text:
      `Your password reset code for ${schoolName} on Evergrade is:\n\n${code}\n\n` +
      `It expires in ${minutes} minutes. If you did not ask to reset your password, you can ignore this e-mail; your password stays as it is.`,
  };
}
