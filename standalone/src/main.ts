import path from 'node:path';
import { onShutdown, s3BrowserOrigins } from '@evergrade/platform/http';
import { loadConfig } from '@evergrade/platform/config';
import { createAiProvider } from '@evergrade/platform/ai';
import { createSpeechSynthesizer } from '@evergrade/platform/speech';
import { createBlobStoreFromConfig } from '@evergrade/platform/blob';
import { DEMO_LOGINS, DEMO_PASSWORD } from '@evergrade/command-service';
import { OPERATOR_KEY_FILE, keptOperatorKey, startStandalone } from './server';

const config = loadConfig();
const dataDir = path.resolve(config.dataDir);
const server = await startStandalone({
  port: config.port,
  host: config.host,
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir }),
  // The events on KurrentDB / EventStoreDB when EVENTSTORE_URL is set; read models stay in PostgreSQL or PGlite.
  ...(config.eventStoreUrl ? { eventStoreUrl: config.eventStoreUrl } : {}),
  // Every event to the Kafka topic when KAFKA_BROKERS is set (the outbox relay).
  kafka: config.kafka,
  sessionTtlHours: config.sessionTtlHours,
  cookieSecure: config.cookieSecure,
  trustProxy: config.trustProxy,
  mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, nodeEnv: config.nodeEnv, devOutbox: config.devOutbox },
  logLevel: process.env.LOG_LEVEL ?? 'warn',
  // S3 when S3_BUCKET is set, else files under BLOB_DIR or the data directory (also with DATABASE_URL).
  blobs: await createBlobStoreFromConfig({ ...config, dataDir }),
  blobOrigins: s3BrowserOrigins(config.s3),
  // Any OpenAI-compatible endpoint when AI_BASE_URL is set; otherwise the offline provider, named as such.
  ai: createAiProvider(config),
  feedbackUrl: config.feedbackUrl,
  // Speech: the AI provider's /audio/speech when AI_TTS_MODEL is set with AI_BASE_URL, else eSpeak-NG offline.
  speech: createSpeechSynthesizer(config),
  // The landing page at `/` (LANDING_PAGE=true), the public pages' links, guest allowance and operator-set accuracy.
  site: {
    landingPage: config.landingPage,
    bookingUrl: config.bookingUrl,
    signupUrl: config.signupUrl,
    guestDailyChats: config.guestDailyChats,
    gradingAccuracy: config.siteGradingAccuracy,
  },
  // Guests' daily chats on the landing page (GUEST_DAILY_CHATS; default 5).
  assistant: { guestDailyChats: config.guestDailyChats },
  // The operator's read-model page and rebuilds (X-Operator-Key): OPERATOR_KEY, or the key kept in the data directory.
  operatorKey: config.operatorKey ?? (await keptOperatorKey(dataDir)),
  metricsToken: config.metricsToken,
  // A UI built elsewhere (vite build --outDir DIR); default ui/dist.
  ...(process.env.UI_DIR ? { uiDir: path.resolve(process.env.UI_DIR) } : {}),
});
onShutdown(() => server.close());

const width = Math.max(...DEMO_LOGINS.map((l) => l.email.length));
console.log(`
  Evergrade is running at ${server.url}
  Data: ${config.databaseUrl ? 'PostgreSQL at DATABASE_URL' : dataDir}${server.seeded ? ' (demo school seeded)' : ''}${config.eventStoreUrl ? ', events on KurrentDB at EVENTSTORE_URL' : ''}
  Operator key (read models page, /admin/read-models): ${config.operatorKey ? 'OPERATOR_KEY' : path.join(dataDir, OPERATOR_KEY_FILE)}

  Demo School logins (password ${DEMO_PASSWORD}):
${DEMO_LOGINS.map((l) => `    ${l.email.padEnd(width)}  ${l.role}`).join('\n')}
`);
