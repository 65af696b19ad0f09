// ESLint: typescript-eslint's recommended rules (syntactic only, so a full run stays fast) and the import boundaries of
// docs/ARCHITECTURE.md's workspace table, enforced with eslint-plugin-boundaries.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const workspaces = [
  'contracts',
  'platform',
  'command-service',
  'projectors',
  'query-service',
  'documents',
  'grading',
  'assistant',
  'standalone',
  'bench',
  'chaos',
  'e2e',
];

const element = (type) => ({ element: { type } });
const to = (...types) => ({ to: types.map(element) });

/** Who may import whom: the workspace table of docs/ARCHITECTURE.md, and the UI's app → features → shared layering. */
const policies = [
  // Packages from npm and node: built-ins, except in contracts (below).
  { allow: { to: { module: { origin: ['external', 'core'] } } } },
  // contracts import nothing but zod (and vitest in their tests).
  { from: element('contracts'), disallow: { to: { module: { origin: ['external', 'core'] } } } },
  { from: element('contracts'), allow: { to: { module: { origin: 'external', source: ['zod', 'vitest'] } } } },
  { from: element('platform'), allow: to('contracts') },
  { from: element('grading'), allow: to('contracts') },
  // The grader's evaluation (a command-line tool, not the pure checker) may grade through the app's AI path.
  { from: { element: { type: 'grading', fileInternalPath: 'src/eval.ts' } }, allow: to('platform', 'command-service') },
  { from: element('documents'), allow: to('contracts', 'platform') },
  // The write side never reads a read model: neither the projectors nor the query service.
  { from: element('command-service'), allow: to('contracts', 'platform', 'documents', 'grading') },
  {
    from: element('command-service'),
    disallow: to('projectors', 'query-service'),
    message: 'The write side never reads a read model: derive it from the event store instead (docs/ARCHITECTURE.md).',
  },
  { from: element('projectors'), allow: to('contracts', 'platform') },
  // The query service reads read models only through the typed queries each projection exports.
  {
    from: element('query-service'),
    disallow: to('projectors'),
    message: 'The query service reads read models only through @evergrade/projectors/queries.',
  },
  {
    from: element('query-service'),
    allow: {
      // grading: its pure functions (answer groups are keyed by grading's groupKey when they are read).
      to: [
        ...to('contracts', 'platform', 'assistant', 'grading').to,
        { element: { type: 'projectors', fileInternalPath: 'src/queries.ts' } },
      ],
    },
  },
  // The study assistant reads read models like the query service: only through @evergrade/projectors/queries.
  {
    from: element('assistant'),
    disallow: to('projectors'),
    message: 'The assistant reads read models only through @evergrade/projectors/queries.',
  },
  {
    from: element('assistant'),
    allow: { to: [...to('contracts', 'platform').to, { element: { type: 'projectors', fileInternalPath: 'src/queries.ts' } }] },
  },
  {
    from: element('standalone'),
    allow: to('contracts', 'platform', 'command-service', 'projectors', 'query-service', 'documents', 'grading', 'assistant'),
  },
  {
    from: element(['bench', 'chaos']),
    allow: to('contracts', 'platform', 'command-service', 'projectors', 'query-service', 'documents', 'grading', 'assistant', 'standalone'),
  },
  { from: element('e2e'), allow: to('contracts', 'documents') },
  // UI: features never import each other; what two features share lives in the shared folders.
  { from: element('ui-shared'), allow: to('contracts', 'ui-shared') },
  { from: element('ui-feature'), allow: to('contracts', 'ui-shared') },
  {
    from: element('ui-feature'),
    disallow: to('ui-feature'),
    message: 'UI features do not import each other: move what two features share to ui/src/components, ui/src/api or ui/src/lib.',
  },
  { from: element('ui-app'), allow: to('contracts', 'ui-shared', 'ui-feature') },
  { from: element('ui-root'), allow: to('contracts', 'ui-shared', 'ui-app') },
];

export default defineConfig(
  globalIgnores(['**/node_modules/**', '**/dist/**', 'data/**', '.vitest-tmp/**', 'e2e/screenshots/**', 'bench/results/**']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: { project: ['tsconfig.json', 'ui/tsconfig.json', 'e2e/tsconfig.json'], noWarnOnMultipleProjects: true },
      },
      'boundaries/elements': [
        { type: 'ui-app', pattern: 'ui/src/app', partialMatch: false },
        { type: 'ui-feature', pattern: 'ui/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'ui-shared', pattern: 'ui/src/*', partialMatch: false },
        // ui/src/main.tsx and ui/vite.config.ts
        { type: 'ui-root', pattern: 'ui', partialMatch: false },
        ...workspaces.map((type) => ({ type, pattern: type, partialMatch: false })),
      ],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, policies }],
    },
  },
  {
    // CommonJS scripts node preloads (--require).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests, their helpers and the chaos and e2e harnesses read JSON replies and library objects loosely.
    files: ['**/*.test.{ts,tsx}', '**/*.suite.ts', '**/testing/**', '**/testing.{ts,tsx}', 'chaos/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['ui/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
