import { afterEach, describe, expect, it } from 'vitest';
import { streamCategory, streamIds, type IdKind } from '@evergrade/contracts';
import type { EventStore, RecordedEvent } from '@evergrade/platform/event-store';
import { createCourse } from './admin/courses';
import { createResponseLocator } from './grading/locate';
import { backfillIdOwners, createIdOwners, type IdOwners } from './id-owners';
import { allocateIds, responseOwner } from './ids';
import { createQuestionLocator } from './question-locator';
import { readToHead } from './read-to-head';
import { createAssignment, registerUser } from './school';
import { openTestDatabase, tableExists, type TestDatabase } from './testing-db';

/**
 * Finding the stream of a question_id or a response_id from the event store alone: right after the id is made, only
 * for its own school, and for ids an older build made (no owner in IdAllocated) through the one-time backfill.
 */
const now = new Date('2026-03-01T09:00:00Z');
let t: TestDatabase;
const opened: IdOwners[] = [];
const ownersOf = (store: EventStore) => {
  const owners = createIdOwners(store, { now: () => now, onError: () => {} });
  opened.push(owners);
  return owners;
};
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
  await t?.close();
});

async function schoolWithAssignment(store: EventStore, tenant: string) {
  const actor = { tenant, actorRole: 'system' as const };
  const teacher = await registerUser(
    store,
    actor,
    {
      email: `t@${tenant}.school`,
      password: 'correct horse battery',
      role: 'instructor',
      firstName: 'T',
      lastName: 'Teacher',
    },
    now,
  );
  const { courseId } = await createCourse(
    store,
    actor,
    { courseCode: 'C1', courseName: 'One', courseClass: '10', subject: 'Maths', instructorIds: [teacher] },
    now,
  );
  const assignmentId = await createAssignment(
    store,
    { tenant, actorId: teacher, actorRole: 'instructor' },
    {
      courseId,
      title: 'A',
      assigned: now,
      due: new Date(now.getTime() + 86_400_000),
      timeLimitSeconds: null,
      publish: true,
      questions: [
        { content: 'Q1', marksPossible: 1 },
        { content: 'Q2', marksPossible: 2 },
      ],
    },
    now,
  );
  const events = await store.readStream(streamIds.assignment(tenant, assignmentId));
  const questionIds = events.filter((e) => e.type === 'QuestionAdded').map((e) => Number(e.data.questionId));
  return { assignmentId, questionIds };
}

/** Every event committed so far (readAll alone may stop short while a transaction elsewhere is in flight). */
async function everything(store: EventStore) {
  const events: RecordedEvent[] = [];
  await readToHead(store, undefined, (e) => events.push(e));
  return events;
}

/** What an older build wrote: ids with no owner, then the events that use them. */
async function legacyIds(store: EventStore, kind: IdKind, n: number): Promise<number[]> {
  const r = await store.append(
    streamIds.sequence(kind),
    Array.from({ length: n }, () => ({ type: 'IdAllocated', data: {} })),
    { expectedVersion: 'any' },
  );
  return Array.from({ length: n }, (_, i) => r.nextExpectedVersion - n + 1 + i);
}

describe('id owners from the event store', () => {
  it('finds a question and a response the moment they are made, with no read model anywhere', async () => {
    t = await openTestDatabase();
    const owners = ownersOf(t.store);
    const locateQuestion = createQuestionLocator(owners);
    const locateResponse = createResponseLocator(owners);
    const { assignmentId, questionIds } = await schoolWithAssignment(t.store, 'north');
    expect(questionIds).toHaveLength(2);
    for (const id of questionIds) expect(await locateQuestion('north', id)).toBe(assignmentId);

    const [responseId] = await allocateIds(t.store, 'response', 1, undefined, responseOwner('north', assignmentId, 42));
    expect(await locateResponse('north', responseId!)).toEqual({ assignmentId, studentId: 42 });

    expect(await locateQuestion('north', 999_999)).toBeNull();
    expect(await locateResponse('north', 0)).toBeNull();
    expect(await locateResponse('north', -3)).toBeNull();
    // Ids are per kind: the second question's id is no response's (one response id is allocated so far).
    expect(responseId).toBe(1);
    expect(await locateResponse('north', questionIds[1]!)).toBeNull();
    for (const table of ['ia_questions', 'gr_responses']) expect(await tableExists(t.db, table)).toBe(false);
    // This build's ids carry their owner: the backfill finds nothing to write for them.
    await owners.ready();
    const categories = (await everything(t.store)).map((e) => streamCategory(e.streamId));
    expect(categories).toContain('id-owners-backfill');
    expect(categories).not.toContain('id-owners');
  });

  it("does not find another school's question or response", async () => {
    t = await openTestDatabase();
    const owners = ownersOf(t.store);
    const { assignmentId, questionIds } = await schoolWithAssignment(t.store, 'north');
    const [responseId] = await allocateIds(t.store, 'response', 1, undefined, responseOwner('north', assignmentId, 7));
    expect(await createQuestionLocator(owners)('south', questionIds[0]!)).toBeNull();
    expect(await createResponseLocator(owners)('south', responseId!)).toBeNull();
    expect(await createQuestionLocator(owners)('north', questionIds[0]!)).toBe(assignmentId);
  });

  it('finds ids an older build made (no owner recorded) through the backfill, for their own school only', async () => {
    t = await openTestDatabase();
    const { store } = t;
    const [q1, q2] = await legacyIds(store, 'question', 2);
    await store.append(
      streamIds.assignment('north', 5),
      [
        { type: 'AssignmentCreated', data: { assignmentId: 5 }, metadata: { tenant: 'north' } },
        { type: 'QuestionAdded', data: { assignmentId: 5, questionId: q1, questionNumber: 1 }, metadata: { tenant: 'north' } },
      ],
      { expectedVersion: 'no_stream' },
    );
    // No tenant in the metadata: the stream id says which school.
    await store.append(
      streamIds.assignment('south', 6),
      [{ type: 'QuestionAdded', data: { assignmentId: 6, questionId: q2, questionNumber: 1 } }],
      { expectedVersion: 'no_stream' },
    );
    const [r1, r2] = await legacyIds(store, 'response', 2);
    await store.append(
      streamIds.grading('north', 5, 11),
      [
        {
          type: 'SubmissionFileProcessed',
          metadata: { tenant: 'north' },
          data: { assignmentId: 5, studentId: 11, responses: [{ responseId: r1, questionId: q1, questionNumber: 1, response: 'x' }] },
        },
      ],
      { expectedVersion: 'no_stream' },
    );
    await store.append(
      streamIds.grading('north', 5, 12),
      [
        {
          type: 'OnlineResponsesCaptured',
          metadata: { tenant: 'north' },
          data: { assignmentId: 5, studentId: 12, responses: [{ responseId: r2, questionId: q1, questionNumber: 1, response: 'y' }] },
        },
      ],
      { expectedVersion: 'no_stream' },
    );

    const owners = ownersOf(store);
    const locateQuestion = createQuestionLocator(owners);
    const locateResponse = createResponseLocator(owners);
    expect(await locateQuestion('north', q1!)).toBe(5);
    expect(await locateQuestion('south', q2!)).toBe(6);
    expect(await locateQuestion('south', q1!)).toBeNull();
    expect(await locateQuestion('north', q2!)).toBeNull();
    expect(await locateResponse('north', r1!)).toEqual({ assignmentId: 5, studentId: 11 });
    expect(await locateResponse('north', r2!)).toEqual({ assignmentId: 5, studentId: 12 });
    expect(await locateResponse('south', r2!)).toBeNull();

    // Once: a second start, or two processes racing, write nothing more.
    const marker = await store.readStream(streamIds.idOwnersBackfill());
    expect(marker.map((e) => e.data)).toEqual([expect.objectContaining({ questions: 2, responses: 2 })]);
    const before = (await everything(store)).length;
    await Promise.all([backfillIdOwners(store), backfillIdOwners(store), ownersOf(store).ready()]);
    expect((await everything(store)).length).toBe(before);
  });

  it('writes the same lookups once when two processes backfill at the same moment', async () => {
    t = await openTestDatabase();
    const { store } = t;
    const [q] = await legacyIds(store, 'question', 1);
    await store.append(
      streamIds.assignment('north', 9),
      [{ type: 'QuestionAdded', data: { assignmentId: 9, questionId: q, questionNumber: 1 }, metadata: { tenant: 'north' } }],
      { expectedVersion: 'no_stream' },
    );
    await Promise.all([backfillIdOwners(store), backfillIdOwners(store)]);
    expect(await store.readStream(streamIds.idOwners('north', 'question', q!))).toHaveLength(1);
    expect(await store.readStream(streamIds.idOwnersBackfill())).toHaveLength(1);
    expect(await createQuestionLocator(ownersOf(store))('north', q!)).toBe(9);
  });
});
