import { INSIGHT_CONSTANTS } from '@evergrade/contracts';

export type ScoreBand = (typeof INSIGHT_CONSTANTS.scoreBands)[number]['colour'];
export type PerformanceBand = (typeof INSIGHT_CONSTANTS.performanceBands)[number]['colour'];

/** "3/5" (as scoreString writes it) as numbers; null for anything else. */
export function parseScore(text: string): { score: number; possible: number } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  return { score: Number(m[1]), possible: Number(m[2]) };
}

/** The percentage a score string stands for; null when it is not one or nothing was possible. */
export function scorePercent(text: string): number | null {
  const s = parseScore(text);
  return s && s.possible > 0 ? (s.score / s.possible) * 100 : null;
}

/** Spec section 9: below 30 red, below 50 orange, below 80 yellow, otherwise green. */
export function scoreBand(percent: number): ScoreBand {
  return INSIGHT_CONSTANTS.scoreBands.find((b) => percent < b.below)!.colour;
}

/** Spec section 9: 80 or more green, 60 or more orange, 40 or more dark orange, otherwise red. */
export function performanceBand(percent: number): PerformanceBand {
  return INSIGHT_CONSTANTS.performanceBands.find((b) => percent >= b.atLeast)!.colour;
}

/** Words for a band, so the colour is never the only cue. */
export const SCORE_BAND_TEXT: Record<ScoreBand, string> = {
  red: 'below 30%',
  orange: '30% to 50%',
  yellow: '50% to 80%',
  green: '80% or more',
};
