import { useEffect, useRef, useState } from 'react';
import { SpeakerIcon, StopIcon } from '../icons';

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
        {state === 'playing' ? (
          <StopIcon width={18} height={18} />
        ) : (
          <SpeakerIcon width={18} height={18} className={state === 'loading' ? 'chat-pulse' : undefined} />
        )}
      </button>
      {error && (
        <span className="chat-speak-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
