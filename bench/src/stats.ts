/** Pure helpers: percentiles, rates, ratios, lag matching and the printed table. */

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** The middle of unsorted samples (the mean of the two middle ones for an even count); NaN when there are none. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
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
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** One read of the log by the projector runner: when it started and ended, and the positions it returned. */
export type ReadStamp = { t0: number; t1: number; first: string; last: string; events: number };

/**
 * Splits each append's lag (append → first notice at or past it) into where the time went:
 * - `wait`: append → start of the runner's read that returned it (the runner was still applying the previous
 *   batch, or asleep until LISTEN/NOTIFY woke it);
 * - `read`: that `readAll`;
 * - `apply`: read end → notice (the projection's transaction: load, evolve, save, checkpoint, commit, then publish).
 * The read is the earliest one that returned the event and ended before the notice. Appends with no notice or no
 * such read are left out.
 */
export function decomposeLags(
  appends: readonly Stamp[],
  reads: readonly ReadStamp[],
  notices: readonly Stamp[],
  compare: (a: string, b: string) => number,
): { wait: number[]; read: number[]; apply: number[] } {
  const byPosition = [...notices].sort((a, b) => compare(a.position, b.position));
  // The runner reads the log forwards, so its reads ordered by last position are also ordered in time.
  const byLast = [...reads].sort((a, b) => compare(a.last, b.last) || a.t0 - b.t0);
  const firstAtOrPast = <T>(sorted: readonly T[], position: string, of: (x: T) => string) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(of(sorted[mid]!), position) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const out = { wait: [] as number[], read: [] as number[], apply: [] as number[] };
  for (const a of appends) {
    const notice = byPosition[firstAtOrPast(byPosition, a.position, (n) => n.position)];
    if (!notice) continue;
    let read: ReadStamp | undefined;
    for (let i = firstAtOrPast(byLast, a.position, (r) => r.last); i < byLast.length && !read; i++) {
      const r = byLast[i]!;
      if (r.t1 <= notice.t && compare(r.first, a.position) <= 0) read = r;
      if (r.t0 > notice.t) break;
    }
    if (!read) continue;
    out.wait.push(Math.max(0, read.t0 - a.t));
    out.read.push(read.t1 - read.t0);
    out.apply.push(Math.max(0, notice.t - read.t1));
  }
  return out;
}
