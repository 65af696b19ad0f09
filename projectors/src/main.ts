import { loadConfig } from '@evergrade/platform/config';
import { createPostgresBus } from '@evergrade/platform/bus';
import { createSqlEventStore } from '@evergrade/platform/event-store';
import { onShutdown } from '@evergrade/platform/http';
import { openPostgresDatabase } from '@evergrade/platform/sql';
import { allProjections } from './projections/index';
import { createProjectorRunner } from './runner';

/** The projectors as their own process: they read the log and publish notices on the PostgreSQL bus. */
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required to run the projectors on their own');
const db = openPostgresDatabase({ connectionString: config.databaseUrl });
const store = await createSqlEventStore(db);
const bus = createPostgresBus(db);
const runner = createProjectorRunner({ store, db, bus, projections: allProjections });
await runner.start();
console.log(`projectors running: ${allProjections.map((p) => p.name).join(', ')}`);
onShutdown(async () => {
  await runner.stop();
  await bus.close();
  await store.close();
  await db.close();
});
