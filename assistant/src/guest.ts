import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHAT_LIMITS, SHARED_LIBRARY_TENANT, streamIds } from '@evergrade/contracts';
import { WrongExpectedVersionError, type EventStore } from '@evergrade/platform/event-store';

/**
 * Guests' daily allowance (issue 13, spec document 2: "a daily remaining-chats counter"): a guest is a signed cookie
 * (a random id and its HMAC under a server secret) together with the client's address; their hash is the guestKey.
 * Each chat is a GuestChatUsed on `guest-chat:{day}:{guestKey}`, appended before answering with the stream's version
 * as the expected one, so two chats racing for the last slot cannot both pass, and the count survives restarts. The
 * day is the UTC date: the allowance renews at 00:00 UTC.
 */
export const GUEST_COOKIE = 'evergrade_guest';
/** A year: the cookie only names the guest; the allowance itself is per day. */
export const GUEST_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

const sign = (secret: string, id: string) => createHmac('sha256', secret).update(`guest:${id}`).digest('base64url');

/** A new cookie value: `{id}.{signature}`. */
export function newGuestCookie(secret: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${sign(secret, id)}`;
}

/** The guest id of a cookie value signed with `secret`, or null (missing, malformed, forged). */
export function verifyGuestCookie(secret: string, value: string | undefined | null): string | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const id = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The allowance's key: the cookie's id (or none) with the client's address, hashed (no address is stored). */
export function guestKeyOf(guestId: string | null, address: string): string {
  return createHash('sha256')
    .update(`${guestId ?? '-'}|${address}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * The client address's own key: a new cookie is free to get, so one address has a coarser cap of its own across its
 * cookies (ADDRESS_FACTOR × the limit: a school or a household behind one address still gets several guests' chats).
 */
export function addressKeyOf(address: string): string {
  return createHash('sha256').update(`address|${address}`).digest('base64url').slice(0, 32);
}

export const ADDRESS_FACTOR = 4;

/** Whose allowance: the guest's (cookie and address) and the address's. */
export type GuestKeys = { guestKey: string; addressKey: string };

export const guestDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The next 00:00 UTC. */
export function guestRenewsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** "00:00 UTC (in 3 h 12 min)": for CHAT_MESSAGES.guestLimitReached. */
export function renewalText(now: Date): string {
  const minutes = Math.max(1, Math.ceil((guestRenewsAt(now).getTime() - now.getTime()) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `00:00 UTC (in ${h > 0 ? `${h} h ` : ''}${m} min)`;
}

/** GUEST_DAILY_CHATS, or CHAT_LIMITS.guestDailyChats. */
export function guestDailyLimit(configured: number | string | undefined): number {
  const n = typeof configured === 'string' ? Number(configured) : configured;
  return n !== undefined && Number.isInteger(n) && n >= 0 ? n : CHAT_LIMITS.guestDailyChats;
}

export type GuestAllowance = {
  /** Chats used today and left (the fewer of the guest's and their address's). */
  usage(keys: GuestKeys, now: Date): Promise<{ used: number; remaining: number; limit: number }>;
  /** Takes one chat of today's allowance, or says none is left. Race-safe for the guest's own count. */
  take(keys: GuestKeys, now: Date): Promise<{ ok: true; remaining: number } | { ok: false; renewsAt: string }>;
};

const GUEST_META = { tenant: SHARED_LIBRARY_TENANT, actorRole: 'guest' };

export function createGuestAllowance(store: EventStore, limit: number): GuestAllowance {
  // The day stream holds GuestChatUsed and the answers' AssistantAnswered: the count is the former.
  const read = async (stream: string) => {
    const events = await store.readStream(stream);
    return { used: events.filter((e) => e.type === 'GuestChatUsed').length, version: events.at(-1)?.streamVersion ?? 0 };
  };
  const addressLimit = limit * ADDRESS_FACTOR;
  return {
    async usage({ guestKey, addressKey }, now) {
      const day = guestDay(now);
      const [{ used }, address] = await Promise.all([read(streamIds.guestChat(day, guestKey)), read(streamIds.guestChat(day, addressKey))]);
      return { used, remaining: Math.max(0, Math.min(limit - used, addressLimit - address.used)), limit };
    },
    async take({ guestKey, addressKey }, now) {
      const day = guestDay(now);
      const stream = streamIds.guestChat(day, guestKey);
      const addressStream = streamIds.guestChat(day, addressKey);
      const address = await read(addressStream);
      if (address.used >= addressLimit) return { ok: false, renewsAt: renewalText(now) };
      // A lost race re-reads and tries again; the winner's chat counts, so the loop ends at the limit at the latest.
      for (let attempt = 0; ; attempt++) {
        const { used, version } = await read(stream);
        if (used >= limit) return { ok: false, renewsAt: renewalText(now) };
        try {
          await store.append(stream, [{ type: 'GuestChatUsed', data: { day, at: now.toISOString() }, metadata: GUEST_META }], {
            expectedVersion: version === 0 ? 'no_stream' : version,
          });
          // The address's count is a coarse cap: appended after, without a version (a race may pass it by a chat).
          await store.append(addressStream, [{ type: 'GuestChatUsed', data: { day, at: now.toISOString() }, metadata: GUEST_META }], {
            expectedVersion: 'any',
          });
          return { ok: true, remaining: Math.max(0, Math.min(limit - used - 1, addressLimit - address.used - 1)) };
        } catch (err) {
          if (!(err instanceof WrongExpectedVersionError) || attempt >= 20) throw err;
        }
      }
    },
  };
}
