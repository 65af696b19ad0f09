import type { FastifyInstance } from 'fastify';
import { routes } from '@evergrade/contracts';
import {
  GUEST_COOKIE,
  GUEST_COOKIE_MAX_AGE_S,
  addressKeyOf,
  guestKeyOf,
  guestRenewsAt,
  newGuestCookie,
  verifyGuestCookie,
  type GuestAllowance,
} from '@evergrade/assistant';
import { registerRoute } from '@evergrade/platform/http';
import type { SessionStore } from '@evergrade/platform/auth';

export type GuestChatRouteDeps = {
  sessions: SessionStore;
  guests: GuestAllowance;
  guestSecret: string;
  cookieSecure: boolean;
  now?: () => Date;
};

/**
 * `GET /chatbot/guest-chat-remaining` (spec document 2 section 7): the chats left today for this guest, who is their
 * signed cookie (set here when missing or forged) and their address, as on the chat socket.
 */
export function guestChatRoutes(app: FastifyInstance, deps: GuestChatRouteDeps): void {
  registerRoute(app, deps.sessions, routes.guestChatRemaining, async (request, reply) => {
    const now = deps.now?.() ?? new Date();
    let guestId = verifyGuestCookie(deps.guestSecret, request.cookies[GUEST_COOKIE]);
    if (!guestId) {
      const cookie = newGuestCookie(deps.guestSecret);
      guestId = verifyGuestCookie(deps.guestSecret, cookie);
      reply.setCookie(GUEST_COOKIE, cookie, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        secure: deps.cookieSecure,
        maxAge: GUEST_COOKIE_MAX_AGE_S,
      });
    }
    const usage = await deps.guests.usage({ guestKey: guestKeyOf(guestId, request.ip), addressKey: addressKeyOf(request.ip) }, now);
    reply.header('cache-control', 'no-store');
    return { remainingChats: usage.remaining, limit: usage.limit, renewsAt: guestRenewsAt(now).toISOString() };
  });
}
