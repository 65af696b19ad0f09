import http from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway } from './gateway';

/**
 * The distributed front door over real HTTP: the contracts' routes go to a service (here one stand-in that says which
 * path it was sent), built UI files and page paths get the app, and an unknown path under an API prefix is a JSON 404
 * (never the app with a 200).
 */
const uiDir = mkdtempSync(path.join(tmpdir(), 'evergrade-gateway-ui-'));
let upstream: http.Server;
let gateway: http.Server;
let base: string;

const listening = (server: http.Server) =>
  new Promise<number>((resolve) => {
    if (server.listening) resolve((server.address() as AddressInfo).port);
    else server.once('listening', () => resolve((server.address() as AddressInfo).port));
  });

beforeAll(async () => {
  writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(uiDir, 'assets'));
  writeFileSync(path.join(uiDir, 'assets', 'app.js'), 'console.log(1)');
  upstream = http.createServer((req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ proxied: req.url })),
  );
  upstream.listen(0, '127.0.0.1');
  const service = `http://127.0.0.1:${await listening(upstream)}`;
  gateway = startGateway({ port: 0, host: '127.0.0.1', commandUrl: service, queryUrl: service, uiDir });
  base = `http://127.0.0.1:${await listening(gateway)}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (gateway ? gateway.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (upstream ? upstream.close(() => resolve()) : resolve()));
  rmSync(uiDir, { recursive: true, force: true });
});

it("sends the contracts' routes to a service, the spec's timetable call among them", async () => {
  for (const url of ['/students/get-timetable', '/students/get-courses', '/chatbot/list-textbooks']) {
    expect(await (await fetch(`${base}${url}`)).json()).toEqual({ proxied: url });
  }
});

it('answers a JSON 404 for an unknown path under an API prefix, for a browser and curl alike', async () => {
  for (const [method, url] of [
    ['GET', '/chatbot/nothing'],
    ['GET', '/grader/unknown'],
    ['GET', '/students/get-nothing'],
    ['POST', '/instructors/x'],
    ['GET', '/sessions'],
  ] as const) {
    for (const accept of ['*/*', 'text/html']) {
      const res = await fetch(`${base}${url}`, { method, headers: { accept } });
      expect(res.status, `${method} ${url} ${accept}`).toBe(404);
      expect(await res.json()).toEqual({ message: `No route ${method} ${url}` });
    }
  }
});

it('serves built files and the app for page paths (/student is a page, /students the API)', async () => {
  expect(await (await fetch(`${base}/assets/app.js`)).text()).toBe('console.log(1)');
  for (const url of ['/student/assignments', '/instructor/courses', '/login', '/somewhere']) {
    const res = await fetch(`${base}${url}`, { headers: { accept: '*/*' } });
    expect(res.status, url).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  }
  const adminPage = await fetch(`${base}/admin/people`, { headers: { accept: 'text/html,application/xhtml+xml' } });
  expect(adminPage.status).toBe(200);
  expect((await fetch(`${base}/admin/people`, { headers: { accept: 'application/json' } })).status).toBe(404);
});
