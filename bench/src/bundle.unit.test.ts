import { describe, expect, it } from 'vitest';
import { initialChunks, routeSizes, type Manifest } from './bundle';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/admin.ts', 'src/table.ts'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  '_style.css': { file: 'assets/style.css' },
  'src/admin.ts': { file: 'assets/admin.js', isDynamicEntry: true, imports: ['index.html', '_shared.js', '_style.css'] },
  'src/table.ts': { file: 'assets/table.js', isDynamicEntry: true },
};

describe('initialChunks', () => {
  it('is the entry and the modules with everything they import statically, not what they import on demand', () => {
    expect(initialChunks(manifest, []).sort()).toEqual(['_react.js', 'index.html']);
    expect(initialChunks(manifest, ['src/admin.ts']).sort()).toEqual([
      '_react.js',
      '_shared.js',
      '_style.css',
      'index.html',
      'src/admin.ts',
    ]);
  });

  it('names a route module the build no longer has', () => {
    expect(() => initialChunks(manifest, ['src/gone.ts'])).toThrow(/src\/gone\.ts is not in the manifest/);
  });
});

describe('routeSizes', () => {
  it('adds up the JavaScript files of each route, each once', () => {
    const size = (file: string) => ({ bytes: file.length * 10, gzip: file.length });
    const [login, admin] = routeSizes(manifest, { '/login': [], '/admin': ['src/admin.ts', 'src/admin.ts'] }, size);
    expect(login).toEqual({ route: '/login', chunks: 2, bytes: 10 * (15 + 15), gzip: 15 + 15, then_gzip: 0 });
    expect(admin).toEqual({ route: '/admin', chunks: 4, bytes: 10 * (15 + 15 + 16 + 15), gzip: 15 + 15 + 16 + 15, then_gzip: 0 });
  });

  it('reports what is fetched right after the first render apart, once', () => {
    const size = (file: string) => ({ bytes: file.length * 10, gzip: file.length });
    const [login] = routeSizes(manifest, { '/login': [] }, size, ['src/table.ts', 'src/not-built.ts']);
    expect(login).toMatchObject({ chunks: 2, gzip: 30, then_gzip: 15 });
  });
});
