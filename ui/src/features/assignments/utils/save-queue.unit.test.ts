import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createSaveQueue, isTransient, queueKey, type QueuedSave } from './save-queue';

const save = (questionId: number, content: string, at: string, extra: Partial<QueuedSave> = {}): QueuedSave => ({
  key: queueKey(5, 12, questionId), userId: 5, assignmentId: 12, questionId, questionNumber: questionId, content,
  clientSavedAt: at, commandId: `${questionId}-${at}`, ...extra,
});
const failing = (status: number) => Object.assign(new Error('failed'), { status });

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
    const outcomes = await q.flush(5, async (s) => { sent.push(s.content ?? ''); });
    expect(sent).toEqual(['first', 'second']);
    expect([...outcomes.values()]).toEqual(['sent', 'sent']);
    expect(await q.pending(5)).toEqual([]);
  });

  it('stops at a lost connection and keeps the rest; drops a save the server refused for good', async () => {
    const q = createSaveQueue(new IDBFactory());
    await q.put(save(1, 'refused', '2026-03-01T10:00:01.000Z'));
    await q.put(save(2, 'offline', '2026-03-01T10:00:02.000Z'));
    await q.put(save(3, 'after', '2026-03-01T10:00:03.000Z'));
    const calls: string[] = [];
    const outcomes = await q.flush(5, async (s) => {
      calls.push(s.content ?? '');
      throw s.content === 'refused' ? failing(409) : failing(0);
    });
    expect(calls).toEqual(['refused', 'offline']);
    expect([...outcomes.values()]).toEqual(['refused', 'kept', 'kept']);
    expect((await q.pending(5)).map((s) => s.content)).toEqual(['offline', 'after']);
  });

  it('does not forget a newer edit that replaced the one being sent', async () => {
    const q = createSaveQueue(new IDBFactory());
    const older = save(1, 'older', '2026-03-01T10:00:01.000Z');
    await q.put(older);
    await q.put(save(1, 'newer', '2026-03-01T10:00:02.000Z'));
    await q.settle(older);
    expect((await q.pending(5)).map((s) => s.content)).toEqual(['newer']);
  });

  it('stamps edits in order even when the clock goes back', async () => {
    const q = createSaveQueue(new IDBFactory());
    const a = await q.stamp('k', Date.parse('2026-03-01T10:00:05.000Z'));
    const b = await q.stamp('k', Date.parse('2026-03-01T10:00:01.000Z'));
    expect(Date.parse(b)).toBeGreaterThan(Date.parse(a));
  });

  it('retries network failures, server failures and a lost session; not refusals', () => {
    expect([0, 401, 408, 429, 500, 503].map((s) => isTransient(failing(s)))).toEqual([true, true, true, true, true, true]);
    expect([400, 403, 404, 409].map((s) => isTransient(failing(s)))).toEqual([false, false, false, false]);
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
  });
});
