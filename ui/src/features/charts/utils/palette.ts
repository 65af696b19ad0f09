import { useEffect, useState } from 'react';
import { LIGHT_PALETTE, type ChartPalette } from './chart-options';

function cssVar(style: CSSStyleDeclaration, name: string, fallback: string): string {
  return style.getPropertyValue(name).trim() || fallback;
}

/** The chart colours of the current theme, read from the CSS variables. */
export function readPalette(): ChartPalette {
  const s = getComputedStyle(document.documentElement);
  const L = LIGHT_PALETTE;
  return {
    text: cssVar(s, '--text', L.text),
    muted: cssVar(s, '--text-muted', L.muted),
    grid: cssVar(s, '--border', L.grid),
    surface: cssVar(s, '--surface', L.surface),
    brand: cssVar(s, '--brand', L.brand),
    accent: cssVar(s, '--accent', L.accent),
    status: {
      Incomplete: cssVar(s, '--neutral', L.status.Incomplete),
      'In Progress': cssVar(s, '--info', L.status['In Progress']),
      Submitted: cssVar(s, '--accent', L.status.Submitted),
      Graded: cssVar(s, '--success', L.status.Graded),
    },
  };
}

/** Re-reads the palette whenever the theme switch changes `data-theme` on the root. */
export function useChartPalette(): ChartPalette {
  const [palette, setPalette] = useState(readPalette);
  useEffect(() => {
    const observer = new MutationObserver(() => setPalette(readPalette()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return palette;
}
