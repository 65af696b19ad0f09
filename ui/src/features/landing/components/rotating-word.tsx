import { useEffect, useState } from 'react';

/** The audience word (spec document 2: schools, teachers, students; a new one every 2.5 s). */
export const AUDIENCE_WORDS = ['schools', 'teachers', 'students'] as const;
export const AUDIENCE_ROTATE_MS = 2_500;

export function RotatingWord({ words = AUDIENCE_WORDS, everyMs = AUDIENCE_ROTATE_MS }: { words?: readonly string[]; everyMs?: number }) {
  const [i, setI] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setI((n) => (n + 1) % words.length), everyMs);
    return () => clearInterval(timer);
  }, [words.length, everyMs]);
  return (
    <span className="rotating-word" data-testid="audience-word" key={i}>
      {words[i]}
    </span>
  );
}
