import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGES } from '@evergrade/contracts';

/** The part of the Web Speech API's SpeechRecognition dictation uses (not in TypeScript's DOM library). */
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((e: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
};
type RecognitionCtor = new () => Recognition;

/** Safari (desktop and iOS), whose recognition the spec does not use; Chrome, Edge, Firefox and Opera on iOS say so in the agent. */
export function isSafari(userAgent: string): boolean {
  return (
    /Safari\//.test(userAgent) && /Version\//.test(userAgent) && !/(Chrome|Chromium|CriOS|FxiOS|EdgiOS|Edg|OPR|Android)/.test(userAgent)
  );
}

export function recognitionCtor(): RecognitionCtor | null {
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export const DICTATION_LANG = 'en-US';

/**
 * Browser dictation (en-US): `start(base)` listens and reports `base` followed by what was heard so far;
 * `alert` is the message to show when dictation cannot run (Safari, or no speech recognition).
 */
export function useDictation(onText: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const rec = useRef<Recognition | null>(null);
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  const stop = useCallback(() => {
    rec.current?.stop();
  }, []);

  const start = useCallback((base: string) => {
    if (isSafari(navigator.userAgent)) return setAlert(CHAT_MESSAGES.dictationSafari);
    const Ctor = recognitionCtor();
    if (!Ctor) return setAlert(CHAT_MESSAGES.dictationUnsupported);
    const r = new Ctor();
    r.lang = DICTATION_LANG;
    r.continuous = true;
    r.interimResults = true;
    const prefix = base && !/\s$/.test(base) ? `${base} ` : base;
    r.onresult = (e) => {
      let heard = '';
      for (let i = 0; i < e.results.length; i++) heard += e.results[i]![0]?.transcript ?? '';
      onTextRef.current(prefix + heard.trimStart());
    };
    r.onerror = (e) => {
      if (e.error === 'not-allowed' || e.error === 'service-not-allowed')
        setAlert('Microphone access was denied. Allow the microphone for this site to dictate.');
    };
    r.onend = () => {
      if (rec.current === r) rec.current = null;
      setListening(false);
    };
    rec.current = r;
    try {
      r.start();
      setListening(true);
    } catch {
      rec.current = null;
      setAlert(CHAT_MESSAGES.dictationUnsupported);
    }
  }, []);

  useEffect(() => () => rec.current?.abort(), []);

  return { listening, start, stop, alert, dismissAlert: () => setAlert(null) };
}
