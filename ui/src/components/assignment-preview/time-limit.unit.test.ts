import { describe, expect, it } from 'vitest';
import {
  setTimeLimitMode,
  timeLimitError,
  timeLimitHint,
  timeLimitSeconds,
  timeLimitValid,
  TIME_LIMIT_MESSAGES,
  type TimeLimitValue,
} from './time-limit';

const enabled = (hours: number, minutes: number): TimeLimitValue => ({ mode: 'enabled', hours, minutes });

describe('time limit mode', () => {
  it('enabling at 0 h 0 m defaults to 1 hour; enabling keeps a time already set', () => {
    expect(setTimeLimitMode({ mode: null, hours: 0, minutes: 0 }, 'enabled')).toEqual(enabled(1, 0));
    expect(setTimeLimitMode({ mode: 'disabled', hours: 0, minutes: 30 }, 'enabled')).toEqual(enabled(0, 30));
  });
  it('disabling zeroes the time', () => {
    expect(setTimeLimitMode(enabled(2, 15), 'disabled')).toEqual({ mode: 'disabled', hours: 0, minutes: 0 });
  });
});

describe('validity', () => {
  it('is valid disabled or enabled above zero, not when unchosen', () => {
    expect(timeLimitValid({ mode: 'disabled', hours: 0, minutes: 0 })).toBe(true);
    expect(timeLimitValid(enabled(0, 1))).toBe(true);
    expect(timeLimitValid(enabled(0, 0))).toBe(false);
    expect(timeLimitValid({ mode: null, hours: 1, minutes: 0 })).toBe(false);
    expect(timeLimitError(enabled(0, 0))).toBe('Please set a time limit greater than 0');
    expect(timeLimitError(enabled(0, 5))).toBeNull();
  });
  it('travels in seconds, null when disabled', () => {
    expect(timeLimitSeconds(enabled(1, 30))).toBe(5400);
    expect(timeLimitSeconds({ mode: 'disabled', hours: 0, minutes: 0 })).toBeNull();
  });
});

describe('hints: 1 to 4 minutes per mark', () => {
  it('too short under 1 minute per mark', () => {
    expect(timeLimitHint(enabled(0, 19), 20)).toBe(TIME_LIMIT_MESSAGES.tooShort);
    expect(TIME_LIMIT_MESSAGES.tooShort).toBe('Time may be too short for this assignment');
  });
  it('none from 1 to 4 minutes per mark', () => {
    expect(timeLimitHint(enabled(0, 20), 20)).toBeNull();
    expect(timeLimitHint(enabled(1, 20), 20)).toBeNull();
  });
  it('too long over 4 minutes per mark', () => {
    expect(timeLimitHint(enabled(1, 21), 20)).toBe('Time may be too long for this assignment');
  });
  it('none when disabled', () => {
    expect(timeLimitHint({ mode: 'disabled', hours: 0, minutes: 0 }, 20)).toBeNull();
  });
});
