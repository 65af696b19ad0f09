/** Spec document 2 sections 4, 5 and 9: the time-limit setting of the assignment editor. */
export const TIME_LIMIT_MESSAGES = {
  zero: 'Please set a time limit greater than 0',
  tooShort: 'Time may be too short for this assignment',
  tooLong: 'Time may be too long for this assignment',
} as const;
export const TIME_LIMIT_MAX_HOURS = 12;
export const TIME_LIMIT_MAX_MINUTES = 59;

/** null: not chosen yet (required when students submit). */
export type TimeLimitMode = 'enabled' | 'disabled' | null;
export type TimeLimitValue = { mode: TimeLimitMode; hours: number; minutes: number };

export const clampInt = (n: number, min: number, max: number) => (Number.isFinite(n) ? Math.min(max, Math.max(min, Math.trunc(n))) : min);

/** Enabling at 0 h 0 m defaults to 1 hour; disabling zeroes the time. */
export function setTimeLimitMode(v: TimeLimitValue, mode: Exclude<TimeLimitMode, null>): TimeLimitValue {
  if (mode === 'disabled') return { mode, hours: 0, minutes: 0 };
  return v.hours === 0 && v.minutes === 0 ? { mode, hours: 1, minutes: 0 } : { ...v, mode };
}

export const totalMinutes = (v: Pick<TimeLimitValue, 'hours' | 'minutes'>) => v.hours * 60 + v.minutes;

/** Valid when disabled, or enabled with a total above 0. An unchosen mode is not valid. */
export const timeLimitValid = (v: TimeLimitValue) => v.mode === 'disabled' || (v.mode === 'enabled' && totalMinutes(v) > 0);

/** The error under the inputs, if any. */
export const timeLimitError = (v: TimeLimitValue) => (v.mode === 'enabled' && totalMinutes(v) <= 0 ? TIME_LIMIT_MESSAGES.zero : null);

/** With T total marks: fewer than T minutes is too short, more than 4T too long (1 to 4 minutes per mark). */
export function timeLimitHint(v: TimeLimitValue, totalMarks: number): string | null {
  if (v.mode !== 'enabled' || totalMarks <= 0) return null;
  const minutes = totalMinutes(v);
  if (minutes <= 0) return null;
  if (minutes < totalMarks) return TIME_LIMIT_MESSAGES.tooShort;
  if (minutes > 4 * totalMarks) return TIME_LIMIT_MESSAGES.tooLong;
  return null;
}

/** What add-assignment carries: seconds, or null for no limit. */
export const timeLimitSeconds = (v: TimeLimitValue): number | null =>
  v.mode === 'enabled' && totalMinutes(v) > 0 ? totalMinutes(v) * 60 : null;
