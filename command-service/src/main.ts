import { loadConfig } from '@evergrade/platform/config';
import { createSessionStore, migrateSessions } from '@evergrade/platform/auth';
import { createBlobStoreFromConfig } from '@evergrade/platform/blob';
import { createEventStore } from '@evergrade/platform/event-store';
import { createHttpServer, onShutdown, s3BrowserOrigins } from '@evergrade/platform/http';
import { setUpMail } from '@evergrade/platform/mail';
import { createRateLimiter, migrateRateLimits } from '@evergrade/platform/rate-limit';
import { countAppends, createMetrics, registerMetrics } from '@evergrade/platform/metrics';
import { openPostgresDatabase } from '@evergrade/platform/sql';
import { commandService } from './app';
import { seedDemoSchool } from './demo-school';
import { createDeadlineReactor } from './deadline-reactor';
import { createQuestionLocator } from './question-locator';
import { createResponseLocator } from './grading/locate';
import { createIdOwners } from './id-owners';
import { seedSharedLibrary } from './library/seed';
import { createAiProvider } from '@evergrade/platform/ai';

/** The command side as its own process (distributed mode): PostgreSQL only, no projectors, no UI. */
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required to run the command service on its own');
const db = openPostgresDatabase({ connectionString: config.databaseUrl });
const metrics = createMetrics({ service: 'command' });
// The log in KurrentDB when EVENTSTORE_URL is set, else PostgreSQL's events table; sessions, limits and lookups in PostgreSQL.
const store = countAppends(await createEventStore(db, { eventStoreUrl: config.eventStoreUrl }), metrics);
await migrateSessions(db);
await migrateRateLimits(db);
const sessions = createSessionStore(db, { ttlHours: config.sessionTtlHours });
const mail = await setUpMail(db, {
  nodeEnv: config.nodeEnv,
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  host: config.host,
  devOutbox: config.devOutbox,
});
if (!config.smtpUrl && config.nodeEnv === 'production') console.warn('SMTP_URL is not set: verification and reset e-mails cannot be sent');
await seedSharedLibrary(store);
if (process.env.SEED_DEMO === 'true' && (await seedDemoSchool(store))) console.log('demo school seeded');
const blobs = await createBlobStoreFromConfig(config);
// Owners of ids older builds allocated are found once in the log, in the background (id-owners.ts).
const owners = createIdOwners(store);
const app = await createHttpServer({
  trustProxy: config.trustProxy,
  securityHeaders: { blobOrigins: s3BrowserOrigins(config.s3) },
  operatorKey: config.operatorKey ?? null,
});
await app.register(commandService, {
  store,
  sessions,
  now: () => new Date(),
  cookieSecure: config.cookieSecure,
  mailer: mail.mailer,
  limiter: createRateLimiter(db),
  locateQuestion: createQuestionLocator(owners),
  blobs,
  locateResponse: createResponseLocator(owners),
  ai: createAiProvider(config),
});
app.get('/healthz', async () => ({ status: 'ok' }));
registerMetrics(app, metrics, { token: config.metricsToken });
await app.listen({ port: config.port, host: config.host });
// The server's clock for timed work, following the log; every replica may run it (the decider makes a second submit a
// no-op). Not awaited: a first start reads the whole log.
const deadlines = createDeadlineReactor({ store, db });
deadlines.start().catch((err: unknown) => console.error('the deadline process could not start', err));
onShutdown(async () => {
  await deadlines.stop();
  await app.close();
  await owners.close();
  mail.close();
  await store.close();
  await blobs.close?.();
  await db.close();
});
