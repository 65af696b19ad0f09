import { describe, expect, it } from 'vitest';
import { runFirstStartKills } from './first-start';

/** The CI-sized part (b) of `npm run chaos`: the full run (15 kills) is `npm run chaos -- --only b`. */
describe('a first start killed at random moments', () => {
  it('is followed by a start that ends with the whole demo school and a truthful banner', async () => {
    const lines: string[] = [];
    const result = await runFirstStartKills({ kills: 2, killResumeChance: 1, reference: false, aimMs: 12_000, log: (l) => lines.push(l) });
    expect(result.failures, lines.join('\n')).toEqual([]);
    expect(result.kills).toBe(2);
    expect(result.landed.unreadable).toBe(0);
    expect(result.starts).toBeGreaterThanOrEqual(1);
    expect(result.wholeStarts).toBe(result.starts);
    expect(result.untruthfulBanners).toBe(0);
  }, 300_000);
});
