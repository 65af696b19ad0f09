import { describe, expect, it } from 'vitest';
import { createSleeper } from './sleeper';

describe('createSleeper', () => {
  it('ends every sleep in progress when woken, and a later sleep waits again', async () => {
    const { sleep, wake } = createSleeper();
    const ended: string[] = [];
    const a = sleep(60_000).then(() => ended.push('a'));
    const b = sleep(60_000).then(() => ended.push('b'));
    wake();
    await Promise.all([a, b]);
    expect(ended).toEqual(['a', 'b']);
    let later = false;
    const c = sleep(60_000).then(() => (later = true));
    await Promise.resolve();
    expect(later).toBe(false);
    wake();
    await c;
    expect(later).toBe(true);
  });

  it('ends by itself after its time', async () => {
    const { sleep } = createSleeper();
    await expect(sleep(1)).resolves.toBeUndefined();
  });
});
