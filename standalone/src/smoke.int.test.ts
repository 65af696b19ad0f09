import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { startStandalone, type Standalone } from './server';

/** `npm run smoke` against a real server: every step passes, and a second run passes too (it needs no fresh school). */
const databaseUrl = process.env.DATABASE_URL;
const root = fileURLToPath(new URL('../..', import.meta.url));

function smoke(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'standalone/src/smoke.ts', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe(`npm run smoke against the standalone server (${databaseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  let server: Standalone;
  let schema: IsolatedSchema | undefined;

  beforeAll(async () => {
    schema = databaseUrl ? await createIsolatedSchema(databaseUrl, 'smoke') : undefined;
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      ...(schema ? { databaseUrl: schema.connectionString } : {}),
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await schema?.drop();
  });

  it('passes every step, twice', async () => {
    for (let run = 0; run < 2; run++) {
      const { code, output } = await smoke([server.url.replace('localhost', '127.0.0.1'), '--timeout', '20000']);
      expect(output).toMatch(/^ok {3}an autosave on .* and its projection notice over the socket/m);
      expect(output).toMatch(/^ok {3}metrics at /m);
      expect(output, output).toContain('smoke check passed');
      expect(code).toBe(0);
    }
  }, 120_000);

  it('fails, naming the step, when a service does not answer', async () => {
    const { code, output } = await smoke(['http://127.0.0.1:9']);
    expect(code).toBe(1);
    expect(output).toMatch(/^FAIL health of http:\/\/127\.0\.0\.1:9/m);
  });
});
