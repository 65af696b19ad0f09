import { Kafka, logLevel, type Consumer, type ISocketFactory } from 'kafkajs';
import type { NoticeBus } from '@evergrade/platform/bus';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { fromMessageValue } from '@evergrade/platform/kafka';
import type { Database, SqlClient } from '@evergrade/platform/sql';
import type { Projection, Touched } from './projection';

/**
 * Read models fed from the relay's Kafka topic by a consumer group instead of the log (PROJECTIONS_FROM_KAFKA):
 * projectors scale by partitions. Kafka keeps each stream in order on its partition but not the log's order across
 * partitions, so only read models whose rows each follow one stream may be fed this way (KAFKA_SAFE_PROJECTIONS).
 *
 * Each partition's batch is applied in one transaction with, per read model and stream, the version of the last event
 * it applied: an event at or below it (the relay's at-least-once re-sends, a redelivery after a rebalance) changes
 * nothing. Offsets are committed to Kafka after the transaction; a crash between the two re-reads events the table
 * already skips.
 */
export type KafkaProjectorOptions = {
  db: Database;
  bus?: NoticeBus;
  brokers: readonly string[];
  topic: string;
  clientId: string;
  /** Every process of a group shares the topic's partitions; default `${clientId}.projections`. */
  groupId?: string;
  projections: readonly Projection[];
  /** How long the group waits for a member that went silent before its partitions go to the others (default 30 s). */
  sessionTimeoutMs?: number;
  /** Tests: where sockets go. */
  socketFactory?: ISocketFactory;
  log?: (message: string, err?: unknown) => void;
};

export type KafkaProjector = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Events applied (not skipped as already seen) since start, per read model. */
  applied(): Record<string, number>;
};

/**
 * The read models whose rows each come from one stream's events, so partitions may be applied in any interleaving:
 * audit (one row per grading event, folded per (assignment, student): the grading stream). Others read rows another
 * stream wrote (insights joins the assignment's questions to the grades) and need the log's order.
 */
export const KAFKA_SAFE_PROJECTIONS: ReadonlySet<string> = new Set(['audit']);

export async function migrateKafkaProjections(db: SqlClient): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS kafka_projection_streams (
    projection text NOT NULL,
    stream_id text NOT NULL,
    version integer NOT NULL,
    PRIMARY KEY (projection, stream_id)
  )`);
}

export function createKafkaProjector(options: KafkaProjectorOptions): KafkaProjector {
  const { db, bus, topic, projections } = options;
  const log = options.log ?? ((m, e) => console.error(m, e ?? ''));
  const unsafe = projections.filter((p) => !KAFKA_SAFE_PROJECTIONS.has(p.name)).map((p) => p.name);
  if (unsafe.length > 0)
    throw new Error(
      `${unsafe.join(', ')}: not fed from Kafka (they need the log's order across streams); only ${[...KAFKA_SAFE_PROJECTIONS].join(', ')}`,
    );
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: [...options.brokers],
    logLevel: logLevel.NOTHING,
    ...(options.socketFactory ? { socketFactory: options.socketFactory } : {}),
  });
  const names = projections.map((p) => p.name);
  const counts: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
  let consumer: Consumer | null = null;

  /** The events of the batch each read model has not applied yet, then applied; the versions move in the same transaction. */
  async function apply(events: readonly RecordedEvent[]): Promise<{ p: Projection; touched: Touched[] }[]> {
    return db.transaction(async (tx) => {
      const streams = [...new Set(events.map((e) => e.streamId))];
      const { rows } = await tx.query<{ projection: string; stream_id: string; version: number }>(
        'SELECT projection, stream_id, version FROM kafka_projection_streams WHERE projection = ANY($1) AND stream_id = ANY($2)',
        [names, streams],
      );
      const out: { p: Projection; touched: Touched[] }[] = [];
      for (const p of projections) {
        const last = new Map(rows.filter((r) => r.projection === p.name).map((r) => [r.stream_id, r.version]));
        const fresh = events.filter((e) => {
          if (e.streamVersion <= (last.get(e.streamId) ?? 0)) return false;
          last.set(e.streamId, e.streamVersion);
          return true;
        });
        if (fresh.length === 0) continue;
        out.push({ p, touched: await p.applyBatch(tx, fresh) });
        counts[p.name] = (counts[p.name] ?? 0) + fresh.length;
        const moved = [...new Set(fresh.map((e) => e.streamId))];
        await tx.query(
          `INSERT INTO kafka_projection_streams (projection, stream_id, version)
           SELECT $1, s, v FROM unnest($2::text[], $3::int[]) AS u(s, v)
           ON CONFLICT (projection, stream_id) DO UPDATE SET version = GREATEST(kafka_projection_streams.version, EXCLUDED.version)`,
          [p.name, moved, moved.map((s) => last.get(s)!)],
        );
      }
      return out;
    });
  }

  async function announce(results: { p: Projection; touched: Touched[] }[], position: string) {
    if (!bus) return;
    for (const { p, touched } of results) {
      const byTenant = new Map<string, Set<string>>();
      for (const t of touched) {
        const keys = byTenant.get(t.tenant) ?? new Set<string>();
        t.keys.forEach((k) => keys.add(k));
        byTenant.set(t.tenant, keys);
      }
      for (const [tenant, keys] of byTenant)
        await bus
          .publish({ projection: p.name, tenant, keys: [...keys], position })
          .catch((err) => log(`projection ${p.name}: notice not published`, err));
    }
  }

  return {
    async start() {
      await db.transaction(async (tx) => {
        await migrateKafkaProjections(tx);
        for (const p of projections) await p.migrate(tx);
      });
      const sessionTimeout = options.sessionTimeoutMs ?? 30_000;
      const c = kafka.consumer({
        groupId: options.groupId ?? `${options.clientId}.projections`,
        allowAutoTopicCreation: true,
        sessionTimeout,
        rebalanceTimeout: Math.max(sessionTimeout, 10_000),
        heartbeatInterval: Math.min(3_000, Math.floor(sessionTimeout / 3)),
      });
      consumer = c;
      await c.connect();
      // A new group reads the topic from its start (what the topic still holds: keep it without a retention limit).
      await c.subscribe({ topics: [topic], fromBeginning: true });
      await c.run({
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }) => {
          if (!isRunning() || isStale() || batch.messages.length === 0) return;
          const events: RecordedEvent[] = [];
          for (const m of batch.messages) {
            if (!m.value) continue;
            try {
              events.push(fromMessageValue(m.value));
            } catch (err) {
              log(`kafka projector: ${topic}[${batch.partition}]@${m.offset} is not an event, skipped`, err);
            }
          }
          // A throw leaves the offsets where they were: kafkajs retries the batch (the versions make that harmless).
          const results = events.length > 0 ? await apply(events) : [];
          resolveOffset(batch.messages[batch.messages.length - 1]!.offset);
          await commitOffsetsIfNecessary();
          await heartbeat();
          if (events.length > 0) await announce(results, events[events.length - 1]!.globalPosition);
        },
      });
      log(`kafka projector: ${names.join(', ')} from ${topic} (group ${options.groupId ?? `${options.clientId}.projections`})`);
    },
    async stop() {
      const c = consumer;
      consumer = null;
      await c?.disconnect();
    },
    applied: () => ({ ...counts }),
  };
}
