import { useState } from 'react';
import type { LibraryQuestion } from '@evergrade/contracts';
import { Modal } from '../../../components/dialog';
import { CheckIcon, PlusIcon } from '../../../components/icons';
import { RichView } from '../../../components/assignment-preview/rich';
import { marksLabel } from '../../../lib/format';
import { pickOf } from '../utils/question-sources';

type Props = { question: LibraryQuestion; picked: boolean; onToggle: () => void };

function PickButton({ picked, onToggle, small }: { picked: boolean; onToggle: () => void; small?: boolean }) {
  return (
    <button
      type="button"
      className={`button ${picked ? 'button-primary' : 'button-secondary'}${small ? ' button-sm' : ''}`}
      aria-pressed={picked}
      onClick={onToggle}
    >
      {picked ? (
        <>
          <CheckIcon width={14} height={14} /> Added
        </>
      ) : (
        <>
          <PlusIcon width={14} height={14} /> Add
        </>
      )}
    </button>
  );
}

/** A search result: type, marks, content and topic tags; a click opens the preview. */
export function LibraryQuestionCard({ question: q, picked, onToggle, onOpen }: Props & { onOpen: () => void }) {
  return (
    <article className="card wz-lib-card" data-picked={picked || undefined} data-testid="library-question">
      <header className="wz-lib-head">
        <span className="badge badge-neutral">{q.question_type}</span>
        <span className="chip">{marksLabel(q.marks_possible)}</span>
        <span className="grow" />
        <PickButton picked={picked} onToggle={onToggle} small />
      </header>
      <button type="button" className="wz-lib-body" onClick={onOpen} aria-label={`Preview question ${q.id}`}>
        <RichView value={q.question || q.question_text} />
      </button>
      <div className="chip-row">
        {q.topics.map((t) => (
          <span key={t} className="chip">
            {t}
          </span>
        ))}
      </div>
    </article>
  );
}

/** 'Click for more': the question or its answer, source, subject, topics; add or remove. */
export function LibraryQuestionModal({ question: q, picked, onToggle, onClose }: Props & { onClose: () => void }) {
  const [side, setSide] = useState<'question' | 'answer'>('question');
  const p = pickOf(q);
  return (
    <Modal
      title={`${q.question_type} · ${marksLabel(q.marks_possible)}`}
      role="dialog"
      onEscape={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Close
          </button>
          <PickButton picked={picked} onToggle={onToggle} />
        </>
      }
    >
      <div className="wz-lib-modal">
        <div className="segmented" role="group" aria-label="Show">
          <button type="button" className="segmented-option" aria-pressed={side === 'question'} onClick={() => setSide('question')}>
            Question
          </button>
          <button type="button" className="segmented-option" aria-pressed={side === 'answer'} onClick={() => setSide('answer')}>
            Answer
          </button>
        </div>
        <div className="wz-lib-content">
          <RichView value={side === 'question' ? p.question : p.answer} />
        </div>
        <dl className="wz-lib-meta">
          <dt>Source</dt>
          <dd>{q.source_title || 'Question library'}</dd>
          <dt>Subject</dt>
          <dd>{q.subject}</dd>
          <dt>Topics</dt>
          <dd>{q.topics.length ? q.topics.join(', ') : '—'}</dd>
        </dl>
      </div>
    </Modal>
  );
}
