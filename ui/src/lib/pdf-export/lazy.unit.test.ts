import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(c) && /\.(ts|tsx)$/.test(c)) return c;
  }
  return null;
}

/** Every module reachable from `entry` by static imports (a dynamic `import()` starts another chunk). */
function staticImports(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    const code = readFileSync(file, 'utf8');
    const specs = [...code.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    seen.set(file, specs);
    for (const s of specs.filter((x) => x.startsWith('.'))) {
      const r = resolve(file, s);
      if (r) todo.push(r);
    }
  }
  return seen;
}

const HEAVY = ['jspdf', 'fflate', 'html2canvas-pro', 'katex'];

describe('the PDF exporters', () => {
  it('are not in the main chunk: jspdf, fflate and html2canvas load when a download is chosen', () => {
    const graph = staticImports(path.join(src, 'main.tsx'));
    expect(graph.size).toBeGreaterThan(20);
    const offenders = [...graph].filter(([, specs]) => specs.some((s) => HEAVY.includes(s))).map(([f]) => path.relative(src, f));
    expect(offenders).toEqual([]);
    // the exporter module itself does reach them
    const exporter = [...staticImports(path.join(src, 'lib/pdf-export/index.ts')).values()].flat();
    expect(exporter).toEqual(expect.arrayContaining(['jspdf', 'fflate', 'html2canvas-pro', 'katex']));
  });
});
