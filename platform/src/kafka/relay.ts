import { Kafka, logLevel, Partitioners, type ISocketFactory, type Producer } from 'kafkajs';
import { EVENTS_CHANNEL } from '../event-store/sql-event-store';
import { createSleeper } from '../event-store/sleeper';
import type { EventStore, GlobalPosition, RecordedEvent } from '../event-store/types';
import type { Database } from '../sql/types';
import { advanceRelayCheckpoint, migrateRelayCheckpoints, readRelayCheckpoint } from './checkpoint';
import { toMessage } from './message';
import { registerRelay, type RelayStatus } from './status';

export type RelayOptions = {
  /** Any EventStore: the relay reads the log through `readAll` and `headPosition` only. */
  store: EventStore;
  /** Where the checkpoint lives (and, on the SQL store, whose LISTEN wakes the relay at once). */
  db: Database;
  brokers: readonly string[];
  topic: string;
  clientId: string;
  /** Events per produce request (and per checkpoint write). */
  batchSize?: number;
  /** How often the log is read when no notification woke the relay. */
  pollMs?: number;
  /**
   * Kafka's idempotent producer (default on): the broker drops a retried request it already wrote. Order does not
   * depend on it (one request in flight, one batch at a time); librdkafka's mock cluster needs it off (its metadata
   * names a controller that is not one of its brokers, so kafkajs finds nowhere to ask for a producer id).
   */
  idempotent?: boolean;
  /** Pause after the first failure, doubled after each next one up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often the lag (events and ms behind the head of the log) is measured. */
  lagEveryMs?: number;
  /** Tests: where sockets go (a broker that moves or is gone). */
  socketFactory?: ISocketFactory;
  log?: (message: string, err?: unknown) => void;
};

export type KafkaRelay = {
  start(): Promise<void>;
  /** Stops at the next batch boundary; a batch the broker has not acknowledged is sent again by the next run. */
  stop(): Promise<void>;
  status(): RelayStatus;
  /** Resolves once every event up to `position` is acknowledged and checkpointed. */
  reached(position: string): Promise<void>;
};

/** Counted exactly up to this many events behind; past it the lag says "at least". */
const LAG_COUNT_CAP = 10_000;

/**
 * The outbox relay: every committed event, in log order, to one Kafka topic, keyed by stream id. A batch is read after
 * the checkpoint, sent (one request in flight), and only once the broker acknowledged it is the checkpoint moved: a
 * crash or a broker outage re-sends the batch in flight, never skips or reorders one. Consumers drop the duplicates
 * by event id (or by stream version: a stream's events are in order on its partition).
 */
export function createKafkaRelay(options: RelayOptions): KafkaRelay {
  const { store, db, topic, batchSize = 500, pollMs = 250, backoffMs = 200, maxBackoffMs = 10_000, lagEveryMs = 5_000 } = options;
  const log = options.log ?? ((m, e) => console.error(m, e ?? ''));
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    // A send fails soon; the relay's own loop backs off and retries it for as long as it takes.
    retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1_000 },
    logLevel: logLevel.NOTHING,
    ...(options.socketFactory ? { socketFactory: options.socketFactory } : {}),
  });
  const idempotent = options.idempotent ?? true;

  let producer: Producer | null = null;
  let position: string | null = null;
  let stopping = false;
  let loop: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let lagTimer: NodeJS.Timeout | null = null;
  let waiters: { position: string; resolve: () => void }[] = [];
  const status: RelayStatus = {
    topic,
    running: false,
    connected: false,
    position: null,
    publishedSinceStart: 0,
    behindEvents: 0,
    behindAtLeast: false,
    behindMs: 0,
    oldestUnpublishedAt: null,
    consecutiveFailures: 0,
    lastError: null,
    lastPublishedAt: null,
  };

  const { sleep, wake } = createSleeper();
  const past = (p: string) => position !== null && store.comparePositions(position as GlobalPosition, p as GlobalPosition) >= 0;
  const settleWaiters = () => {
    waiters = waiters.filter((w) => (past(w.position) ? (w.resolve(), false) : true));
  };

  async function dropProducer() {
    const p = producer;
    producer = null;
    status.connected = false;
    await p?.disconnect().catch(() => {});
  }

  /** Sends the batch until the broker acknowledges it; false when stopped first (the next run sends it again). */
  async function publish(events: readonly RecordedEvent[]): Promise<boolean> {
    while (!stopping) {
      try {
        if (!producer) {
          const p = kafka.producer({
            idempotent,
            maxInFlightRequests: 1,
            allowAutoTopicCreation: true,
            createPartitioner: Partitioners.DefaultPartitioner,
          });
          // A producer that failed to connect is dropped whole: a new one gets a new producer id and sequence.
          producer = p;
          await p.connect();
          status.connected = true;
        }
        await producer.send({ topic, acks: -1, messages: events.map(toMessage) });
        if (status.consecutiveFailures > 0) log(`kafka relay: broker reachable again after ${status.consecutiveFailures} failed attempts`);
        status.connected = true;
        status.consecutiveFailures = 0;
        status.lastError = null;
        return true;
      } catch (err) {
        status.consecutiveFailures++;
        status.lastError = err instanceof Error ? err.message : String(err);
        const n = status.consecutiveFailures;
        // The first failure, then every tenth: an outage of an hour is not a log of thousands of lines.
        if (n === 1 || n % 10 === 0) log(`kafka relay: sending ${events.length} events failed (attempt ${n}), retrying`, err);
        await dropProducer();
        if (!stopping) await sleep(Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(n - 1, 16)));
      }
    }
    return false;
  }

  /** After the broker acknowledged: the checkpoint moves (compare-and-set), retried while the database is away. */
  async function checkpoint(events: readonly RecordedEvent[]): Promise<boolean> {
    const to = events[events.length - 1]!.globalPosition;
    for (let attempt = 1; !stopping || attempt === 1; attempt++) {
      try {
        if (await advanceRelayCheckpoint(db, topic, position, to, events.length)) {
          position = to;
          return true;
        }
        log('kafka relay: another relay moved the checkpoint; going on from where it is');
        position = await readRelayCheckpoint(db, topic);
        return false;
      } catch (err) {
        if (attempt === 1) log('kafka relay: writing the checkpoint failed, retrying', err);
        if (stopping) return false;
        await sleep(Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(attempt - 1, 16)));
      }
    }
    return false;
  }

  async function run() {
    let readFailures = 0;
    while (!stopping) {
      let events: RecordedEvent[];
      try {
        events = await store.readAll({ after: (position ?? undefined) as GlobalPosition | undefined, limit: batchSize });
        readFailures = 0;
      } catch (err) {
        if (readFailures++ === 0) log('kafka relay: reading the log failed, retrying', err);
        await sleep(Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(readFailures, 16)));
        continue;
      }
      if (events.length === 0) {
        status.behindEvents = 0;
        status.behindAtLeast = false;
        status.oldestUnpublishedAt = null;
        await sleep(pollMs);
        continue;
      }
      if (status.oldestUnpublishedAt === null) status.oldestUnpublishedAt = events[0]!.recordedAt;
      if (status.behindEvents < events.length) status.behindEvents = events.length;
      if (!(await publish(events))) break;
      if (!(await checkpoint(events))) continue;
      status.position = position;
      status.publishedSinceStart += events.length;
      status.lastPublishedAt = new Date();
      status.behindEvents = Math.max(0, status.behindEvents - events.length);
      status.oldestUnpublishedAt = status.behindEvents > 0 ? status.oldestUnpublishedAt : null;
      settleWaiters();
    }
  }

  /** Events after the checkpoint (counted up to a cap) and how long the oldest of them has waited. */
  async function measureLag() {
    try {
      const head = await store.headPosition();
      if (head === undefined || past(head)) {
        status.behindEvents = 0;
        status.behindAtLeast = false;
        status.oldestUnpublishedAt = null;
        return;
      }
      const waiting = await store.readAll({ after: (position ?? undefined) as GlobalPosition | undefined, limit: LAG_COUNT_CAP });
      status.behindEvents = waiting.length;
      status.behindAtLeast = waiting.length === LAG_COUNT_CAP;
      status.oldestUnpublishedAt = waiting[0]?.recordedAt ?? null;
    } catch {
      // The loop logs what fails; the lag keeps its last measure.
    }
  }

  let lastLagLog = 0;
  const relay: KafkaRelay = {
    async start() {
      await migrateRelayCheckpoints(db);
      position = await readRelayCheckpoint(db, topic);
      status.position = position;
      status.running = true;
      stopping = false;
      unlisten = await db.listen(EVENTS_CHANNEL, wake);
      registerRelay(relay);
      loop = run().finally(() => {
        status.running = false;
      });
      let measuring = false;
      lagTimer = setInterval(() => {
        if (measuring) return;
        measuring = true;
        void measureLag().finally(() => {
          measuring = false;
          const s = relay.status();
          // Once a minute while behind by more than a batch: how far, and whether the broker answers.
          if (s.behindEvents > batchSize && Date.now() - lastLagLog > 60_000) {
            lastLagLog = Date.now();
            log(
              `kafka relay: ${s.behindAtLeast ? 'at least ' : ''}${s.behindEvents} events (${s.behindMs} ms) behind the log${s.lastError ? `; last error: ${s.lastError}` : ''}`,
            );
          }
        });
      }, lagEveryMs);
      lagTimer.unref();
      log(`kafka relay: publishing the event log to ${topic} on ${options.brokers.join(',')} from ${position ?? 'the start'}`);
    },
    async stop() {
      stopping = true;
      if (lagTimer) clearInterval(lagTimer);
      wake();
      await loop;
      await unlisten?.().catch(() => {});
      await dropProducer();
      waiters.forEach((w) => w.resolve());
      waiters = [];
    },
    status() {
      const oldest = status.oldestUnpublishedAt;
      return { ...status, behindMs: oldest && status.behindEvents > 0 ? Math.max(0, Date.now() - oldest.getTime()) : 0 };
    },
    reached(p) {
      if (stopping || past(p)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ position: p, resolve }));
    },
  };
  return relay;
}
