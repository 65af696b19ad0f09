import { METRIC_NAMES, type Metrics } from '../metrics/index';
import { relayStatus } from './status';

/** The relay's lag on /metrics of the process it runs in: events after its checkpoint, and the age of the oldest. */
export function registerRelayLag(metrics: Metrics): void {
  const labelled = (value: (s: NonNullable<ReturnType<typeof relayStatus>>) => number) => () => {
    const s = relayStatus();
    return s ? [{ labels: { topic: s.topic }, value: value(s) }] : [];
  };
  metrics.gauge({
    name: METRIC_NAMES.relayLagEvents,
    help: 'Events in the log the Kafka relay has not had acknowledged yet (a lower bound past 10,000)',
    labelNames: ['topic'],
    read: labelled((s) => s.behindEvents),
  });
  metrics.gauge({
    name: METRIC_NAMES.relayLagSeconds,
    help: 'Age of the oldest event the Kafka relay has not had acknowledged yet (0 when caught up)',
    labelNames: ['topic'],
    read: labelled((s) => s.behindMs / 1000),
  });
}
