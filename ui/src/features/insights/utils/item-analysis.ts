import { INSIGHT_CONSTANTS, type ItemAnalysis } from '@evergrade/contracts';

/** Facility (0..1) as a percentage of the marks, no decimals: "72%". */
export const facilityText = (facility: number) => `${Math.round(facility * 100)}%`;

/** Facility in a word, with the course page's difficulty bands (85% or more Easy, 70% or more Medium, else Hard). */
export const facilityWord = (facility: number) => INSIGHT_CONSTANTS.difficulty.find((d) => facility * 100 >= d.atLeast)!.label;

/** Discrimination (-1..1) to 2 decimals, with a true minus sign: "0.45", "−0.20". */
export const discriminationText = (d: number) => {
  const s = Math.abs(d).toFixed(2);
  return d < 0 && s !== '0.00' ? `−${s}` : s;
};

/** Discrimination in a word: 0.3 or more separates stronger from weaker students well (Moodle's reading). */
export function discriminationWord(d: number): string {
  if (d < 0) return 'Negative';
  if (d < INSIGHT_CONSTANTS.discriminationFlagBelow) return 'Near zero';
  if (d < 0.3) return 'Fair';
  return 'Good';
}

export const FLAG_TEXT: Record<NonNullable<ItemAnalysis['flag']>, string> = {
  negative: 'Stronger students scored lower on this question than weaker ones',
  'near-zero': 'This question hardly separates stronger from weaker students',
};

/** Marks to 2 decimals (the spec's score format). */
export const marks2 = (n: number) => n.toFixed(2);
