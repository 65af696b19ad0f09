import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutosaveScheduler, type SaveResult, type SaveStatus } from './autosave-scheduler';

type Call = { id: number; content: string | null; resolve: (r?: SaveResult) => void; reject: (e: Error) => void };

function setup() {
  const calls: Call[] = [];
  const statuses: [number, SaveStatus][] = [];
  const scheduler = new AutosaveScheduler({
    save: (id, content) => new Promise<SaveResult>((resolve, reject) => calls.push({ id, content, resolve, reject })),
    onStatus: (id, s) => statuses.push([id, s]),
  });
  scheduler.register(1, 'server text');
  return { scheduler, calls, statuses, last: () => statuses.at(-1)?.[1] };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('AutosaveScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 2 s after the last keystroke, not before', async () => {
    const { scheduler, calls } = setup();
    scheduler.edit(1, 'a');
    await vi.advanceTimersByTimeAsync(1500);
    scheduler.edit(1, 'ab');
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.content)).toEqual(['ab']);
  });

  it('goes saving → saved → cleared 3 s later', async () => {
    const { scheduler, calls, last } = setup();
    scheduler.edit(1, 'answer');
    await vi.advanceTimersByTimeAsync(2000);
    expect(last()).toBe('saving');
    calls[0]!.resolve();
    await settle();
    expect(last()).toBe('saved');
    await vi.advanceTimersByTimeAsync(2999);
    expect(last()).toBe('saved');
    await vi.advanceTimersByTimeAsync(1);
    expect(last()).toBe('idle');
  });

  it('shows an error status that also clears after 3 s, and keeps the text dirty', async () => {
    const { scheduler, calls, last } = setup();
    scheduler.edit(1, 'answer');
    await vi.advanceTimersByTimeAsync(2000);
    calls[0]!.reject(new Error('boom'));
    await settle();
    expect(last()).toBe('error');
    expect(scheduler.isDirty(1)).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(last()).toBe('idle');
  });

  it('sends null for an empty answer and nothing when the text is unchanged', async () => {
    const { scheduler, calls } = setup();
    scheduler.edit(1, 'server text');
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(0);
    scheduler.edit(1, '   ');
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls[0]!.content).toBeNull();
  });

  it('a late reply of an older save neither reports Saved for newer text nor overtakes it', async () => {
    const { scheduler, calls, statuses } = setup();
    scheduler.edit(1, 'old');
    await vi.advanceTimersByTimeAsync(2000);
    scheduler.edit(1, 'newer');
    await vi.advanceTimersByTimeAsync(2000);
    // the newer save waits for the older request instead of racing it
    expect(calls.map((c) => c.content)).toEqual(['old']);
    calls[0]!.resolve();
    await settle();
    expect(statuses.filter(([, s]) => s === 'saved')).toHaveLength(0);
    expect(calls.map((c) => c.content)).toEqual(['old', 'newer']);
    calls[1]!.resolve();
    await settle();
    expect(statuses.at(-1)?.[1]).toBe('saved');
    expect(scheduler.isDirty(1)).toBe(false);
  });

  it('flushAll saves pending edits at once and resolves when all are stored', async () => {
    const { scheduler, calls } = setup();
    scheduler.register(2, null);
    scheduler.edit(1, 'one');
    scheduler.edit(2, 'two');
    const done = vi.fn();
    void scheduler.flushAll().then(done);
    await settle();
    expect(calls.map((c) => [c.id, c.content])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(done).not.toHaveBeenCalled();
    calls.forEach((c) => c.resolve());
    await settle();
    expect(done).toHaveBeenCalled();
    // the cancelled debounce does not save again
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it('flushAll waits for an in-flight save and then saves the newest text', async () => {
    const { scheduler, calls } = setup();
    scheduler.edit(1, 'first');
    await vi.advanceTimersByTimeAsync(2000);
    scheduler.edit(1, 'second');
    const done = vi.fn();
    void scheduler.flushAll().then(done);
    calls[0]!.resolve();
    await settle();
    expect(calls.map((c) => c.content)).toEqual(['first', 'second']);
    calls[1]!.resolve();
    await settle();
    expect(done).toHaveBeenCalled();
    expect(calls).toHaveLength(2);
  });

  it('flushAll rejects when a save fails', async () => {
    const { scheduler, calls } = setup();
    scheduler.edit(1, 'x');
    const result = scheduler.flushAll();
    await settle();
    calls[0]!.reject(new Error('offline'));
    await expect(result).rejects.toThrow('offline');
  });

  it('a refused text is not sent again and does not block flushAll; the next edit is saved as usual', async () => {
    const { scheduler, calls, last } = setup();
    scheduler.edit(1, 'bad\u0000text');
    await vi.advanceTimersByTimeAsync(2000);
    calls[0]!.resolve({ refused: 'Text contains a character that cannot be stored' });
    await settle();
    expect(last()).toBe('refused');
    expect(scheduler.isDirty(1)).toBe(false);
    // stays until the student changes the text (no 3 s clear), and Submit's flushAll does not resend it
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last()).toBe('refused');
    await scheduler.flushAll();
    expect(calls).toHaveLength(1);
    scheduler.edit(1, 'good text');
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.map((c) => c.content)).toEqual(['bad\u0000text', 'good text']);
    calls[1]!.resolve();
    await settle();
    expect(last()).toBe('saved');
  });
});
