import { loadConfig } from '../config/index';
import { createEventStore } from '../event-store/index';
import { onShutdown } from '../http/index';
import { createMetrics, startMetricsServer } from '../metrics/index';
import { openPostgresDatabase } from '../sql/postgres';
import { registerRelayLag } from './metrics';
import { createKafkaRelay } from './relay';

/** The outbox relay as its own process (distributed mode): `npm run start:relay`. */
const config = loadConfig();
if (!config.kafka) throw new Error('KAFKA_BROKERS is required to run the Kafka relay');
if (!config.databaseUrl) throw new Error('DATABASE_URL is required to run the Kafka relay on its own (its checkpoint lives there)');
const db = openPostgresDatabase({ connectionString: config.databaseUrl, max: 3 });
// The log in KurrentDB when EVENTSTORE_URL is set, else PostgreSQL's events table; the checkpoint in PostgreSQL.
const store = await createEventStore(db, { eventStoreUrl: config.eventStoreUrl });
const relay = createKafkaRelay({ store, db, ...config.kafka, log: (m, e) => (e ? console.error(m, e) : console.log(m)) });
await relay.start();
const metrics = createMetrics({ service: 'relay' });
registerRelayLag(metrics);
// PORT serves /healthz and /metrics (relay lag); a port already taken leaves the relay running without them.
const http = await startMetricsServer({ metrics, port: config.port, host: config.host, token: config.metricsToken }).catch(
  (err: unknown) => {
    console.warn(`relay: /healthz and /metrics not served on ${config.host}:${config.port}:`, err instanceof Error ? err.message : err);
    return null;
  },
);
onShutdown(async () => {
  await http?.close();
  await relay.stop();
  await store.close();
  await db.close();
});
