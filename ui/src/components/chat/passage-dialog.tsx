import { useEffect, useState } from 'react';
import type { Citation, Passage } from '@evergrade/contracts';
import { Modal } from '../dialog';
import { Spinner } from '../spinner';

type State = { status: 'loading' } | { status: 'ready'; passage: Passage } | { status: 'error'; message: string };

/** The text of a cited passage, opened from its citation chip. */
export function PassageDialog({
  citation,
  load,
  onClose,
}: {
  citation: Citation;
  load: (passageId: number) => Promise<Passage>;
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load(citation.passageId).then(
      (passage) => live && setState({ status: 'ready', passage }),
      (err: unknown) =>
        live &&
        setState({ status: 'error', message: err instanceof Error && err.message ? err.message : 'The passage could not be loaded.' }),
    );
    return () => {
      live = false;
    };
  }, [citation.passageId, load, attempt]);

  return (
    <Modal
      title={`${citation.title}, p. ${state.status === 'ready' ? state.passage.page : citation.page}`}
      role="dialog"
      onEscape={onClose}
      actions={
        <>
          {state.status === 'error' && (
            <button type="button" className="button button-secondary" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </button>
          )}
          <button type="button" className="button button-primary" data-autofocus onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="chat-passage" data-testid="passage-dialog">
        {state.status === 'loading' && <Spinner label="Loading the passage" />}
        {state.status === 'error' && (
          <p className="chat-error" role="alert">
            {state.message}
          </p>
        )}
        {state.status === 'ready' && <blockquote className="chat-passage-text">{state.passage.text}</blockquote>}
      </div>
    </Modal>
  );
}
