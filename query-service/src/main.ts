import { loadConfig } from '@evergrade/platform/config';
import { createSessionStore, migrateSessions } from '@evergrade/platform/auth';
import { createAiProvider } from '@evergrade/platform/ai';
import { createRateLimiter, migrateRateLimits } from '@evergrade/platform/rate-limit';
import { createSpeechSynthesizer } from '@evergrade/platform/speech';
import { createBlobStoreFromConfig } from '@evergrade/platform/blob';
import { createPostgresBus } from '@evergrade/platform/bus';
import { createEventStore } from '@evergrade/platform/event-store';
import { createHttpServer, onShutdown, s3BrowserOrigins } from '@evergrade/platform/http';
import { createDevOutbox, devOutboxEnabled, devOutboxWarning, migrateDevOutbox } from '@evergrade/platform/mail';
import { countAppends, createMetrics, registerMetrics, METRIC_NAMES } from '@evergrade/platform/metrics';
import { openPostgresDatabase } from '@evergrade/platform/sql';
import { queryService } from './app';
import { attachGateway } from './gateway';
import { wireAssistant } from './assistant-wiring';

/** The query side as its own process: read models, and the socket gateway fed by the notice bus. */
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required to run the query service on its own');
const db = openPostgresDatabase({ connectionString: config.databaseUrl });
await migrateSessions(db);
const sessions = createSessionStore(db, { ttlHours: config.sessionTtlHours });
const bus = createPostgresBus(db);
// The command process writes the outbox; this one only reads it, under the same rule for when it exists.
// (Off on a non-loopback HOST unless DEV_OUTBOX=true; the route answers loopback clients only.)
const outboxRule = { nodeEnv: config.nodeEnv, smtpUrl: config.smtpUrl, host: config.host, devOutbox: config.devOutbox };
const devOutbox = devOutboxEnabled(outboxRule) ? createDevOutbox(db) : null;
if (devOutbox) await migrateDevOutbox(db);
const outboxWarning = devOutboxWarning(outboxRule);
if (outboxWarning) console.warn(outboxWarning);
const blobs = await createBlobStoreFromConfig(config);
await migrateRateLimits(db);
const speech = createSpeechSynthesizer(config);
// The log in KurrentDB when EVENTSTORE_URL is set, else PostgreSQL's events table: read-your-writes, the analysts'
// replays, the operator's lag figures and the study assistant's events.
const eventLog = await createEventStore(db, { eventStoreUrl: config.eventStoreUrl });
const app = await createHttpServer({
  trustProxy: config.trustProxy,
  securityHeaders: { blobOrigins: s3BrowserOrigins(config.s3) },
  operatorKey: config.operatorKey ?? null,
});
await app.register(queryService, {
  db,
  sessions,
  store: eventLog,
  eventLog,
  devOutbox,
  blobs,
  ai: createAiProvider(config),
  feedbackUrl: config.feedbackUrl,
  speech,
  limiter: createRateLimiter(db),
  site: {
    landingPage: config.landingPage,
    bookingUrl: config.bookingUrl,
    signupUrl: config.signupUrl,
    guestDailyChats: config.guestDailyChats,
    gradingAccuracy: config.siteGradingAccuracy,
  },
});
app.get('/healthz', async () => ({ status: 'ok' }));
const metrics = createMetrics({ service: 'query' });
registerMetrics(app, metrics, { token: config.metricsToken });
// The study assistant's chat on the socket (answers and guests' allowance are events) and the guests' counter route.
const assistant = await wireAssistant(
  app,
  { db, sessions, ai: createAiProvider(config), store: countAppends(eventLog, metrics) },
  {
    guestDailyChats: config.guestDailyChats,
    guestCookieSecret: config.guestCookieSecret,
    trustProxy: config.trustProxy,
    cookieSecure: config.cookieSecure,
  },
);
const gateway = await attachGateway(app.server, { sessions, bus, db, assistant: assistant.gateway, redisUrl: config.redisUrl });
metrics.gauge({ name: METRIC_NAMES.socketClients, help: 'Socket.io clients connected to this process', read: () => gateway.clients() });
await app.listen({ port: config.port, host: config.host });
onShutdown(async () => {
  await gateway.close();
  await assistant.close();
  await app.close();
  await speech.close();
  await eventLog.close();
  await bus.close();
  await blobs.close?.();
  await db.close();
});
