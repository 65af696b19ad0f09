import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@evergrade/contracts';
import { createSaveQueue, isConflict, isTransient, queueKey, type QueuedSave } from './save-queue';

const save = (questionId: number, content: string, at: string, extra: Partial<QueuedSave> = {}): QueuedSave => ({
  key: queueKey(5, 12, questionId),
  userId: 5,
  assignmentId: 12,
  questionId,
  questionNumber: questionId,
  content,
  clientSavedAt: at,
  commandId: `${questionId}-${at}`,
  ...extra,
});
const failing = (status: number, message = 'failed') => Object.assign(new Error(message), { status });

describe('the offline save queue (IndexedDB)', () => {
  it('survives a new page: another queue on the same database sees what was kept', async () => {
    const factory = new IDBFactory();
    await createSaveQueue(factory).put(save(1, 'kept', '2026-03-01T10:00:00.000Z'));
    expect((await createSaveQueue(factory).pending(5)).map((s) => s.content)).toEqual(['kept']);
  });

  it('keeps the newest edit per question; an older one never replaces it', async () => {
    const q = createSaveQueue(new IDBFactory());
    await q.put(save(1, 'new', '2026-03-01T10:00:02.000Z'));
    await q.put(save(1, 'old', '2026-03-01T10:00:01.000Z'));
    expect((await q.pending(5)).map((s) => s.content)).toEqual(['new']);
  });

  it('is per user and assignment', async () => {
    const q = createSaveQueue(new IDBFactory());
    await q.put(save(1, 'mine', '2026-03-01T10:00:00.000Z'));
    await q.put(save(1, 'theirs', '2026-03-01T10:00:00.000Z', { key: queueKey(6, 12, 1), userId: 6 }));
    await q.put(save(2, 'other assignment', '2026-03-01T10:00:00.000Z', { key: queueKey(5, 13, 2), assignmentId: 13 }));
    expect((await q.pending(5, 12)).map((s) => s.content)).toEqual(['mine']);
    expect((await q.pending(6)).map((s) => s.content)).toEqual(['theirs']);
  });

  it('flushes oldest first and forgets what the server acknowledged', async () => {
    const q = createSaveQueue(new IDBFactory());
    await q.put(save(2, 'second', '2026-03-01T10:00:02.000Z'));
    await q.put(save(1, 'first', '2026-03-01T10:00:01.000Z'));
    const sent: string[] = [];
    const outcomes = await q.flush(5, async (s) => {
      sent.push(s.content ?? '');
    });
    expect(sent).toEqual(['first', 'second']);
    expect([...outcomes.values()]).toEqual(['sent', 'sent']);
    expect(await q.pending(5)).toEqual([]);
  });

  it('stops at a lost connection and keeps the rest; keeps a refused save on the device, marked, and stops sending it', async () => {
    const q = createSaveQueue(new IDBFactory());
    await q.put(save(1, 'refused', '2026-03-01T10:00:01.000Z'));
    await q.put(save(2, 'offline', '2026-03-01T10:00:02.000Z'));
    await q.put(save(3, 'after', '2026-03-01T10:00:03.000Z'));
    const calls: string[] = [];
    const outcomes = await q.flush(5, async (s) => {
      calls.push(s.content ?? '');
      throw s.content === 'refused' ? failing(400, 'Text contains a character that cannot be stored') : failing(0);
    });
    expect(calls).toEqual(['refused', 'offline']);
    expect([...outcomes.values()]).toEqual(['refused', 'kept', 'kept']);
    expect([...outcomes.keys()][0]!.refused).toBe('Text contains a character that cannot be stored');
    const kept = await q.pending(5);
    expect(kept.map((s) => [s.content, s.refused ?? null])).toEqual([
      ['refused', 'Text contains a character that cannot be stored'],
      ['offline', null],
      ['after', null],
    ]);

    // the next flush does not send the refused one again; a new visit (retryRefused) tries it once more
    calls.length = 0;
    await q.flush(5, async (s) => {
      calls.push(s.content ?? '');
    });
    expect(calls).toEqual(['offline', 'after']);
    await q.flush(
      5,
      async (s) => {
        calls.push(s.content ?? '');
      },
      12,
      true,
    );
    expect(calls).toEqual(['offline', 'after', 'refused']);
    expect(await q.pending(5)).toEqual([]);
  });

  it('never drops an edit on a 409 conflict: it stays queued for the next flush, the others still go', async () => {
    const q = createSaveQueue(new IDBFactory());
    await q.put(save(1, 'conflicted', '2026-03-01T10:00:01.000Z'));
    await q.put(save(2, 'fine', '2026-03-01T10:00:02.000Z'));
    const outcomes = await q.flush(5, async (s) => {
      if (s.content === 'conflicted') throw failing(409, MESSAGES.conflict);
    });
    expect([...outcomes.values()]).toEqual(['retry', 'sent']);
    expect((await q.pending(5)).map((s) => [s.content, s.refused ?? null])).toEqual([['conflicted', null]]);
    expect((await q.flush(5, async () => undefined)).size).toBe(1);
    expect(await q.pending(5)).toEqual([]);
  });

  it('a 409 that says the answer can no longer change is a refusal, kept on the device with its message', async () => {
    const q = createSaveQueue(new IDBFactory());
    await q.put(save(1, 'late', '2026-03-01T10:00:01.000Z'));
    const outcomes = await q.flush(5, async () => {
      throw failing(409, MESSAGES.alreadySubmitted);
    });
    expect([...outcomes.values()]).toEqual(['refused']);
    expect((await q.pending(5))[0]!.refused).toBe(MESSAGES.alreadySubmitted);
  });

  it('does not forget a newer edit that replaced the one being sent', async () => {
    const q = createSaveQueue(new IDBFactory());
    const older = save(1, 'older', '2026-03-01T10:00:01.000Z');
    await q.put(older);
    await q.put(save(1, 'newer', '2026-03-01T10:00:02.000Z'));
    await q.settle(older);
    expect((await q.pending(5)).map((s) => s.content)).toEqual(['newer']);
  });

  it('stamps edits in order even when the clock goes back, after what a previous visit kept', async () => {
    const factory = new IDBFactory();
    const q = createSaveQueue(factory);
    const a = q.stamp('k', Date.parse('2026-03-01T10:00:05.000Z'));
    const b = q.stamp('k', Date.parse('2026-03-01T10:00:01.000Z'));
    expect(Date.parse(b)).toBeGreaterThan(Date.parse(a));
    await q.put(save(1, 'kept', '2026-03-01T10:00:09.000Z'));
    const next = createSaveQueue(factory);
    await next.pending(5);
    expect(Date.parse(next.stamp(queueKey(5, 12, 1), Date.parse('2026-03-01T10:00:02.000Z')))).toBeGreaterThan(
      Date.parse('2026-03-01T10:00:09.000Z'),
    );
  });

  it('retries network failures, server failures and a lost session (401, 422); not refusals', () => {
    expect([0, 401, 408, 422, 429, 500, 503].map((s) => isTransient(failing(s)))).toEqual([true, true, true, true, true, true, true]);
    expect([400, 403, 404, 409].map((s) => isTransient(failing(s)))).toEqual([false, false, false, false]);
    expect(isConflict(failing(409, MESSAGES.conflict))).toBe(true);
    expect(isConflict(failing(409, MESSAGES.pastDue))).toBe(false);
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
  });
});
