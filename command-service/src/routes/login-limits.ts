import type { FastifyReply } from 'fastify';
import { TooManyRequestsError } from '@evergrade/contracts';
import type { BackoffPolicy, RateLimiter, RateRule } from '@evergrade/platform/rate-limit';
import { ACCOUNT_MESSAGES as M } from '../verification/messages';

/**
 * Password guessing, without a lock-out button:
 * - per (account, client IP): 5 attempts at once, then each next one waits 1 s, 2 s, 4 s … up to 15 min after
 *   the one before (a success clears it; forgotten after a day without attempts). An attacker slows down
 *   only their own pair: the owner, from any other client, signs in with the right password at once.
 * - per client IP: failures over all accounts, high enough for a whole school behind one NAT address.
 * Both are claimed before the password is checked, in one atomic statement each, so a burst of parallel
 * guesses cannot slip under either limit (a success hands its IP slot back: only failures count per IP).
 * Spec: not given (document 1 has only the client's alert); the wording is ACCOUNT_MESSAGES.tooManyLogins.
 */
export type LoginLimits = { pair: BackoffPolicy; ip: RateRule };

export const LOGIN_LIMITS: LoginLimits = {
  pair: { free: 5, baseMs: 1000, maxMs: 15 * 60_000, forgetMs: 24 * 60 * 60_000 },
  ip: { limit: 5000, windowMs: 15 * 60_000 },
};

/** 429 with the wait in the message and in Retry-After (seconds). */
function refuse(reply: FastifyReply, retryAfterMs: number): never {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header('retry-after', String(seconds));
  throw new TooManyRequestsError(M.tooManyLogins(seconds));
}

export type LoginAttempt = { succeeded(): Promise<void>; failed(): Promise<void> };

/** Claims one login attempt for this address from this client, or refuses it with 429. */
export async function claimLoginAttempt(
  limiter: RateLimiter,
  limits: LoginLimits,
  reply: FastifyReply,
  email: string,
  ip: string,
  now: Date,
): Promise<LoginAttempt> {
  const client = clientOf(ip);
  const ipKey = `login:ip:${client}`;
  const pairKey = `login:pair:${email.toLowerCase()}|${client}`;
  // The pair first: a burst at one account from one client is refused there and never touches the school's
  // per-IP budget (only attempts that get to check a password count against it).
  const byPair = await limiter.claim(pairKey, limits.pair, now);
  if (!byPair.allowed) refuse(reply, byPair.retryAfterMs);
  const byIp = await limiter.hit(ipKey, limits.ip, now);
  if (!byIp.allowed) refuse(reply, byIp.retryAfterMs);
  return {
    async succeeded() {
      await limiter.release(ipKey, now);
      await limiter.reset(pairKey);
    },
    async failed() {
      /* both counts stand */
    },
  };
}

/**
 * The client an address stands for: an IPv4 address itself (IPv4-mapped IPv6 too), and an IPv6 address's /64
 * network, since one home or phone is handed a whole /64 and could otherwise take a fresh address per guess.
 */
export function clientOf(ip: string): string {
  const address = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
