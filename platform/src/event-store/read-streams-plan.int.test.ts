import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '../sql/isolated-schema';
import { openPostgresEventStore, type EventStore } from './index';
import { newEvent as ev, range } from './test-helpers';

const databaseUrl = process.env.DATABASE_URL;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe.skipIf(!databaseUrl)('readStreams on long streams (PostgreSQL)', () => {
  let schema: IsolatedSchema;
  let store: EventStore;
  let client: pg.Client;

  beforeEach(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'es_plan');
    store = await openPostgresEventStore({ connectionString: schema.connectionString });
    client = new pg.Client({ connectionString: schema.connectionString });
    await client.connect();
  });

  afterEach(async () => {
    await client.end();
    await store.close();
    await schema.drop();
  });

  // An exam's grouped context read: once ANALYZE has seen streams of about 1,000 events, the planner took a join of a
  // few dozen requests for a hash join over a sequential scan of the whole table, unless the per-stream read is kept
  // a parameterised index read.
  it('reads each stream through its index, whatever the statistics say of the streams', async () => {
    for (const s of range(24))
      await store.append(
        `submission:t:${s}`,
        range(1000).map((i) => ev('AnswerSaved', { i })),
        { expectedVersion: 'any' },
      );
    await client.query('ANALYZE events');

    const seen: { text: string; values: unknown[] }[] = [];
    const query = pg.Pool.prototype.query;
    const clientQuery = pg.Client.prototype.query;
    const record = (args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string })?.text;
      const values = Array.isArray(args[1]) ? args[1] : (args[0] as { values?: unknown[] })?.values;
      if (text?.includes('unnest($1::text[], $2::bigint[])') && values) seen.push({ text, values });
    };
    pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
      record(args);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as never;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      record(args);
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as never;
    const requests = range(32).flatMap((s) => [
      { streamId: `submission:t:${s % 24}`, fromVersion: 1001 },
      { streamId: `grading:t:${s}`, fromVersion: 1 },
      { streamId: 'course:t:1', fromVersion: 1 },
    ]);
    try {
      const tails = await store.readStreams!(requests);
      expect(tails.every((t) => t.length === 0)).toBe(true);
    } finally {
      pg.Pool.prototype.query = query;
      pg.Client.prototype.query = clientQuery;
    }
    expect(seen.length).toBeGreaterThan(0);
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${seen[0]!.text}`, seen[0]!.values);
    const plan = nodes(rows[0]!['QUERY PLAN'][0].Plan);
    expect(plan.filter((n) => n['Relation Name'] === 'events').map((n) => n['Node Type'])).not.toContain('Seq Scan');
  }, 60_000);
});
