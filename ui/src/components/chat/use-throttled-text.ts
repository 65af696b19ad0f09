import { useEffect, useRef, useState } from 'react';

/**
 * The text as last typeset: while `streaming`, it follows `text` at most once every `ms` (the first change at
 * once, later ones at the end of the interval); when streaming stops, it is `text` at once.
 */
export function useThrottledText(text: string, streaming: boolean, ms: number): string {
  const [snapshot, setSnapshot] = useState(text);
  const lastAt = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(text);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  latest.current = text;

  useEffect(() => {
    if (!streaming) {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      setSnapshot(text);
      return;
    }
    if (timer.current) return;
    const wait = lastAt.current + ms - Date.now();
    if (wait <= 0) {
      lastAt.current = Date.now();
      setSnapshot(text);
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      lastAt.current = Date.now();
      setSnapshot(latest.current);
    }, wait);
  }, [text, streaming, ms]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return streaming ? snapshot : text;
}
