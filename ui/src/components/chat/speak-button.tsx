import { useEffect, useRef, useState } from 'react';

/** The answer being read aloud: starting another stops it. */
let playing: { audio: HTMLAudioElement; stop: () => void } | null = null;

type State = 'idle' | 'loading' | 'playing';

/** Reads an answer aloud: `speak` returns its audio (audio/wav), played with an Audio element. */
export function SpeakButton({ text, speak }: { text: string; speak: (text: string) => Promise<Blob> }) {
  const [state, setState] = useState<State>('idle');
  const [error, setError] = useState<string | null>(null);
  const mine = useRef<{ audio: HTMLAudioElement; stop: () => void } | null>(null);
  const live = useRef(true);
  const run = useRef(0);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      mine.current?.stop();
    };
  }, []);

  const play = async () => {
    if (state === 'playing' || state === 'loading') {
      run.current++;
      mine.current?.stop();
      setState('idle');
      return;
    }
    setError(null);
    setState('loading');
    const thisRun = ++run.current;
    try {
      const blob = await speak(text);
      if (!live.current || run.current !== thisRun) return;
      const url = URL.createObjectURL(blob);
      const audio = new Audio(url);
      const entry = {
        audio,
        stop: () => {
          audio.pause();
          URL.revokeObjectURL(url);
          if (playing === entry) playing = null;
          if (mine.current === entry) mine.current = null;
          if (live.current) setState('idle');
        },
      };
      playing?.stop();
      playing = entry;
      mine.current = entry;
      audio.onended = entry.stop;
      audio.onerror = () => {
        entry.stop();
        if (live.current) setError('This answer could not be played. Please try again.');
      };
      await audio.play();
      if (live.current && mine.current === entry) setState('playing');
    } catch (err) {
      mine.current?.stop();
      if (!live.current || run.current !== thisRun) return;
      setState('idle');
      const reason = err instanceof Error && err.message && err.name !== 'NotAllowedError' ? ` ${err.message}` : '';
      setError(`This answer could not be read aloud.${reason}`);
    }
  };

  const label = state === 'playing' ? 'Stop reading aloud' : state === 'loading' ? 'Preparing audio (click to cancel)' : 'Read aloud';
  return (
    <div className="chat-speak">
      <button
        type="button"
        className={`chat-icon-button${state !== 'idle' ? ' is-active' : ''}`}
        onClick={() => void play()}
        aria-label={label}
        title={label}
        aria-pressed={state === 'playing'}
        data-testid="speak-button"
        data-state={state}
      >
        {state === 'playing' ? <StopGlyph /> : <SpeakerGlyph busy={state === 'loading'} />}
      </button>
      {error && (
        <span className="chat-speak-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

function SpeakerGlyph({ busy }: { busy: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={busy ? 'chat-pulse' : undefined}
    >
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7" />
      <path d="M19 5a10 10 0 0 1 0 14" />
    </svg>
  );
}

function StopGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </svg>
  );
}
