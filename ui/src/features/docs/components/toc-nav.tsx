import type { TocEntry } from '../utils/parse-document';

/** Clicking an entry scrolls smoothly to its section and records it in the address bar. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  window.history.replaceState(window.history.state, '', `#${encodeURIComponent(id)}`);
}

export function TocNav({ toc, active, onPick }: { toc: TocEntry[]; active: string | null; onPick?: () => void }) {
  return (
    <ul className="toc-list">
      {toc.map((e) => (
        <li key={e.id} style={{ paddingLeft: `${e.indent * 14}px` }} className={`toc-item toc-level-${Math.min(e.indent, 3)}`}>
          <a
            href={`#${e.id}`}
            className={active === e.id ? 'is-active' : undefined}
            aria-current={active === e.id ? 'location' : undefined}
            onClick={(ev) => {
              ev.preventDefault();
              scrollToSection(e.id);
              onPick?.();
            }}
          >
            {e.text}
          </a>
        </li>
      ))}
    </ul>
  );
}
