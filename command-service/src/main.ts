import { loadConfig } from '@evergrade/platform/config';
import { createSessionStore, migrateSessions } from '@evergrade/platform/auth';
import { createSqlEventStore } from '@evergrade/platform/event-store';
import { createHttpServer, onShutdown } from '@evergrade/platform/http';
import { openPostgresDatabase } from '@evergrade/platform/sql';
import { commandService } from './app';
import { seedDemoSchool } from './demo-school';

/** The command side as its own process (distributed mode): PostgreSQL only, no projectors, no UI. */
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required to run the command service on its own');
const db = openPostgresDatabase({ connectionString: config.databaseUrl });
const store = await createSqlEventStore(db);
await migrateSessions(db);
const sessions = createSessionStore(db, { ttlHours: config.sessionTtlHours });
if (process.env.SEED_DEMO === 'true' && (await seedDemoSchool(store))) console.log('demo school seeded');
const app = await createHttpServer();
await app.register(commandService, { store, sessions, now: () => new Date(), cookieSecure: config.cookieSecure });
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: config.port, host: config.host });
onShutdown(async () => {
  await app.close();
  await store.close();
  await db.close();
});
