import { useRef, type KeyboardEvent } from 'react';
import { TABS, type TabId } from '../utils/assignment-lists';

type Props = { selected: TabId; counts: Partial<Record<TabId, number>>; onSelect: (tab: TabId) => void; idPrefix: string };

/** WAI-ARIA tabs: arrow keys move between tabs, Home/End jump. */
export function ListTabs({ selected, counts, onSelect, idPrefix }: Props) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const j = (next + TABS.length) % TABS.length;
    onSelect(TABS[j]!);
    refs.current[j]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Assignment lists">
      {TABS.map((tab, i) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab}`}
          aria-selected={selected === tab}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={selected === tab ? 0 : -1}
          className="tab"
          onClick={() => onSelect(tab)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {tab}
          {counts[tab] != null && <span className="tab-count" aria-hidden="true">{counts[tab]}</span>}
        </button>
      ))}
    </div>
  );
}
