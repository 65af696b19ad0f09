import './assignment-preview.css';
import { FlagIcon } from '../icons';

/** Scroll a question card into view and move focus to it (the numbered sidebar's scroll-to). */
export function scrollToQuestion(anchorId: string) {
  const el = document.getElementById(anchorId);
  el?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  el?.focus({ preventScroll: true });
}

type Props = { count: number; anchor: (index: number) => string; flagged?: readonly boolean[]; label?: string };

/** The numbered question sidebar; a number scrolls to its question. */
export function QuestionNav({ count, anchor, flagged = [], label = 'Questions' }: Props) {
  if (count === 0) return null;
  return (
    <nav className="question-nav" aria-label={label}>
      <p className="question-nav-title">{label}</p>
      <ol className="question-nav-list">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <button
              type="button"
              className="question-nav-item"
              data-flagged={flagged[i] || undefined}
              aria-label={`Go to question ${i + 1}`}
              onClick={() => scrollToQuestion(anchor(i))}
            >
              {i + 1}
              {flagged[i] && <FlagIcon width={11} height={11} aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
