import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import type { Database, SqlClient } from '@evergrade/platform/sql';
import { createProjectorRunner, type ProjectorRunner } from '../runner';
import { assignmentQuestionsProjection } from './assignment-questions';
import { T0, graded } from '../grading-fixtures';
import { applyOneByOne, dumpTables, testBackends } from '../testing';

/**
 * The live runner keeps the rows of `carryLive` tables in memory between batches (projection.ts, `live`): a batch of
 * saves to answers it has seen reads nothing, and whenever anyone else may have written the tables (another runner,
 * a swap, which leave the checkpoint's `writer` not this runner's) it reads them again. PGlite always, PostgreSQL when
 * DATABASE_URL is set.
 */
const backends = testBackends('live_carry');

const question = (assignmentId: number, questionId: number): DomainEvent => ({
  type: 'QuestionAdded',
  data: { assignmentId, questionId, questionNumber: 1, content: `Question ${questionId}`, marksPossible: 5, tags: [] },
});
const saved = (assignmentId: number, studentId: number, questionId: number, text: string): DomainEvent => ({
  type: 'AnswerSaved',
  data: { assignmentId, studentId, questionId, responseContent: text, savedAt: T0 },
});

/** The database, with every statement the runner's transactions send that reads aq_responses counted. */
function countingReads(db: Database): { db: Database; reads: () => number } {
  let reads = 0;
  const counted = (tx: SqlClient): SqlClient =>
    new Proxy(tx, {
      get(target, key, receiver) {
        if (key !== 'query') return Reflect.get(target, key, receiver) as unknown;
        return (sql: string, params?: unknown[]) => {
          if (/\bFROM\s+"?aq_responses"?/i.test(sql) && !/^\s*(INSERT|DELETE|UPDATE)/i.test(sql)) reads++;
          return target.query(sql, params);
        };
      },
    });
  const wrapped = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown;
      return <T>(fn: (tx: SqlClient) => Promise<T>) => target.transaction((tx) => fn(counted(tx)));
    },
  });
  return { db: wrapped, reads: () => reads };
}

describe.each(backends)('live runner keeping rows between batches, on %s', (_name, backend) => {
  let db: Database;
  let store: EventStore;
  let dispose: () => Promise<void>;
  const runners: ProjectorRunner[] = [];
  beforeEach(async () => {
    ({ db, dispose } = await backend.open());
    store = await createSqlEventStore(db);
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop();
    await store.close();
    await dispose();
  });

  const append = async (event: DomainEvent) =>
    (await store.append('x:t1:1', [{ type: event.type, data: event.data as Record<string, unknown> }], { expectedVersion: 'any' }))
      .lastPosition;
  const response = async () =>
    (
      await db.query<{ response_content: string; grade: string | null; position: string }>(
        'SELECT response_content, grade::text AS grade, position FROM aq_responses WHERE student_id = 5 AND question_id = 1',
      )
    ).rows[0];

  it('reads an answer it has written no more; reads it again once the checkpoint was written by someone else', async () => {
    const counting = countingReads(db);
    const runner = createProjectorRunner({ store, db: counting.db, projections: [assignmentQuestionsProjection], gatherMs: 0 });
    runners.push(runner);
    await runner.start();

    await append(question(1, 1));
    await runner.reached(await append(saved(1, 5, 1, 'first')));
    expect(counting.reads()).toBe(1);
    expect(await response()).toMatchObject({ response_content: 'first', grade: null });

    // Saves and a grade of the same answer, batch after batch: the row is the one this runner wrote, none is read.
    await runner.reached(await append(saved(1, 5, 1, 'second')));
    await runner.reached(await append(graded(1, 5, 1, 4)));
    await runner.reached(await append(saved(1, 5, 1, 'third')));
    expect(counting.reads()).toBe(1);
    expect(await response()).toMatchObject({ response_content: 'third', grade: '4' });

    // Someone else writes the table and the checkpoint (a swap leaves `writer` NULL): the next batch reads the row
    // again and keeps what it found (the grade), where the row kept in memory would have written 4 back.
    await db.query('UPDATE aq_responses SET grade = 2 WHERE student_id = 5 AND question_id = 1');
    await db.query("UPDATE projection_checkpoints SET writer = NULL WHERE name = 'assignment-questions'");
    await runner.reached(await append(saved(1, 5, 1, 'fourth')));
    expect(counting.reads()).toBe(2);
    expect(await response()).toMatchObject({ response_content: 'fourth', grade: '2' });
  });

  it('two live runners on one database, taking batches in turn, leave the rows one fold of the log leaves', async () => {
    // Whose turn it is to write: the other runner's transactions wait at the gate (holding nothing) until its turn.
    let turn: 'a' | 'b' | 'both' = 'a';
    let turned: (() => void)[] = [];
    const setTurn = (t: typeof turn) => {
      turn = t;
      turned.splice(0).forEach((f) => f());
    };
    const gated = (me: 'a' | 'b'): Database =>
      new Proxy(db, {
        get(target, key, receiver) {
          if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown;
          return async <T>(fn: (tx: SqlClient) => Promise<T>) => {
            while (turn !== me && turn !== 'both') await new Promise<void>((r) => turned.push(r));
            return target.transaction(fn);
          };
        },
      });
    const batches = { a: 0, b: 0 };
    const make = (me: 'a' | 'b') =>
      createProjectorRunner({
        store,
        db: gated(me),
        projections: [assignmentQuestionsProjection],
        gatherMs: 0,
        onBatch: () => batches[me]++,
        log: () => {},
      });
    const a = make('a');
    const b = make('b');
    runners.push(a, b);
    setTurn('both');
    await a.start();
    await b.start();

    const events: DomainEvent[] = [question(1, 1), question(1, 2)];
    setTurn('a');
    for (const e of events) await a.reached(await append(e));
    for (let i = 0; i < 24; i++) {
      const q = 1 + (i % 2);
      // Saves and grades of two answers, each runner writing two batches in a row, then the other two.
      const next = i % 3 === 2 ? graded(1, 5, q, i % 6) : saved(1, 5, q, `answer ${i}`);
      events.push(next);
      const me = Math.floor(i / 2) % 2 === 0 ? 'a' : 'b';
      setTurn(me);
      await (me === 'a' ? a : b).reached(await append(next));
    }
    setTurn('both');
    const end = await append(saved(1, 5, 1, 'last'));
    await Promise.all([a.reached(end), b.reached(end)]);
    expect(batches.a).toBeGreaterThan(5);
    expect(batches.b).toBeGreaterThan(5);
    turned = [];

    const live = await dumpTables(db, assignmentQuestionsProjection);
    // The same events folded one by one into emptied tables.
    const recorded = await store.readAll({ limit: 1000 });
    for (const table of assignmentQuestionsProjection.tables) await db.query(`DELETE FROM ${table}`);
    await applyOneByOne(db, assignmentQuestionsProjection, recorded);
    const folded = await dumpTables(db, assignmentQuestionsProjection);
    expect(live).toEqual(folded);
    expect(live.aq_responses).toHaveLength(2);
  });
});
