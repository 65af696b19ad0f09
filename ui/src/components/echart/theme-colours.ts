import { useEffect, useState } from 'react';

/** The values of some CSS variables of the root (the theme's colours), each with a fallback. */
export function readCssColours<K extends string>(vars: Record<K, [name: string, fallback: string]>): Record<K, string> {
  const style = getComputedStyle(document.documentElement);
  const out = {} as Record<K, string>;
  for (const key of Object.keys(vars) as K[]) {
    const [name, fallback] = vars[key];
    out[key] = style.getPropertyValue(name).trim() || fallback;
  }
  return out;
}

/** Those colours, read again whenever the theme switch changes `data-theme` on the root (charts follow light and dark). */
export function useCssColours<K extends string>(vars: Record<K, [name: string, fallback: string]>): Record<K, string> {
  const [colours, setColours] = useState(() => readCssColours(vars));
  useEffect(() => {
    const observer = new MutationObserver(() => setColours(readCssColours(vars)));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, [vars]);
  return colours;
}
