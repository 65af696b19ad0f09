import { METRIC_NAMES, type Metrics } from '@evergrade/platform/metrics';
import type { SqlClient } from '@evergrade/platform/sql';
import { projectionStatuses, type LogReader } from './status.queries';

/**
 * Projection lag, per read model, read from the runner's checkpoints when Prometheus scrapes: events not applied yet,
 * and the age of the oldest of them (0 when caught up). `log`: the store, read when its events live outside `db` (KurrentDB).
 */
export function registerProjectionLag(metrics: Metrics, db: SqlClient, log?: LogReader): void {
  let last: { at: number; rows: Promise<Awaited<ReturnType<typeof projectionStatuses>>> } | null = null;
  // Both gauges come from one query per scrape.
  const statuses = () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), rows: projectionStatuses(db, log) };
    return last.rows;
  };
  metrics.gauge({
    name: METRIC_NAMES.projectionLagEvents,
    help: 'Events in the log that a read model has not applied yet',
    labelNames: ['projection'],
    read: async () => (await statuses()).map((s) => ({ labels: { projection: s.name }, value: s.behind_events })),
  });
  metrics.gauge({
    name: METRIC_NAMES.projectionLagSeconds,
    help: 'Age of the oldest event a read model has not applied yet (0 when caught up)',
    labelNames: ['projection'],
    read: async () => (await statuses()).map((s) => ({ labels: { projection: s.name }, value: s.lag_ms / 1000 })),
  });
}
