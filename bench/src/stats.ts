/** Pure helpers: percentiles, rates, ratios, lag matching and the printed table. */

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export type Summary = { count: number; p50: number; p99: number; max: number };

export function summarize(samples: readonly number[]): Summary {
  return {
    count: samples.length,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: samples.length ? samples.reduce((a, b) => Math.max(a, b), -Infinity) : Number.NaN,
  };
}

/** Items per second; NaN for an empty or non-positive window. */
export function perSecond(count: number, elapsedMs: number): number {
  return elapsedMs > 0 ? (count * 1000) / elapsedMs : Number.NaN;
}

/** a / b, NaN when b is zero or either is not finite. */
export function ratio(a: number, b: number): number {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : Number.NaN;
}

export type Stamp = { position: string; t: number };

/**
 * Lag of each append to the first notice at or past its position (one projection's notices, so
 * positions only grow). Notices are per batch: one notice covers every event up to its position.
 */
export function matchLags(
  appends: readonly Stamp[],
  notices: readonly Stamp[],
  compare: (a: string, b: string) => number,
): { lags: number[]; unmatched: number } {
  const byPosition = [...notices].sort((a, b) => compare(a.position, b.position));
  const lags: number[] = [];
  let unmatched = 0;
  for (const a of appends) {
    let lo = 0;
    let hi = byPosition.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(byPosition[mid]!.position, a.position) < 0) lo = mid + 1;
      else hi = mid;
    }
    const notice = byPosition[lo];
    if (notice) lags.push(Math.max(0, notice.t - a.t));
    else unmatched++;
  }
  return { lags, unmatched };
}

export const fmt = (n: number, digits = 1): string =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

/** Plain text table: first column left-aligned, the rest right-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
