import { Modal } from '../../../components/dialog';

/** Remembered in local storage: the tips open by themselves once (spec document 2, "Instructor chat page"). */
export const TIPS_SEEN_KEY = 'evergrade.aura.tipsSeen';

export function tipsSeen(): boolean {
  try {
    return localStorage.getItem(TIPS_SEEN_KEY) === '1';
  } catch {
    return true;
  }
}

export function rememberTipsSeen(): void {
  try {
    localStorage.setItem(TIPS_SEEN_KEY, '1');
  } catch {
    // Private mode without storage: the tips may show again next time.
  }
}

const TIPS = [
  ['Pick your textbooks', 'Tick the books AURA should answer from. Answers quote them and cite the page, so you can check every claim.'],
  [
    'Ask like a colleague',
    '“Summarise chapter 2 for a Year 9 class”, “Three questions on osmosis with answers”, “Where does the book define momentum?”',
  ],
  ['Open the source', 'Click a citation under an answer (the book’s title and page) to read the passage it came from.'],
  [
    'Keep your chats',
    'Each chat is saved with a title made from your first question. Rename or delete it from the list; you can keep ten.',
  ],
] as const;

export function TipsModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Tips for using AURA"
      role="dialog"
      onEscape={onClose}
      actions={
        <button type="button" className="button button-primary" data-autofocus onClick={onClose} data-testid="tips-close">
          Got it
        </button>
      }
    >
      <ul className="aura-tips" data-testid="aura-tips">
        {TIPS.map(([title, text]) => (
          <li key={title}>
            <strong>{title}</strong>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
