import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { formatClock, useCountdown } from './use-countdown';

function Clock({ seconds, onExpire }: { seconds: number; onExpire: () => void }) {
  const c = useCountdown(onExpire);
  const { start } = c;
  useEffect(() => start(seconds), [start, seconds]);
  return <p data-testid="clock">{c.running ? formatClock(c.secondsLeft) : 'stopped'}</p>;
}

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts whole seconds down from the deadline and expires once', async () => {
    const onExpire = vi.fn();
    render(<Clock seconds={120} onExpire={onExpire} />);
    expect(screen.getByTestId('clock').textContent).toBe('2:00');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.getByTestId('clock').textContent).toBe('0:59');
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByTestId('clock').textContent).toBe('stopped');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('keeps time by the clock, not by ticks, after a throttled background tab', async () => {
    const onExpire = vi.fn();
    render(<Clock seconds={120} onExpire={onExpire} />);
    vi.setSystemTime(Date.now() + 90_000);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(screen.getByTestId('clock').textContent).toBe('0:30');
  });
});
