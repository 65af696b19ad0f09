import { useEffect, useRef, type KeyboardEvent } from 'react';

type Props<T extends string> = {
  tabs: readonly T[];
  selected: T;
  /** A count badge per tab; a tab without one shows none. */
  counts: Partial<Record<T, number>>;
  onSelect: (tab: T) => void;
  /** The tabs are `{idPrefix}-tab-{tab}`, the panel they control `{idPrefix}-panel`. */
  idPrefix: string;
  label: string;
};

/** WAI-ARIA tabs: arrow keys move between tabs, Home/End jump. */
export function ListTabs<T extends string>({ tabs, selected, counts, onSelect, idPrefix, label }: Props<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const list = useRef<HTMLDivElement | null>(null);
  const at = tabs.indexOf(selected);
  // A tab list scrolled sideways (narrow screens) keeps the selected tab in sight, without scrolling the page.
  useEffect(() => {
    const bar = list.current;
    const tab = refs.current[at];
    if (!bar || !tab || bar.scrollWidth <= bar.clientWidth) return;
    const b = bar.getBoundingClientRect();
    const t = tab.getBoundingClientRect();
    if (t.left < b.left) bar.scrollLeft -= b.left - t.left;
    else if (t.right > b.right) bar.scrollLeft += t.right - b.right;
  }, [at]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const next =
      e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const j = (next + tabs.length) % tabs.length;
    onSelect(tabs[j]!);
    refs.current[j]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} ref={list}>
      {tabs.map((tab, i) => (
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
          {counts[tab] != null && (
            <span className="tab-count" aria-hidden="true">
              {counts[tab]}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
