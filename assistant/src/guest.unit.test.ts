import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '@evergrade/contracts';
import { guestDailyLimit, guestDay, guestKeyOf, guestRenewsAt, newGuestCookie, renewalText, verifyGuestCookie } from './guest';

describe('the guest cookie and key', () => {
  const secret = 's'.repeat(40);

  it('verifies its own signature only', () => {
    const cookie = newGuestCookie(secret);
    const id = verifyGuestCookie(secret, cookie);
    expect(id).toMatch(/^[\w-]{20,}$/);
    expect(verifyGuestCookie('another secret of enough length........', cookie)).toBeNull();
    expect(verifyGuestCookie(secret, `${id}x.${cookie.split('.')[1]}`)).toBeNull();
    expect(verifyGuestCookie(secret, `${id}.`)).toBeNull();
    for (const bad of [undefined, null, '', '.', 'nodot', 'x'.repeat(500)]) expect(verifyGuestCookie(secret, bad)).toBeNull();
  });

  it('keys a guest by cookie and address together, without storing either', () => {
    const a = guestKeyOf('id1', '203.0.113.9');
    expect(a).toHaveLength(32);
    expect(a).not.toContain('203.0.113.9');
    expect(guestKeyOf('id1', '203.0.113.9')).toBe(a);
    expect(guestKeyOf('id2', '203.0.113.9')).not.toBe(a);
    expect(guestKeyOf('id1', '198.51.100.1')).not.toBe(a);
    expect(guestKeyOf(null, '203.0.113.9')).not.toBe(a);
  });
});

describe('the guest day', () => {
  it('is the UTC date and renews at the next 00:00 UTC', () => {
    const now = new Date('2026-11-26T21:47:10Z');
    expect(guestDay(now)).toBe('2026-11-26');
    expect(guestRenewsAt(now).toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(renewalText(now)).toBe('00:00 UTC (in 2 h 13 min)');
    expect(renewalText(new Date('2026-11-26T23:59:30Z'))).toBe('00:00 UTC (in 1 min)');
  });

  it('allows GUEST_DAILY_CHATS a day, or the spec default', () => {
    expect(guestDailyLimit(undefined)).toBe(CHAT_LIMITS.guestDailyChats);
    expect(guestDailyLimit(3)).toBe(3);
    expect(guestDailyLimit(0)).toBe(0);
    expect(guestDailyLimit(-1)).toBe(CHAT_LIMITS.guestDailyChats);
  });
});
