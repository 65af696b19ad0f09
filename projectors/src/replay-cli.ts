import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@evergrade/platform/config';
import { createSqlEventStore } from '@evergrade/platform/event-store';
import { openPgliteDatabase, openPostgresDatabase } from '@evergrade/platform/sql';
import { allProjections } from './projections/index';
import { rebuildProjection } from './rebuild';

/** `npm run replay -- --projection NAME`: rebuild one read model from position zero and swap it in. */
const { values } = parseArgs({ options: { projection: { type: 'string' }, all: { type: 'boolean' } } });
const names = allProjections.map((p) => p.name);
const chosen = values.all ? allProjections : allProjections.filter((p) => p.name === values.projection);
if (chosen.length === 0) {
  console.error(`Usage: npm run replay -- --projection NAME   (or --all)\nProjections: ${names.join(', ')}`);
  process.exit(2);
}
const config = loadConfig();
const db = config.databaseUrl
  ? openPostgresDatabase({ connectionString: config.databaseUrl })
  : await openPgliteDatabase({ dataDir: path.resolve(config.dataDir) });
const store = await createSqlEventStore(db);
for (const projection of chosen) {
  const started = Date.now();
  await rebuildProjection({ store, db, projection });
  console.log(`rebuilt ${projection.name} in ${Date.now() - started} ms`);
}
await store.close();
await db.close();
