import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(c) && !c.endsWith('/') && /\.(ts|tsx)$/.test(c)) return c;
  }
  return null;
}

/** Every module reachable from `entry` by static imports (dynamic `import()` starts another chunk). */
function staticGraph(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    const code = readFileSync(file, 'utf8');
    const specs = [...code.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    seen.set(file, specs);
    for (const s of specs)
      if (s.startsWith('.')) {
        const r = resolve(file, s);
        if (r) todo.push(r);
      }
  }
  return seen;
}

describe('the main chunk', () => {
  it('does not import echarts: the charts load with the dashboard', () => {
    const graph = staticGraph(path.join(src, 'main.tsx'));
    expect(graph.size).toBeGreaterThan(20);
    const offenders = [...graph]
      .filter(([, specs]) => specs.some((s) => s === 'echarts' || s.startsWith('echarts/')))
      .map(([f]) => path.relative(src, f));
    expect(offenders).toEqual([]);
    // and the dashboard itself does reach them
    const dashboard = staticGraph(path.join(src, 'app/routes/student/dashboard.tsx'));
    expect([...dashboard.values()].flat()).toContain('echarts/core');
  });

  it('the course page loads echarts only with its charts (a chunk of their own)', () => {
    const echarts = (graph: Map<string, string[]>) => [...graph.values()].flat().filter((s) => s.startsWith('echarts'));
    const coursePage = staticGraph(path.join(src, 'app/routes/instructor/courses.tsx'));
    expect([...coursePage.keys()].some((f) => f.endsWith('course-analytics.tsx'))).toBe(true);
    expect(echarts(coursePage)).toEqual([]);
    expect(echarts(staticGraph(path.join(src, 'features/courses/components/analytics/themed-chart.tsx')))).toContain('echarts/core');
  });
});
