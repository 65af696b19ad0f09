import { useEffect, useState } from 'react';
import './greeting.css';
import { LogoMark } from '../../../components/logo';
import { WELCOMED_KEY } from '../../../stores/session';

/** Spec section 9: 100 ms per character, the two lines start at 2 s and 3.5 s, gone 2 s after the last one. */
export const GREETING_TIMINGS = { charMs: 100, helloAtMs: 2000, logoAtMs: 3500, holdMs: 2000 } as const;
export const PRODUCT_NAME = 'Evergrade';

export const greetingText = (firstName: string) => (firstName.trim() ? `Hello, ${firstName.trim()}` : 'Hello');

/** When the greeting ends, in ms from its start. */
export const greetingEndsAt = (firstName: string, t = GREETING_TIMINGS) =>
  Math.max(t.helloAtMs + greetingText(firstName).length * t.charMs, t.logoAtMs + PRODUCT_NAME.length * t.charMs) + t.holdMs;

const typedAt = (elapsed: number, startMs: number, text: string, charMs: number) =>
  text.slice(0, Math.max(0, Math.min(text.length, Math.floor((elapsed - startMs) / charMs))));

function firstVisit(): boolean {
  try {
    return sessionStorage.getItem(WELCOMED_KEY) !== 'true';
  } catch {
    return false;
  }
}

/**
 * First visit of the session only (remembered by the 'welcomed' flag): 'Hello' and the first name typed
 * out, then the product logo typed out; it closes by itself 2 s after finishing, or on Skip.
 */
export function Greeting({ firstName, timings = GREETING_TIMINGS }: { firstName: string; timings?: typeof GREETING_TIMINGS }) {
  const [show, setShow] = useState(firstVisit);
  const [elapsed, setElapsed] = useState(0);
  const hello = greetingText(firstName);
  const end = greetingEndsAt(firstName, timings);

  useEffect(() => {
    if (!show) return;
    try {
      sessionStorage.setItem(WELCOMED_KEY, 'true');
    } catch {
      // the greeting will simply show again
    }
    const timer = setInterval(() => setElapsed((ms) => ms + timings.charMs), timings.charMs);
    return () => clearInterval(timer);
  }, [show, timings.charMs]);

  useEffect(() => {
    if (show && elapsed >= end) setShow(false);
  }, [show, elapsed, end]);

  useEffect(() => {
    if (!show) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setShow(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);

  if (!show) return null;
  const typedHello = typedAt(elapsed, timings.helloAtMs, hello, timings.charMs);
  const typedLogo = typedAt(elapsed, timings.logoAtMs, PRODUCT_NAME, timings.charMs);
  const typing = elapsed >= timings.logoAtMs ? 'logo' : 'hello';
  return (
    <div className="greeting-overlay" role="status" aria-label={`${hello}. Welcome to ${PRODUCT_NAME}`} data-testid="greeting">
      <div className="greeting-card" aria-hidden="true">
        <p className="greeting-hello" data-testid="greeting-hello">
          {typedHello}
          {typing === 'hello' && <span className="greeting-caret" />}
        </p>
        <p className={`greeting-logo${typedLogo ? ' is-typing' : ''}`} data-testid="greeting-logo">
          {typedLogo && <LogoMark size={30} />}
          <span className="greeting-logo-word">{typedLogo}</span>
          {typing === 'logo' && <span className="greeting-caret" />}
        </p>
      </div>
      <button type="button" className="button button-ghost button-sm greeting-skip" onClick={() => setShow(false)}>
        Skip
      </button>
    </div>
  );
}
