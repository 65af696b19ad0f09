/**
 * A rebuild's build keeps a carried read model's writes back until the end of the log. When one of its pages fails
 * after earlier pages' writes were kept back, those writes are gone: the runner must start that read model's build
 * over from empty tables, and the rebuilt tables must still equal the ones a plain runner builds.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';
import { createProjectorRunner } from './runner';
import { rebuildProjections } from './rebuild';
import type { Projection } from './projection';
import { assignmentQuestionsProjection } from './projections/assignment-questions';
import { dumpTables, testBackends } from './testing';

/** Answer saves for 2 schools × 3 students: one question answered once, then 4 questions edited ten times each. */
async function appendSaves(store: EventStore): Promise<number> {
  let n = 0;
  // First, a question each student answers once and never again: only the first pages hold it.
  for (const tenant of ['north', 'south'])
    for (let studentId = 1; studentId <= 3; studentId++) {
      const data = { assignmentId: 7, studentId, questionId: 9, responseContent: `${tenant} s${studentId}: the only answer` };
      await store.append(`submission:${tenant}:7:${studentId}`, [{ type: 'AnswerSaved', data, metadata: { tenant } }], {
        expectedVersion: 'any',
      });
      n++;
    }
  for (let edit = 1; edit <= 10; edit++)
    for (const tenant of ['north', 'south'])
      for (let studentId = 1; studentId <= 3; studentId++)
        for (let questionId = 1; questionId <= 4; questionId++) {
          const data = { assignmentId: 7, studentId, questionId, responseContent: `${tenant} s${studentId} q${questionId}: draft ${edit}` };
          await store.append(`submission:${tenant}:7:${studentId}`, [{ type: 'AnswerSaved', data, metadata: { tenant } }], {
            expectedVersion: 'any',
          });
          n++;
        }
  return n;
}

/** The projection, with its build's third page failing once (before it is applied). */
function failingOnce(p: Projection): { projection: Projection; failures: () => number } {
  let pages = 0;
  let failures = 0;
  return {
    failures: () => failures,
    projection: {
      ...p,
      bulk: (options) => {
        const applier = p.bulk!(options);
        return {
          async applyBatch(tx, events) {
            if (++pages === 3) {
              failures++;
              throw new Error('the database went away');
            }
            return applier.applyBatch(tx, events);
          },
          discard: () => applier.discard(),
          finish: (tx) => applier.finish(tx),
        };
      },
    },
  };
}

describe.each(testBackends('bulkbuild'))('a build that fails half-way on %s', (_name, backend) => {
  let db: Database;
  let store: EventStore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ db, dispose } = await backend.open());
    store = await createSqlEventStore(db);
  });
  afterEach(async () => {
    await store.close();
    await dispose();
  });

  it('starts that read model over and ends with the tables a plain runner builds', async () => {
    expect(await appendSaves(store)).toBe(246);
    const live = createProjectorRunner({ store, db, projections: [assignmentQuestionsProjection] });
    await live.start();
    await live.idle();
    await live.stop();
    const expected = await dumpTables(db, assignmentQuestionsProjection);
    expect(expected.aq_responses).toHaveLength(30);

    const { projection, failures } = failingOnce(assignmentQuestionsProjection);
    const logged: string[] = [];
    await rebuildProjections({ store, db, projections: [projection], buildBatchSize: 20, log: (m) => logged.push(m) });
    expect(failures()).toBe(1);
    expect(logged.some((m) => m.includes('batch of the build failed'))).toBe(true);
    expect(await dumpTables(db, assignmentQuestionsProjection)).toEqual(expected);
  });
});
