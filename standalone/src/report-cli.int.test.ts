import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Papa from 'papaparse';
import { afterAll, describe, expect, it } from 'vitest';
import { registerTenant } from '@evergrade/command-service';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { schoolLog } from '@evergrade/query-service/testing';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';

/**
 * `npm run report`: the same reports from the command line, over a data directory (PGlite, the server stopped) and over
 * PostgreSQL (beside a running server), each holding two schools.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cli = path.join(root, 'query-service/src/reports/cli.ts');

type Outcome = { code: number; stdout: string; stderr: string };
async function report(env: Record<string, string>, ...args: string[]): Promise<Outcome> {
  const { DATABASE_URL: _db, DATA_DIR: _dir, EVENTSTORE_URL: _es, ...rest } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [cli, ...args], { cwd: root, env: { ...rest, ...env }, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function twoSchools(options: Partial<StandaloneOptions>): Promise<Standalone> {
  const server = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    uiDir: '/nonexistent',
    logLevel: 'silent',
    seedDemo: false,
    ...options,
  });
  for (const [tenant, name, shift, title] of [
    ['north', 'North School', 100_000, 'Forces'],
    ['south', 'South School', 200_000, 'Dynamics of the South'],
  ] as const) {
    await registerTenant(server.store, { tenant, actorRole: 'system' }, name, new Date());
    for (const { streamId, event } of schoolLog(tenant, { ids: shift, title })) {
      await server.store.append(streamId, [event], { expectedVersion: 'any' });
    }
  }
  return server;
}

const csvRows = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

async function checkReports(env: Record<string, string>): Promise<void> {
  const month = ['--from', '2026-03-01', '--to', '2026-03-31'];
  const csv = await report(env, 'time-on-task', ...month, '--school', 'north');
  expect(csv.stderr).toContain('time-on-task for north: 2 rows');
  expect(csv.code).toBe(0);
  expect(csvRows(csv.stdout).map((r) => [r.assignment, r.student, r.minutes_on_task, r.submitted])).toEqual([
    ['Forces', 'Student 1', '5', 'true'],
    ['Forces', 'Student 2', '0', 'true'],
  ]);
  expect(csv.stdout).not.toContain('South');

  const ndjson = await report(env, 'submission-timing', ...month, '--school', 'South School', '--format', 'ndjson');
  expect(ndjson.code).toBe(0);
  const rows = ndjson.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(rows).toEqual([expect.objectContaining({ assignment: 'Dynamics of the South', on_time: 1, late: 1 })]);

  const ambiguous = await report(env, 'grade-changes', ...month);
  expect(ambiguous.code).toBe(1);
  expect(ambiguous.stderr).toContain('name a school with --school: the log holds north (North School), south (South School)');

  const wrong = await report(env, 'salaries', ...month);
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain('report must be one of');
  expect(wrong.stderr).toContain('Usage: npm run report');
}

describe('npm run report on a PGlite data directory', () => {
  let dataDir: string;
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses while the server holds the directory, then runs every format once it is stopped', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'a2-report-cli-'));
    const server = await twoSchools({ dataDir });
    try {
      const held = await report({ DATA_DIR: dataDir }, 'time-on-task', '--from', '2026-03-01', '--to', '2026-03-31');
      expect(held.code).toBe(2);
      expect(held.stderr).toContain('PGlite allows one process');
    } finally {
      await server.close();
    }
    await checkReports({ DATA_DIR: dataDir });
  }, 300_000);
});

const databaseUrl = process.env.DATABASE_URL;
describe.skipIf(!databaseUrl)(`npm run report on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () => {
  let schema: IsolatedSchema | undefined;
  let server: Standalone | undefined;
  afterAll(async () => {
    await server?.close();
    await schema?.drop();
  });

  it('runs beside the running server', async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'report_cli');
    server = await twoSchools({ databaseUrl: schema.connectionString });
    await checkReports({ DATABASE_URL: schema.connectionString });
  }, 300_000);
});
