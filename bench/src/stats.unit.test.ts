import { describe, expect, it } from 'vitest';
import { decomposeLags, formatTable, matchLags, median, percentile, perSecond, ratio, summarize } from './stats';

const cmp = (a: string, b: string) => Number(a) - Number(b);

describe('median', () => {
  it('is the middle of unsorted samples, the mean of the two middle ones for an even count, NaN for none', () => {
    expect(median([0.9, 0.67, 0.97])).toBe(0.9);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });
});

describe('percentile', () => {
  it('uses the nearest rank on unsorted samples', () => {
    const xs = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(xs, 50)).toBe(5);
    expect(percentile(xs, 99)).toBe(10);
    expect(percentile(xs, 100)).toBe(10);
    expect(percentile(xs, 0)).toBe(1);
    expect(percentile(xs, 10)).toBe(1);
    expect(percentile(xs, 11)).toBe(2);
    expect(xs[0]).toBe(5);
  });

  it('is NaN for no samples and rejects p outside 0..100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it('p99 of 1..1000 is 990 and of a single sample is that sample', () => {
    expect(
      percentile(
        Array.from({ length: 1000 }, (_, i) => i + 1),
        99,
      ),
    ).toBe(990);
    expect(summarize([7])).toEqual({ count: 1, p50: 7, p99: 7, max: 7 });
  });
});

describe('rates and ratios', () => {
  it('counts per second and guards empty windows', () => {
    expect(perSecond(500, 2000)).toBe(250);
    expect(perSecond(5, 0)).toBeNaN();
  });

  it('divides, and is NaN for a zero or non-finite operand', () => {
    expect(ratio(300, 1200)).toBe(0.25);
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(Number.NaN, 1)).toBeNaN();
  });
});

describe('matchLags', () => {
  it('charges every append to the first notice at or past its position', () => {
    const appends = [
      { position: '1', t: 10 },
      { position: '2', t: 12 },
      { position: '3', t: 13 },
      { position: '5', t: 20 },
    ];
    const notices = [
      { position: '4', t: 30 },
      { position: '2', t: 15 },
    ];
    expect(matchLags(appends, notices, cmp)).toEqual({ lags: [5, 3, 17], unmatched: 1 });
  });

  it('clamps a notice observed before the append returned to zero lag', () => {
    expect(matchLags([{ position: '1', t: 10 }], [{ position: '1', t: 9 }], cmp)).toEqual({ lags: [0], unmatched: 0 });
  });
});

describe('formatTable', () => {
  it('aligns the first column left and the others right', () => {
    expect(
      formatTable(
        ['what', 'n'],
        [
          ['a', '1'],
          ['longer', '100'],
        ],
      ),
    ).toBe(['what      n', '------  ---', 'a         1', 'longer  100'].join('\n'));
  });
});

describe('decomposeLags', () => {
  it('splits each lag into the wait for its read, the read, and the apply up to the notice', () => {
    const appends = [
      { position: '5', t: 100 },
      { position: '12', t: 104 },
    ];
    const reads = [
      { t0: 101, t1: 103, first: '1', last: '10', events: 10 },
      { t0: 130, t1: 131, first: '11', last: '12', events: 2 },
    ];
    const notices = [
      { position: '10', t: 120 },
      { position: '12', t: 140 },
    ];
    expect(decomposeLags(appends, reads, notices, cmp)).toEqual({ wait: [1, 26], read: [2, 1], apply: [17, 9] });
  });

  it('leaves out appends with no notice or no read before it', () => {
    const reads = [{ t0: 10, t1: 50, first: '1', last: '3', events: 3 }];
    expect(
      decomposeLags(
        [
          { position: '2', t: 0 },
          { position: '9', t: 0 },
        ],
        reads,
        [{ position: '3', t: 40 }],
        cmp,
      ),
    ).toEqual({ wait: [], read: [], apply: [] });
  });
});
