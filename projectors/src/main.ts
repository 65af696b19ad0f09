import { loadConfig } from '@evergrade/platform/config';
import { createPostgresBus } from '@evergrade/platform/bus';
import { createEventStore } from '@evergrade/platform/event-store';
import { onShutdown } from '@evergrade/platform/http';
import { countAppends, createMetrics, startMetricsServer } from '@evergrade/platform/metrics';
import { openPostgresDatabase } from '@evergrade/platform/sql';
import { allProjections } from './projections/index';
import { createProjectorRunner } from './runner';
import { createSummaryWriter } from './summaries/writer';
import { createAiProvider } from '@evergrade/platform/ai';
import { registerProjectionLag } from './metrics';
import { createKafkaProjector } from './kafka-projector';

/** The projectors as their own process: they read the log and publish notices on the PostgreSQL bus. */
const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required to run the projectors on their own');
const db = openPostgresDatabase({ connectionString: config.databaseUrl });
const metrics = createMetrics({ service: 'projectors' });
// The log in KurrentDB when EVENTSTORE_URL is set, else PostgreSQL's events table; read models and checkpoints in PostgreSQL.
const store = countAppends(await createEventStore(db, { eventStoreUrl: config.eventStoreUrl }), metrics);
const bus = createPostgresBus(db);
// PROJECTIONS_FROM_KAFKA: these read models follow the relay's topic as a consumer group instead of the log.
const fromKafka = new Set(config.projectionsFromKafka);
const unknown = [...fromKafka].filter((name) => !allProjections.some((p) => p.name === name));
if (unknown.length > 0) throw new Error(`PROJECTIONS_FROM_KAFKA: no read model named ${unknown.join(', ')}`);
const runner = createProjectorRunner({ store, db, bus, projections: allProjections.filter((p) => !fromKafka.has(p.name)) });
await runner.start();
const kafkaProjector =
  config.kafka && fromKafka.size > 0
    ? createKafkaProjector({ db, bus, ...config.kafka, projections: allProjections.filter((p) => fromKafka.has(p.name)) })
    : null;
await kafkaProjector?.start();
// The summary writer lives beside the projectors: it reads read models and appends summary events (ARCHITECTURE.md).
const summaries = createSummaryWriter({ db, store, bus, ai: createAiProvider(config) });
await summaries.start();
// No API here: PORT serves /healthz and /metrics (projection lag) for the compose health check and Prometheus.
registerProjectionLag(metrics, db, store);
// A port already taken leaves the projectors running without it (the health check then says so), not stopped.
const http = await startMetricsServer({ metrics, port: config.port, host: config.host, token: config.metricsToken }).catch(
  (err: unknown) => {
    console.warn(
      `projectors: /healthz and /metrics not served on ${config.host}:${config.port}:`,
      err instanceof Error ? err.message : err,
    );
    return null;
  },
);
console.log(`projectors running: ${allProjections.map((p) => p.name).join(', ')}; summary writer running`);
onShutdown(async () => {
  await http?.close();
  await summaries.stop();
  await kafkaProjector?.stop();
  await runner.stop();
  await bus.close();
  await store.close();
  await db.close();
});
