import { describe, expect, it } from 'vitest';
import { idleCoresBound, processCpuMs } from './cpu';

describe('CPU accounting', () => {
  it.runIf(process.platform === 'linux')("reads a live process's CPU time from /proc, and nothing for one that is gone", () => {
    const before = processCpuMs(process.pid)!;
    let x = 0;
    for (const end = Date.now() + 50; Date.now() < end;) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    expect(processCpuMs(process.pid)!).toBeGreaterThanOrEqual(before);
    expect(processCpuMs(2 ** 22 + 1)).toBeUndefined();
  });

  it("bounds the rate by Node's single thread or by all the CPU over the cores, whichever is larger", () => {
    expect(idleCoresBound(1000, { nodeMs: 10, pgMs: 2 }, 2)).toBe(100_000);
    expect(idleCoresBound(1000, { nodeMs: 4, pgMs: 16 }, 2)).toBe(100_000);
    expect(idleCoresBound(1000, { nodeMs: 4, pgMs: null }, 2)).toBeNull();
  });
});
