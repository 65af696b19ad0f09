import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/**
 * `npm run bundle-size`: each route's initial JavaScript, gzipped (issue 16). A route's initial JavaScript is the
 * entry chunk, the chunks of the lazy modules the route renders at once (its layout and its page), and every chunk
 * those import statically: what the browser must fetch before the page can draw. Chunks loaded later (an editor
 * opened on demand, the socket's code once signed in) are not counted. Exits 1 when /login exceeds its budget.
 * `-- --dist DIR` reads a build made with `--manifest` instead of building into a temp dir; `-- --json` prints JSON.
 */

/** A vite manifest entry (build.manifest): the chunk file and its static and dynamic imports, by manifest key. */
export type ManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
export type Manifest = Record<string, ManifestChunk>;

export const LOGIN_BUDGET_BYTES = 150 * 1024;

/**
 * Modules every page fetches right after its first render (not before it): the route table callApi awaits (see
 * ui/src/lib/api-client.ts). Reported beside each route's initial JavaScript as "then".
 */
export const FETCHED_AFTER = ['src/lib/route-table.ts'];

/** Each route and the lazy modules (source paths under ui/, as the manifest keys them) it renders on arrival. */
export const ROUTES: Record<string, string[]> = {
  '/login': [],
  '/welcome': ['src/features/landing/index.ts'],
  '/forgot-password, signups': ['src/app/routes/onboarding.ts'],
  '/docs': ['src/app/routes/docs.tsx'],
  '/feedback': ['src/app/routes/feedback.tsx'],
  '/calendar': ['src/app/routes/calendar.tsx'],
  '/student/assignments': ['src/app/routes/student/layout.tsx', 'src/app/routes/student/assignments.tsx'],
  '/student/assignments/:id': ['src/app/routes/student/layout.tsx', 'src/app/routes/student/assignment.tsx'],
  '/student/dashboard': ['src/app/routes/student/layout.tsx', 'src/app/routes/student/dashboard.tsx'],
  '/student/assignments/practice/*': ['src/app/routes/student/layout.tsx', 'src/features/practice/index.tsx'],
  '/student/assistant': ['src/app/routes/student/layout.tsx', 'src/features/assistant/index.ts'],
  '/student/profile': ['src/app/routes/student/layout.tsx', 'src/app/routes/profiles.ts'],
  '/instructor/assignments': ['src/app/routes/instructor/layout.tsx', 'src/app/routes/instructor/assignments.tsx'],
  '/instructor/assignments/new-assignment': ['src/app/routes/instructor/layout.tsx', 'src/app/routes/instructor/new-assignment.tsx'],
  '/instructor/courses': ['src/app/routes/instructor/layout.tsx', 'src/app/routes/instructor/courses.tsx'],
  '/instructor/chat': ['src/app/routes/instructor/layout.tsx', 'src/features/aura/index.ts'],
  '/instructor/textbooks': ['src/app/routes/instructor/layout.tsx', 'src/features/textbooks/index.ts'],
  '/instructor/profile': ['src/app/routes/instructor/layout.tsx', 'src/app/routes/profiles.ts'],
  '/admin/*': ['src/app/routes/admin/index.ts'],
  '/analyst': ['src/app/routes/analyst/index.ts'],
};

/** The manifest keys of the entry, the given modules and everything they import statically (transitively). */
export function initialChunks(manifest: Manifest, modules: string[]): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest (a route moved? update ROUTES in bench/src/bundle.ts)`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  [entry, ...modules].forEach(visit);
  return [...seen];
}

export type RouteSize = { route: string; chunks: number; bytes: number; gzip: number; then_gzip: number };

/** Each route's initial JavaScript, raw and gzipped, given each chunk file's sizes. */
export function routeSizes(
  manifest: Manifest,
  routes: Record<string, string[]>,
  size: (file: string) => { bytes: number; gzip: number },
  after: string[] = [],
) {
  const js = (keys: string[]) => keys.map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  return Object.entries(routes).map(([route, modules]): RouteSize => {
    const initial = initialChunks(manifest, modules);
    const files = js(initial);
    const sizes = files.map(size);
    const later = js(initialChunks(manifest, [...modules, ...after.filter((m) => manifest[m])]).filter((k) => !initial.includes(k)));
    return {
      route,
      chunks: files.length,
      bytes: sizes.reduce((a, s) => a + s.bytes, 0),
      gzip: sizes.reduce((a, s) => a + s.gzip, 0),
      then_gzip: later.map(size).reduce((a, s) => a + s.gzip, 0),
    };
  });
}

const kb = (n: number) => (n / 1024).toFixed(1);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, json: { type: 'boolean' } } });
  let dist = values.dist;
  let temp: string | null = null;
  if (!dist) {
    temp = mkdtempSync(join(tmpdir(), 'evergrade-bundle-'));
    dist = temp;
    const ui = new URL('../../ui/', import.meta.url).pathname;
    process.stderr.write(`[bundle-size] vite build into ${dist}\n`);
    execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--manifest', '--sourcemap', 'false', '--logLevel', 'warn'], {
      cwd: ui,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  try {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const cache = new Map<string, { bytes: number; gzip: number }>();
    const size = (file: string) => {
      let s = cache.get(file);
      if (!s) {
        const content = readFileSync(join(dist, file));
        s = { bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
        cache.set(file, s);
      }
      return s;
    };
    const sizes = routeSizes(manifest, ROUTES, size, FETCHED_AFTER);
    const login = sizes.find((s) => s.route === '/login')!;
    const ok = login.gzip <= LOGIN_BUDGET_BYTES;
    if (values.json) {
      console.log(JSON.stringify({ login_budget_bytes: LOGIN_BUDGET_BYTES, login_ok: ok, routes: sizes }));
    } else {
      const width = Math.max(...sizes.map((s) => s.route.length));
      console.log(`${'route'.padEnd(width)}  chunks   KB raw  KB gzip  then KB gzip`);
      for (const s of sizes)
        console.log(
          `${s.route.padEnd(width)}  ${String(s.chunks).padStart(6)}  ${kb(s.bytes).padStart(7)}  ${kb(s.gzip).padStart(7)}  ${kb(s.then_gzip).padStart(12)}`,
        );
      console.log(
        `\n"then": fetched right after the first render, not before it (${FETCHED_AFTER.join(', ')}: callApi's route table and zod).`,
      );
      console.log(
        `\n/login: ${kb(login.gzip)} KB gzipped (gzip -9) of initial JavaScript; budget ${kb(LOGIN_BUDGET_BYTES)} KB: ${ok ? 'ok' : 'OVER'}`,
      );
    }
    if (!ok) process.exitCode = 1;
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) await main();
