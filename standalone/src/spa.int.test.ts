import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStandalone, type Standalone } from './server';

const uiDir = mkdtempSync(path.join(tmpdir(), 'evergrade-ui-'));
let server: Standalone;

beforeAll(async () => {
  writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><title>Evergrade</title><div id="root"></div>');
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir, logLevel: 'silent', seedDemo: false });
});
afterAll(async () => {
  await server?.close();
  rmSync(uiDir, { recursive: true, force: true });
});

it('serves the app for page paths, whatever a browser or curl accepts', async () => {
  for (const accept of ['text/html,application/xhtml+xml', '*/*']) {
    const res = await fetch(`${server.url}/login`, { headers: { accept } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  }
  expect((await fetch(`${server.url}/student/assignments/7`)).status).toBe(200);
});

it('answers JSON 404 to an API client asking for a path that does not exist', async () => {
  const res = await fetch(`${server.url}/students/no-such-route`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ message: 'No route GET /students/no-such-route' });
});
