import { useEffect, useSyncExternalStore } from 'react';

type Katex = typeof import('katex').default;

let katex: Katex | null = null;
let loading: Promise<Katex> | null = null;
const listeners = new Set<() => void>();

/** KaTeX and its stylesheet, loaded once, only when a reply holds math. */
export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([mod]) => {
    katex = mod.default;
    listeners.forEach((fn) => fn());
    return katex;
  });
  return loading;
}

const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/** KaTeX once loaded (null before); `needed` starts the load. */
export function useKatex(needed: boolean): Katex | null {
  const current = useSyncExternalStore(subscribe, () => katex);
  useEffect(() => {
    if (needed && !katex) void loadKatex().catch(() => undefined);
  }, [needed]);
  return current;
}

const cache = new Map<string, string>();

/** KaTeX HTML for a formula; one it cannot parse shows as its source in the error colour, never thrown. */
export function formulaHtml(k: Katex, tex: string, display: boolean): string {
  const key = `${display ? 'B' : 'I'}${tex}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = k.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      errorColor: 'var(--danger)',
      strict: 'ignore',
      trust: false,
    });
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
  }
  return html;
}
