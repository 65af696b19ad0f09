import { useEffect, useState } from 'react';
import { WELCOMED_KEY } from '../../../stores/session';

const CHAR_MS = 100;

/** First visit of the session only: 'Hello, {first name}' typed out (remembered by the 'welcomed' flag). */
export function InstructorGreeting({ firstName }: { firstName: string }) {
  const [show] = useState(() => {
    try {
      return sessionStorage.getItem(WELCOMED_KEY) !== 'true';
    } catch {
      return false;
    }
  });
  const text = firstName ? `Hello, ${firstName}` : 'Hello';
  const [typed, setTyped] = useState(0);

  useEffect(() => {
    if (!show) return;
    try {
      sessionStorage.setItem(WELCOMED_KEY, 'true');
    } catch {
      // the greeting will simply show again
    }
    const timer = setInterval(() => setTyped((n) => (n >= text.length ? n : n + 1)), CHAR_MS);
    return () => clearInterval(timer);
  }, [show, text.length]);

  if (!show) return null;
  return (
    <p className="greeting" aria-label={text} data-testid="instructor-greeting">
      <span aria-hidden="true">{text.slice(0, typed)}</span>
      {typed < text.length && <span className="greeting-caret" aria-hidden="true" />}
      <span className="greeting-sub" aria-hidden="true">
        {typed >= text.length ? 'Here’s how your classes are doing.' : ''}
      </span>
    </p>
  );
}
