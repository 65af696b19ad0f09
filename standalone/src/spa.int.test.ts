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

it('answers JSON 404 to any unknown path under an API prefix, whatever the client accepts, and never the app', async () => {
  const unknown = [
    ['GET', '/chatbot/no-such-thing'],
    ['GET', '/grader/anything'],
    ['GET', '/grader'],
    ['GET', '/students/nope/deeper'],
    ['GET', '/instructors/get-nothing'],
    ['GET', '/document-processor/x'],
    ['GET', '/sessions/elsewhere'],
    ['GET', '/auth/whoami'],
    ['GET', '/editor/unknown'],
    ['GET', '/dev/other'],
    ['GET', '/admin/no-such-read'],
    ['POST', '/chatbot/ask'],
    ['POST', '/students/nope'],
    ['PUT', '/grader/x'],
    ['DELETE', '/admin/school'],
    ['POST', '/login'],
  ] as const;
  for (const [method, path] of unknown) {
    for (const accept of ['*/*', 'text/html,application/xhtml+xml', 'application/json']) {
      // Under /admin (also the admin console's pages) a browser's navigation still gets the app.
      if (path.startsWith('/admin/') && method === 'GET' && accept.startsWith('text/html')) continue;
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { accept, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
        ...(method === 'GET' ? {} : { body: '{}' }),
      });
      expect(res.status, `${method} ${path} (${accept})`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: `No route ${method} ${path}` });
    }
  }
});

it('still serves the app for page paths that look like API ones: /student (not /students), /instructor, the admin console', async () => {
  for (const path of [
    '/student/assignments',
    '/student/assignments/practice/create',
    '/instructor/assignments',
    '/instructor/courses/MATH10',
    '/calendar',
    '/docs/instructor-manual',
    '/studentsx',
    '/no-such-page',
  ]) {
    const res = await fetch(`${server.url}${path}`, { headers: { accept: '*/*' } });
    expect(res.status, path).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  }
  for (const path of ['/admin', '/admin/people', '/admin/course-setup', '/admin/audit']) {
    const res = await fetch(`${server.url}${path}`, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(res.status, path).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  }
});

it('serves the spec call GET /students/get-timetable (a route, not the app): 401 without a session', async () => {
  const res = await fetch(`${server.url}/students/get-timetable`, { headers: { accept: '*/*' } });
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
});
