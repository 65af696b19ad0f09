import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';
import { migrateCheckpoints } from './checkpoints';
import { countEvents, projectionStatuses } from './status.queries';
import { appendCounted, testBackends } from './testing';

describe.each(testBackends('status'))('the operator status of read models on %s', (_name, backend) => {
  let db: Database;
  let store: EventStore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ db, dispose } = await backend.open());
    store = await createSqlEventStore(db);
    await migrateCheckpoints(db);
  });
  afterEach(async () => {
    await store.close();
    await dispose();
  });

  it('counts the events behind each checkpoint alike from the events table and through a store whose events live elsewhere', async () => {
    await appendCounted(store, 40);
    await expect.poll(async () => (await store.readAll({ limit: 100 })).length).toBe(40);
    const all = await store.readAll({ limit: 100 });
    await db.query(
      `INSERT INTO projection_checkpoints (name, position, version) VALUES ('caught-up', $1, 1), ('behind', $2, 1), ('new', NULL, 1)`,
      [all[39]!.globalPosition, all[24]!.globalPosition],
    );
    // As a KurrentDB store is read: through readAll only (the events table here is just where this one keeps them).
    const elsewhere: EventStore = { ...store, eventsInDatabase: false };
    const summary = (rows: Awaited<ReturnType<typeof projectionStatuses>>) =>
      rows.map((r) => ({ name: r.name, behind: r.behind_events, lagging: r.lag_ms > 0 }));

    const fromTable = summary(await projectionStatuses(db));
    expect(fromTable).toEqual([
      { name: 'behind', behind: 15, lagging: true },
      { name: 'caught-up', behind: 0, lagging: false },
      { name: 'new', behind: 40, lagging: true },
    ]);
    expect(summary(await projectionStatuses(db, elsewhere))).toEqual(fromTable);
    expect(await countEvents(db)).toBe(40);
    expect(await countEvents(db, elsewhere)).toBe(40);
  });
});
