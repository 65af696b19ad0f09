import { z } from 'zod';

// An empty variable (FOO= in a .env file) means "not set", not "set to nothing".
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

export const EnvSchema = z
  .object({
    PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65_535).default(3000)),
    // This machine only unless the operator opens it up (HOST=0.0.0.0 for every interface).
    HOST: z.preprocess(unsetIfEmpty, z.string().default('127.0.0.1')),
    DATA_DIR: z.preprocess(unsetIfEmpty, z.string().default('./data')),
    DATABASE_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    NODE_ENV: z.preprocess(unsetIfEmpty, z.enum(['development', 'test', 'production']).default('development')),
    SESSION_TTL_HOURS: z.preprocess(unsetIfEmpty, z.coerce.number().positive().default(12)),
    COOKIE_SECURE: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).optional()),
    SMTP_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^smtps?$/ }).optional()),
    DEV_OUTBOX: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).optional()),
    MAIL_FROM: z.preprocess(unsetIfEmpty, z.string().default('Evergrade <no-reply@evergrade.local>')),
    TRUST_PROXY: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).default('false')),
    AI_BASE_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()),
    AI_API_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
    AI_MODEL: z.preprocess(unsetIfEmpty, z.string().optional()),
    AI_TIMEOUT_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().positive().default(120_000)),
    BLOB_DIR: z.preprocess(unsetIfEmpty, z.string().optional()),
    BLOB_SIGNING_SECRET: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters').optional()),
    S3_BUCKET: z.preprocess(unsetIfEmpty, z.string().optional()),
    S3_REGION: z.preprocess(unsetIfEmpty, z.string().default('us-east-1')),
    S3_ENDPOINT: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()),
    S3_PUBLIC_ENDPOINT: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/ }).optional()),
    S3_ACCESS_KEY_ID: z.preprocess(unsetIfEmpty, z.string().optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
    S3_FORCE_PATH_STYLE: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).default('false')),
    OPERATOR_KEY: z.preprocess(unsetIfEmpty, z.string().min(24, 'must be at least 24 characters').optional()),
    FEEDBACK_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional()),
    // The public pages (issue 13): the guest landing page at `/`, and /website2's links and figures.
    LANDING_PAGE: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).default('false')),
    BOOKING_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional()),
    SIGNUP_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional()),
    GUEST_DAILY_CHATS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(1000).optional()),
    SITE_GRADING_ACCURACY: z.preprocess(unsetIfEmpty, z.coerce.number().min(0).max(1).optional()),
    AI_TTS_MODEL: z.preprocess(unsetIfEmpty, z.string().optional()),
    AI_TTS_VOICE: z.preprocess(unsetIfEmpty, z.string().default('alloy')),
    GUEST_COOKIE_SECRET: z.preprocess(unsetIfEmpty, z.string().min(32, 'must be at least 32 characters').optional()),
    // Issue 15: sockets across query-service replicas, and who may read /metrics besides loopback.
    REDIS_URL: z.preprocess(unsetIfEmpty, z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional()),
    METRICS_TOKEN: z.preprocess(unsetIfEmpty, z.string().min(16, 'must be at least 16 characters').optional()),
    // The Kafka outbox relay (issue 15): on whenever KAFKA_BROKERS is set.
    KAFKA_BROKERS: z.preprocess(unsetIfEmpty, z.string().optional()),
    KAFKA_TOPIC: z.preprocess(unsetIfEmpty, z.string().default('evergrade.events')),
    KAFKA_CLIENT_ID: z.preprocess(unsetIfEmpty, z.string().default('evergrade')),
    PROJECTIONS_FROM_KAFKA: z.preprocess(unsetIfEmpty, z.string().optional()),
    KAFKA_IDEMPOTENT: z.preprocess(unsetIfEmpty, z.enum(['true', 'false']).default('true')),
    // The event log on KurrentDB / EventStoreDB (issue 15), e.g. esdb://host:2113?tls=false or kurrentdb://host:2113.
    EVENTSTORE_URL: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        // Not z.url: a cluster's string names several hosts (esdb://a:2113,b:2113,c:2113), which URL parsing rejects.
        .regex(/^(esdb|kurrentdb|kurrent|kdb)(\+discover)?:\/\/\S+$/, 'must be an esdb:// or kurrentdb:// connection string')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (for the default AWS credential chain)',
      });
    }
    if (env.PROJECTIONS_FROM_KAFKA && !env.KAFKA_BROKERS)
      ctx.addIssue({ code: 'custom', path: ['PROJECTIONS_FROM_KAFKA'], message: 'needs KAFKA_BROKERS' });
    if (env.AI_BASE_URL && !env.AI_MODEL)
      ctx.addIssue({ code: 'custom', path: ['AI_MODEL'], message: 'AI_MODEL is required when AI_BASE_URL is set' });
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    nodeEnv: env.NODE_ENV,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    // Production sits behind TLS; plain-http development would never get the cookie back.
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : env.NODE_ENV === 'production',
    /** Unset: mail goes to the dev outbox in development, and nowhere (503 on send) in production. */
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /**
     * The dev outbox (`GET /dev/mail`, loopback clients only): unset, on when listening on loopback only;
     * `true` keeps it on for another HOST too (with a warning at start); never in production.
     */
    devOutbox: env.DEV_OUTBOX === undefined ? undefined : env.DEV_OUTBOX === 'true',
    /** Only behind a proxy that sets X-Forwarded-For: otherwise a client could pick its own IP for the login limit. */
    trustProxy: env.TRUST_PROXY === 'true',
    /** Unset: the offline provider (deterministic algorithms that say they are offline). Any OpenAI-compatible endpoint otherwise. */
    aiBaseUrl: env.AI_BASE_URL,
    aiApiKey: env.AI_API_KEY,
    aiModel: env.AI_MODEL,
    aiTimeoutMs: env.AI_TIMEOUT_MS,
    /** Local blob files (standalone, or no S3_BUCKET); unset: `{DATA_DIR}/blobs`. */
    blobDir: env.BLOB_DIR,
    /** Signs the local adapter's upload and download URLs; unset: generated once and kept in the data directory. */
    blobSigningSecret: env.BLOB_SIGNING_SECRET,
    /**
     * The platform operator's key (read-model status and rebuilds: `X-Operator-Key`). Unset: standalone keeps one in
     * `{DATA_DIR}/operator-key`; the distributed services turn the operator routes off.
     */
    operatorKey: env.OPERATOR_KEY,
    /** Set when S3_BUCKET is: blobs then live in that bucket and browsers use presigned URLs. */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          publicEndpoint: env.S3_PUBLIC_ENDPOINT ?? env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    /** "Report a problem" opens this form in a new tab; unset: the app's own form, whose reports the school's admin reads. */
    feedbackUrl: env.FEEDBACK_URL,
    /** LANDING_PAGE=true: `/` shows the guest landing page (always at /welcome too); otherwise `/` goes to /login. */
    landingPage: env.LANDING_PAGE === 'true',
    /** "Get in touch", "Get Demo" and "Book Demo" open it; unset, those buttons are hidden. */
    bookingUrl: env.BOOKING_URL,
    /** "Try it for free" on /website2; unset: the app's own /instructor/signup. */
    signupUrl: env.SIGNUP_URL,
    /** Chats a guest may have a day on the landing page; unset: CHAT_LIMITS.guestDailyChats (5). */
    guestDailyChats: env.GUEST_DAILY_CHATS,
    /** A fraction 0-1 the operator vouches for; unset: the project's own measurement, or none shown. */
    siteGradingAccuracy: env.SITE_GRADING_ACCURACY,
    /** With AI_BASE_URL: speech from its /audio/speech with this model and voice; unset: the offline synthesizer. */
    aiTtsModel: env.AI_TTS_MODEL,
    aiTtsVoice: env.AI_TTS_VOICE,
    /**
     * Signs the guest cookie of the landing page's chat (GET /chatbot/guest-chat-remaining, the chat socket). Unset:
     * standalone keeps one in `{DATA_DIR}/guest-secret`; every query-service process must share one, so set it there.
     */
    guestCookieSecret: env.GUEST_COOKIE_SECRET,
    /** The socket.io adapter's Redis (every query-service replica's sockets hear each other's emits); unset: one process. */
    redisUrl: env.REDIS_URL,
    /** `Authorization: Bearer <token>` opens /metrics to other hosts; unset: loopback clients only. */
    metricsToken: env.METRICS_TOKEN,
    /**
     * KAFKA_BROKERS (host:port, comma separated): the outbox relay publishes every event to `topic` (platform/src/kafka).
     * Unset: no relay.
     */
    kafka: env.KAFKA_BROKERS
      ? {
          brokers: env.KAFKA_BROKERS.split(',')
            .map((b) => b.trim())
            .filter(Boolean),
          topic: env.KAFKA_TOPIC,
          clientId: env.KAFKA_CLIENT_ID,
          /** Kafka's idempotent producer; KAFKA_IDEMPOTENT=false for librdkafka's mock cluster (it cannot hand out producer ids). */
          idempotent: env.KAFKA_IDEMPOTENT === 'true',
        }
      : undefined,
    /** Read models the projectors feed from the Kafka topic as a consumer group instead of the log (needs KAFKA_BROKERS). */
    projectionsFromKafka: (env.PROJECTIONS_FROM_KAFKA ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    /**
     * EVENTSTORE_URL: the events live in KurrentDB / EventStoreDB (platform/src/event-store/kurrentdb-event-store.ts);
     * PostgreSQL keeps the read models, checkpoints and lookups. Unset: the events table in PostgreSQL or PGlite.
     */
    eventStoreUrl: env.EVENTSTORE_URL,
  }));

export type Config = z.infer<typeof EnvSchema>;

/** Fails at startup, naming every bad variable, rather than at first use. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) throw new Error(`Invalid environment:\n${z.prettifyError(result.error)}`);
  return result.data;
}
