import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whole seconds left until a deadline; `onExpire` runs once when it reaches 0. Counting from a
 * deadline (not by decrementing) keeps the clock right when the tab was throttled in the background.
 */
export function useCountdown(onExpire?: () => void) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        setDeadline(null);
        expire.current?.();
      }
    };
    tick();
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setSecondsLeft(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, []);
  const stop = useCallback(() => setDeadline(null), []);

  return { secondsLeft, running: deadline !== null, start, stop };
}

/** 119 → '1:59'. */
export const formatClock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
