import { defineConfig } from 'vitest/config';

const server = [
  'contracts',
  'platform',
  'command-service',
  'projectors',
  'query-service',
  'standalone',
  'bench',
  'documents',
  'grading',
  'assistant',
  'chaos',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [...server.map((w) => `${w}/src/**/*.unit.test.ts`)],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'ui',
          include: ['ui/src/**/*.unit.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'int',
          include: [...server.map((w) => `${w}/src/**/*.int.test.ts`)],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
