import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { wantsAppPage } from '@evergrade/contracts';
import { commandService, createIdOwners, createQuestionLocator, createResponseLocator, type LoginLimits } from '@evergrade/command-service';
import { queryService, attachGateway, type SiteSettings } from '@evergrade/query-service';
import {
  allProjections,
  createProjectorRunner,
  createSummaryWriter,
  registerProjectionLag,
  type ProjectorRunner,
  type SummaryWriter,
} from '@evergrade/projectors';
import { createSessionStore, migrateSessions, type SessionStore } from '@evergrade/platform/auth';
import { createBlobStoreFromConfig, createLocalBlobStore, type BlobStore } from '@evergrade/platform/blob';
import { createInProcessBus, type NoticeBus } from '@evergrade/platform/bus';
import { createEventStore, createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import { createHttpServer, jsonNotFound } from '@evergrade/platform/http';
import { createKafkaRelay, registerRelayLag } from '@evergrade/platform/kafka';
import { METRIC_NAMES, countAppends, createMetrics, registerMetrics, type Metrics } from '@evergrade/platform/metrics';
import { setUpMail, type DevOutbox } from '@evergrade/platform/mail';
import { createRateLimiter, migrateRateLimits } from '@evergrade/platform/rate-limit';
import { openPgliteDatabase, openPostgresDatabase, type Database } from '@evergrade/platform/sql';
import { seedDemoSchool, seedSharedLibrary } from '@evergrade/command-service';
import { createDeadlineReactor, type DeadlineReactor } from '@evergrade/command-service';
import { offlineAiProvider, type AiProvider } from '@evergrade/platform/ai';
import { createEspeakSynthesizer, type SpeechSynthesizer } from '@evergrade/platform/speech';
import swaggerUi from '@fastify/swagger-ui';
import { registerOpenApi } from './openapi';
import { createAssistantLibrary, createGuestAllowance, guestDailyLimit } from '@evergrade/assistant';
import { guestChatRoutes } from '@evergrade/query-service';

export type StandaloneOptions = {
  port: number;
  /** Default 127.0.0.1 (this machine only). */
  host?: string;
  /** PGlite data directory; ignored when databaseUrl is set. Undefined means in memory. */
  dataDir?: string;
  databaseUrl?: string;
  /** KurrentDB / EventStoreDB (EVENTSTORE_URL): the events live there; read models and the rest stay in the database. */
  eventStoreUrl?: string;
  seedDemo?: boolean;
  uiDir?: string;
  logLevel?: string;
  sessionTtlHours?: number;
  cookieSecure?: boolean;
  /** Login limits (command-service's LOGIN_LIMITS by default); tests set small ones. */
  loginLimits?: LoginLimits;
  /** Trust X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
  now?: () => Date;
  /**
   * SMTP when `smtpUrl` is set; the dev outbox (`GET /dev/mail` for loopback clients, messages printed) unless
   * `nodeEnv` is production, or `host` is not loopback and `devOutbox` is not true. nodeEnv defaults to NODE_ENV.
   */
  mail?: { smtpUrl?: string | undefined; from?: string; nodeEnv?: 'development' | 'test' | 'production'; devOutbox?: boolean | undefined };
  /**
   * Blob storage (editor images). Unset: local files under `{dataDir}/blobs` with a signing secret kept in
   * dataDir, or, in memory, a temporary directory removed on close.
   */
  blobs?: BlobStore;
  /** Origins browsers reach the blob store at besides this server (S3's public endpoint), for the CSP. */
  blobOrigins?: readonly string[];
  /** The AI provider (from AI_BASE_URL / AI_MODEL in main.ts). Unset: the offline provider. */
  ai?: AiProvider;
  /** FEEDBACK_URL: "Report a problem" opens this form; unset, the app's own form, whose reports the school's admin reads. */
  feedbackUrl?: string | undefined;
  /** The study assistant's chat (issue 13): its limits and the guest cookie's secret; unset, the defaults below. */
  assistant?: {
    /** GUEST_DAILY_CHATS; unset: CHAT_LIMITS.guestDailyChats. */
    guestDailyChats?: number | undefined;
    /** Signs the guest cookie. Unset: kept in `{dataDir}/guest-secret` (made once), or, in memory, random for this run. */
    guestSecret?: string | undefined;
    /** Questions a minute (CHAT_LIMITS.userPerMinute, guestPerMinute) and the cap on one reply (30 s); tests set small ones. */
    userPerMinute?: number;
    guestPerMinute?: number;
    replyCapMs?: number;
  };
  /** Reads answers aloud (createSpeechSynthesizer in main.ts). Unset: the offline synthesizer (eSpeak-NG). */
  speech?: SpeechSynthesizer;
  /** The public pages' settings (LANDING_PAGE, BOOKING_URL, SIGNUP_URL, GUEST_DAILY_CHATS, SITE_GRADING_ACCURACY). */
  site?: SiteSettings;
  /**
   * The platform operator's key (read-model status and rebuilds, `X-Operator-Key`). Unset: kept in
   * `{dataDir}/operator-key` (made once, readable by the owner only; `npm run replay` reads it there), or, in memory, a
   * random one for this run.
   */
  operatorKey?: string | undefined;
  /** METRICS_TOKEN: /metrics answers a bearer of it from anywhere; unset, loopback clients only. */
  metricsToken?: string | undefined;
  /** KAFKA_BROKERS (config.kafka): the outbox relay publishes every event to the topic (platform/src/kafka). */
  kafka?: { brokers: readonly string[]; topic: string; clientId: string; idempotent?: boolean } | undefined;
};

export type Standalone = {
  url: string;
  app: FastifyInstance;
  store: EventStore;
  db: Database;
  bus: NoticeBus;
  sessions: SessionStore;
  /** Null when the outbox is off (production, or a non-loopback host without DEV_OUTBOX=true). */
  devOutbox: DevOutbox | null;
  runner: ProjectorRunner;
  /** What the runner reads and writes through: on PostgreSQL a pool (and store) of its own, else `db` and `store`. */
  projectorDb: Database;
  projectorStore: EventStore;
  /** The server's clock for timed work (submits expired sessions). */
  deadlines: DeadlineReactor;
  /** Writes the student and class summaries when grades settle (projectors/src/summaries). */
  summaries: SummaryWriter;
  blobs: BlobStore;
  seeded: boolean;
  /** The operator key the server accepts (see StandaloneOptions.operatorKey). */
  operatorKey: string;
  /** This server's /metrics registry: another part (the Kafka relay) registers its gauges here. */
  metrics: Metrics;
  close(): Promise<void>;
};

/** The projectors' own pool (PostgreSQL): the live loop's read and transaction, LISTEN, and a rebuild's build. */
const PROJECTOR_CONNECTIONS = 6;

export const defaultUiDir = fileURLToPath(new URL('../../ui/dist', import.meta.url));

/** One process: the event store, every service plugin, the projectors and the built UI. */
export async function startStandalone(options: StandaloneOptions): Promise<Standalone> {
  const db = options.databaseUrl
    ? openPostgresDatabase({ connectionString: options.databaseUrl })
    : await openPgliteDatabase(options.dataDir ? { dataDir: options.dataDir } : {});
  const metrics = createMetrics({ service: 'standalone' });
  const store = countAppends(await createEventStore(db, { eventStoreUrl: options.eventStoreUrl }), metrics);
  await migrateSessions(db);
  const sessions = createSessionStore(db, { ttlHours: options.sessionTtlHours ?? 12 });
  await migrateRateLimits(db);
  const limiter = createRateLimiter(db);
  const host = options.host ?? '127.0.0.1';
  const mail = await setUpMail(db, {
    standalone: true,
    host,
    devOutbox: options.mail?.devOutbox,
    nodeEnv: options.mail?.nodeEnv ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development'),
    smtpUrl: options.mail?.smtpUrl,
    from: options.mail?.from ?? 'Evergrade <no-reply@evergrade.local>',
    // Codes are printed so a local user can sign up; quiet tests stay quiet.
    print: options.logLevel === 'silent' ? () => {} : console.log,
  });
  const now = options.now ?? (() => new Date());
  const blobs = options.blobs ?? (await openLocalBlobs(options.dataDir, now));
  const bus = createInProcessBus();
  // On PostgreSQL the projectors get connections of their own: a batch never waits behind requests for a pooled one.
  const projectorDb = options.databaseUrl
    ? openPostgresDatabase({ connectionString: options.databaseUrl, max: PROJECTOR_CONNECTIONS })
    : db;
  const projectorStore = projectorDb === db || options.eventStoreUrl ? store : await createSqlEventStore(projectorDb);
  const runner = createProjectorRunner({ store: projectorStore, db: projectorDb, bus, projections: allProjections });
  await runner.start();
  // The outbox relay, when KAFKA_BROKERS is set: it keeps its own checkpoint and retries until the broker answers.
  const relay = options.kafka ? createKafkaRelay({ store, db, ...options.kafka }) : null;
  await relay?.start();
  // Follows the log, not a read model. Not awaited: a first start over an older data directory reads the whole log.
  const deadlines = createDeadlineReactor({ store, db, now });
  deadlines.start().catch((err: unknown) => console.error('the deadline process could not start', err));
  // Reads the read models (its to-do list is the summaries read model) and appends summary events.
  const summaries = createSummaryWriter({ db, store, bus, ai: options.ai ?? offlineAiProvider, now });
  summaries.start().catch((err: unknown) => console.error('the summary writer could not start', err));
  const owners = createIdOwners(store, { now });
  await seedSharedLibrary(store, now());
  const seeded = options.seedDemo === false ? false : await seedDemoSchool(store);

  const speech = options.speech ?? createEspeakSynthesizer();
  const uiDir = options.uiDir ?? defaultUiDir;
  const hasUi = existsSync(path.join(uiDir, 'index.html'));
  const operatorKey =
    options.operatorKey ?? (options.dataDir ? await keptOperatorKey(options.dataDir) : randomBytes(24).toString('base64url'));
  const app = await createHttpServer({
    operatorKey,
    trustProxy: options.trustProxy ?? false,
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    securityHeaders: { blobOrigins: options.blobOrigins ?? [] },
    notFound: (request, reply) => {
      // A page path gets the app, which routes it (the login page for unknown pages); an unknown API path a JSON 404.
      const page = wantsAppPage(request.method, request.url.split('?')[0]!, request.headers.accept);
      return hasUi && page ? reply.type('text/html').sendFile('index.html') : jsonNotFound(request, reply);
    },
  });
  registerMetrics(app, metrics, { token: options.metricsToken });
  // The same health check as the distributed services (the smoke script and a load balancer ask it).
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await registerOpenApi(app);
  await app.register(swaggerUi, { routePrefix: '/api-docs' });
  await app.register(commandService, {
    store,
    sessions,
    now,
    cookieSecure: options.cookieSecure ?? false,
    mailer: mail.mailer,
    limiter,
    ...(options.loginLimits ? { loginLimits: options.loginLimits } : {}),
    locateQuestion: createQuestionLocator(owners),
    locateResponse: createResponseLocator(owners),
    blobs,
    ai: options.ai ?? offlineAiProvider,
  });
  await app.register(queryService, {
    db,
    sessions,
    store,
    eventLog: store,
    devOutbox: mail.outbox,
    blobs,
    ai: options.ai ?? offlineAiProvider,
    feedbackUrl: options.feedbackUrl,
    speech,
    limiter,
    site: options.site ?? {},
  });
  if (hasUi) await app.register(fastifyStatic, { root: uiDir, wildcard: false, index: ['index.html'] });
  // The study assistant: the chat socket's events and guests' daily allowance (an event stream per guest and day).
  const guestSecret =
    options.assistant?.guestSecret ?? (options.dataDir ? await keptGuestSecret(options.dataDir) : randomBytes(32).toString('base64url'));
  const guests = createGuestAllowance(store, guestDailyLimit(options.assistant?.guestDailyChats));
  guestChatRoutes(app, { sessions, guests, guestSecret, cookieSecure: options.cookieSecure ?? false, now });
  const gateway = await attachGateway(app.server, {
    sessions,
    bus,
    db,
    assistant: {
      store,
      library: createAssistantLibrary(db),
      ai: options.ai ?? offlineAiProvider,
      limiter,
      guests,
      now,
      guestSecret,
      trustProxy: options.trustProxy ?? false,
      ...(options.assistant?.userPerMinute !== undefined ? { userPerMinute: options.assistant.userPerMinute } : {}),
      ...(options.assistant?.guestPerMinute !== undefined ? { guestPerMinute: options.assistant.guestPerMinute } : {}),
      ...(options.assistant?.replyCapMs !== undefined ? { replyCapMs: options.assistant.replyCapMs } : {}),
    },
  });

  metrics.gauge({ name: METRIC_NAMES.socketClients, help: 'Socket.io clients connected to this process', read: () => gateway.clients() });
  registerProjectionLag(metrics, projectorDb, projectorStore);
  registerRelayLag(metrics);

  const address = await app.listen({ port: options.port, host });
  const port = new URL(address).port;
  const url = `http://localhost:${port}`;
  // `npm run replay` on PGlite asks this server to rebuild (the data directory is held by it) instead of opening it.
  const serverFile = options.dataDir && !options.databaseUrl ? path.join(options.dataDir, SERVER_FILE) : null;
  if (serverFile)
    await writeFile(
      serverFile,
      JSON.stringify({
        url: `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
        pid: process.pid,
      }),
    );
  return {
    url,
    app,
    store,
    db,
    bus,
    sessions,
    devOutbox: mail.outbox,
    runner,
    projectorDb,
    projectorStore,
    seeded,
    blobs,
    deadlines,
    summaries,
    operatorKey,
    metrics,
    async close() {
      if (serverFile) await rm(serverFile, { force: true });
      await gateway.close();
      await app.close();
      await speech.close();
      mail.close();
      await deadlines.stop();
      await summaries.stop();
      await owners.close();
      await runner.stop();
      await relay?.stop();
      await bus.close();
      if (projectorStore !== store) await projectorStore.close();
      if (projectorDb !== db) await projectorDb.close();
      await store.close();
      await blobs.close?.();
      await db.close();
    },
  };
}

/** Where a running standalone server on a PGlite data directory says where it listens (`npm run replay` reads it). */
export const SERVER_FILE = 'server.json';
export const OPERATOR_KEY_FILE = 'operator-key';

/** The operator key kept in the data directory: made once, readable by its owner only. */
export async function keptOperatorKey(dataDir: string): Promise<string> {
  const file = path.join(dataDir, OPERATOR_KEY_FILE);
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept.length >= 24) return kept;
  } catch {
    /* not made yet */
  }
  const key = randomBytes(24).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${key}\n`, { mode: 0o600 });
  return key;
}

export const GUEST_SECRET_FILE = 'guest-secret';

/** The guest cookie's signing secret kept in the data directory, like the operator key: made once, owner-only. */
export async function keptGuestSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, GUEST_SECRET_FILE);
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept.length >= 32) return kept;
  } catch {
    /* not made yet */
  }
  const secret = randomBytes(32).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Files under the data directory; in memory, a temporary directory with a one-off secret, removed on close. */
async function openLocalBlobs(dataDir: string | undefined, now: () => Date): Promise<BlobStore> {
  if (dataDir) return createBlobStoreFromConfig({ dataDir, blobDir: undefined, blobSigningSecret: undefined, s3: undefined }, { now });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'evergrade-blobs-'));
  const store = createLocalBlobStore({ dir, signingSecret: randomBytes(32).toString('base64url'), now });
  return { ...store, close: () => rm(dir, { recursive: true, force: true }) };
}
