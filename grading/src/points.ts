/** Marks in steps of 0.25, within 0..max. */
export const toQuarter = (points: number, max: number) => Math.min(max, Math.max(0, Math.floor(points * 4 + 1e-9) / 4));
/** A mark as people write it: 1.5, 2, 0.25. */
export const fmt = (n: number) => String(Math.round(n * 100) / 100);
