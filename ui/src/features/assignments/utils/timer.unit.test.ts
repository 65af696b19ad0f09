import { describe, expect, it } from 'vitest';
import { TIMER_MESSAGES } from '@evergrade/contracts';
import { displayState, formatClock, initialRemaining, nextWarning, passedThresholds, statusText, timeUsed } from './timer';

describe('timer display', () => {
  it('is normal, then warning at 300 s, critical at 60 s, offline without a connection', () => {
    expect(displayState(301, true)).toBe('normal');
    expect(displayState(300, true)).toBe('warning');
    expect(displayState(61, true)).toBe('warning');
    expect(displayState(60, true)).toBe('critical');
    expect(displayState(500, false)).toBe('offline');
  });
  it('says Active, Running Low, Time Almost Up', () => {
    expect([900, 300, 60, 0].map(statusText)).toEqual(['Active', 'Running Low', 'Time Almost Up', 'Time Almost Up']);
  });
  it('formats minutes and hours', () => {
    expect([0, 59, 120, 3725].map(formatClock)).toEqual(['00:00', '00:59', '02:00', '1:02:05']);
  });
});

describe('countdown start', () => {
  const now = Date.parse('2026-03-01T10:02:00Z');
  it("takes the server's remaining time, never below 0", () => {
    expect(initialRemaining({ time_remaining_seconds: 95 }, 120, now)).toBe(95);
    expect(initialRemaining({ time_remaining_seconds: -4 }, 120, now)).toBe(0);
  });
  it('otherwise counts the limit from the start time', () => {
    expect(initialRemaining({ session_started_at: '2026-03-01T10:01:00Z' }, 120, now)).toBe(60);
    expect(initialRemaining({ started_at: '2026-03-01T09:00:00Z' }, 120, now)).toBe(0);
  });
  it('does not start without a start time', () => {
    expect(initialRemaining({}, 120, now)).toBeNull();
  });
});

describe('warnings', () => {
  it('fires each threshold once, as the time passes it', () => {
    let fired = new Set<number>();
    const seen: (number | null)[] = [];
    for (const left of [1801, 1800, 1799, 600, 599, 300, 60, 59, 30, 29]) {
      const next = nextWarning(left, fired);
      fired = next.fired;
      seen.push(next.warning?.threshold ?? null);
    }
    expect(seen).toEqual([null, 1800, null, 600, null, 300, 60, null, 30, null]);
  });
  it('marks the 60 and 30 s warnings critical', () => {
    expect(nextWarning(60, new Set([1800, 600, 300])).warning).toEqual({ threshold: 60, critical: true });
    expect(nextWarning(300, new Set([1800, 600])).warning).toEqual({ threshold: 300, critical: false });
  });
  it('on resuming late shows only the nearest passed threshold', () => {
    const next = nextWarning(250, new Set());
    expect(next.warning?.threshold).toBe(300);
    expect([...next.fired].sort((a, b) => a - b)).toEqual([300, 600, 1800]);
  });
  it('counts thresholds already behind at the start of the countdown as shown', () => {
    const fired = passedThresholds(120);
    expect([...fired].sort((a, b) => a - b)).toEqual([300, 600, 1800]);
    expect(nextWarning(119, fired).warning).toBeNull();
    expect(nextWarning(60, fired).warning?.threshold).toBe(60);
    expect([...passedThresholds(600)].includes(600)).toBe(true); // a 10-minute quiz does not open with '10 minutes remaining'
  });
  it('words each warning', () => {
    expect([1800, 600, 300, 60, 30].map(TIMER_MESSAGES.warning)).toEqual([
      '30 minutes remaining',
      '10 minutes remaining',
      '5 minutes remaining',
      '1 minute remaining',
      '30 seconds remaining',
    ]);
  });
});

describe('heartbeat time used', () => {
  it('is the limit minus what is left; skipped when negative or not a number', () => {
    expect(timeUsed(120, 90)).toBe(30);
    expect(timeUsed(120, 130)).toBeNull();
    expect(timeUsed(Number.NaN, 10)).toBeNull();
  });
});
