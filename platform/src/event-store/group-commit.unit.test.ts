import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

type Request = { streamId: string; n: number };

/** A runner whose batches finish only when the test lets them. */
function harness(options = { maxInFlight: 2, maxBatch: 3 }) {
  const batches: { requests: Request[]; finish: (err?: Error) => void }[] = [];
  const group = createGroupCommit<Request, string>(
    (requests) =>
      new Promise((resolve, reject) => {
        batches.push({
          requests: [...requests],
          finish: (err) => (err ? reject(err) : resolve(requests.map((r) => `${r.streamId}#${r.n}`))),
        });
      }),
    options,
  );
  return { group, batches };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('sends an append at once while a slot is free, and groups those that arrive while the slots are busy', async () => {
    const { group, batches } = harness();
    const results = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((s, n) => group.submit({ streamId: s, n }));
    expect(batches.map((b) => b.requests.map((r) => r.streamId))).toEqual([['a'], ['b']]);
    batches[0]!.finish();
    await tick();
    // At most maxBatch per group.
    expect(batches.map((b) => b.requests.map((r) => r.streamId))).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
    batches[1]!.finish();
    await tick();
    expect(batches[3]!.requests.map((r) => r.streamId)).toEqual(['f', 'g']);
    batches[2]!.finish();
    batches[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a#0', 'b#1', 'c#2', 'd#3', 'e#4', 'f#5', 'g#6']);
  });

  it('keeps one stream to one append per group and one group in flight, in the order they came', async () => {
    const { group, batches } = harness({ maxInFlight: 3, maxBatch: 10 });
    const results = [
      group.submit({ streamId: 's', n: 0 }),
      group.submit({ streamId: 's', n: 1 }),
      group.submit({ streamId: 't', n: 2 }),
      group.submit({ streamId: 's', n: 3 }),
    ];
    // 's' waits for its first append even with slots free; 't' goes.
    expect(batches.map((b) => b.requests.map((r) => r.n))).toEqual([[0], [2]]);
    batches[1]!.finish();
    await tick();
    expect(batches).toHaveLength(2);
    batches[0]!.finish();
    await tick();
    expect(batches[2]!.requests.map((r) => r.n)).toEqual([1]);
    batches[2]!.finish();
    await tick();
    expect(batches[3]!.requests.map((r) => r.n)).toEqual([3]);
    batches[3]!.finish();
    expect(await Promise.all(results)).toEqual(['s#0', 's#1', 't#2', 's#3']);
  });

  it('rejects every append of a failed group with its error, and goes on with the next group', async () => {
    const { group, batches } = harness({ maxInFlight: 1, maxBatch: 10 });
    const first = group.submit({ streamId: 'a', n: 0 });
    const grouped = [group.submit({ streamId: 'b', n: 1 }), group.submit({ streamId: 'c', n: 2 })];
    batches[0]!.finish();
    await tick();
    batches[1]!.finish(new Error('lost'));
    await expect(first).resolves.toBe('a#0');
    for (const r of grouped) await expect(r).rejects.toThrow('lost');
    const after = group.submit({ streamId: 'b', n: 3 });
    expect(batches[2]!.requests.map((r) => r.n)).toEqual([3]);
    batches[2]!.finish();
    await expect(after).resolves.toBe('b#3');
  });
});
