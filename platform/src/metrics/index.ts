import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { EventStore } from '../event-store/types';
import { isLoopbackAddress } from '../mail/index';

/**
 * The operator's numbers (issue 15), in Prometheus text format at `/metrics`: events appended (rate() gives appends/s),
 * command latency per route, projection and relay lag, socket clients, and the process's own (memory, event loop).
 * Every process keeps its own registry; Prometheus scrapes each and labels them by instance.
 */
export const METRIC_NAMES = {
  appended: 'evergrade_events_appended_total',
  commandDuration: 'evergrade_command_duration_seconds',
  projectionLagEvents: 'evergrade_projection_lag_events',
  projectionLagSeconds: 'evergrade_projection_lag_seconds',
  relayLagEvents: 'evergrade_relay_lag_events',
  relayLagSeconds: 'evergrade_relay_lag_seconds',
  socketClients: 'evergrade_socket_clients',
} as const;

export const METRICS_PATH = '/metrics';

/** A gauge's value, or one value per label set, read when Prometheus scrapes. */
export type GaugeReading = number | readonly { labels: Record<string, string>; value: number }[];

export type Metrics = {
  registry: Registry;
  /** Events written (not command-id repeats): `rate(evergrade_events_appended_total[1m])` is appends/s. */
  appended: Counter;
  commandDuration: Histogram<'method' | 'route' | 'status'>;
  /**
   * A gauge read at scrape time. Registering a name again replaces the reader (a restarted relay, a test's second
   * server). A reader that fails leaves the gauge empty for that scrape rather than failing the scrape.
   */
  gauge(definition: { name: string; help: string; labelNames?: readonly string[]; read: () => GaugeReading | Promise<GaugeReading> }): void;
  /** The Prometheus text of every metric. */
  text(): Promise<string>;
  contentType: string;
};

export function createMetrics(options: { service: string; processMetrics?: boolean }): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const appended = new Counter({ name: METRIC_NAMES.appended, help: 'Events appended to the log by this process', registers: [registry] });
  const commandDuration = new Histogram({
    name: METRIC_NAMES.commandDuration,
    help: 'Time to answer a command (POST, PUT, PATCH, DELETE), per route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    appended,
    commandDuration,
    gauge({ name, help, labelNames = [], read }) {
      registry.removeSingleMetric(name);
      const gauge = new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [],
        async collect() {
          this.reset();
          let reading: GaugeReading;
          try {
            reading = await read();
          } catch {
            return;
          }
          if (typeof reading === 'number') this.set(reading);
          else for (const { labels, value } of reading) this.set(labels, value);
        },
      });
      registry.registerMetric(gauge);
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

/** The store, counting what it writes into `metrics.appended`. */
export function countAppends<S extends EventStore>(store: S, metrics: Metrics): S {
  const append: EventStore['append'] = async (streamId, events, options) => {
    const result = await store.append(streamId, events, options);
    if (result.appended) metrics.appended.inc(events.length);
    return result;
  };
  return { ...store, append };
}

/**
 * Who may read /metrics: a client on this machine that came straight here (no proxy's forwarding header, so the
 * gateway cannot lend its loopback address to the world), or anyone with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function mayReadMetrics(
  request: { remoteAddress: string | undefined; headers: IncomingHttpHeaders },
  token: string | undefined,
): boolean {
  const direct = request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
  if (direct && isLoopbackAddress(request.remoteAddress)) return true;
  const auth = request.headers.authorization;
  if (!token || typeof auth !== 'string' || !auth.startsWith('Bearer ')) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(auth.slice('Bearer '.length).trim()), digest(token));
}

const FORBIDDEN = { message: '/metrics answers clients on this machine, or with Authorization: Bearer <METRICS_TOKEN>' };

/** GET /metrics on a Fastify server, and command latency timed for every write route it serves. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, options: { token?: string | undefined }): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const route = request.routeOptions.url;
    // Unrouted paths (404s) would make a label per URL anyone sends.
    if (!route) return;
    metrics.commandDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics({ remoteAddress: request.socket.remoteAddress, headers: request.headers }, options.token)) {
      return reply.code(403).send(FORBIDDEN);
    }
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}

/**
 * A process without an HTTP server of its own (the projectors, the relay): `/healthz` and `/metrics` on `port`.
 * `healthy` answers the health check (503 when false).
 */
export async function startMetricsServer(options: {
  metrics: Metrics;
  port: number;
  host: string;
  token?: string | undefined;
  healthy?: () => boolean;
}): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const json = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { message: 'GET only' });
    if (path === '/healthz') return options.healthy?.() === false ? json(503, { status: 'starting' }) : json(200, { status: 'ok' });
    if (path !== METRICS_PATH) return json(404, { message: `No route ${req.method} ${path}` });
    if (!mayReadMetrics({ remoteAddress: req.socket.remoteAddress, headers: req.headers }, options.token)) return json(403, FORBIDDEN);
    options.metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': options.metrics.contentType }).end(text),
      () => json(500, { message: 'metrics could not be collected' }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
