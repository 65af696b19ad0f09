import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createAssistantLibrary, createGuestAllowance, guestDailyLimit } from '@evergrade/assistant';
import type { AiProvider } from '@evergrade/platform/ai';
import type { SessionStore } from '@evergrade/platform/auth';
import type { EventStore } from '@evergrade/platform/event-store';
import { createRateLimiter, migrateRateLimits } from '@evergrade/platform/rate-limit';
import type { Database } from '@evergrade/platform/sql';
import type { AssistantGatewayDeps } from './gateway';
import { guestChatRoutes } from './routes/guest-chat';

export type AssistantWiringConfig = {
  guestDailyChats?: number | undefined;
  guestCookieSecret?: string | undefined;
  trustProxy: boolean;
  cookieSecure: boolean;
};

/**
 * The study assistant in the query service's own process (the distributed mode): the process's event store for the
 * answers and the guests' allowance, the rate limits' tables, and GET /chatbot/guest-chat-remaining. Returns what
 * attachGateway needs, and a close (the store stays open: it is the caller's).
 */
export async function wireAssistant(
  app: FastifyInstance,
  deps: { db: Database; sessions: SessionStore; ai: AiProvider; store: EventStore },
  config: AssistantWiringConfig,
): Promise<{ gateway: AssistantGatewayDeps; close(): Promise<void> }> {
  const { store } = deps;
  await migrateRateLimits(deps.db);
  const guestSecret = config.guestCookieSecret ?? randomBytes(32).toString('base64url');
  if (!config.guestCookieSecret) {
    console.warn(
      'GUEST_COOKIE_SECRET is not set: guest cookies are signed with a secret of this process only (set it when running several).',
    );
  }
  const guests = createGuestAllowance(store, guestDailyLimit(config.guestDailyChats));
  guestChatRoutes(app, { sessions: deps.sessions, guests, guestSecret, cookieSecure: config.cookieSecure });
  return {
    gateway: {
      store,
      library: createAssistantLibrary(deps.db),
      ai: deps.ai,
      limiter: createRateLimiter(deps.db),
      guests,
      guestSecret,
      trustProxy: config.trustProxy,
    },
    close: async () => {},
  };
}
