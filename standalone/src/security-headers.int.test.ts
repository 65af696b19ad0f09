import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3BrowserOrigins } from '@evergrade/platform/http';
import { startStandalone, type Standalone } from './server';
import { startGateway } from './gateway';

/**
 * Security headers on every response, pages and API alike, from the standalone server (the services share its
 * HTTP setup) and from the gateway: a Content-Security-Policy the UI works with (checked in Chromium by
 * e2e/tests/security-headers.e2e.test.ts), never framed, a Referrer-Policy and nosniff.
 */
const uiDir = mkdtempSync(path.join(os.tmpdir(), 'evergrade-ui-'));
writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><title>Evergrade</title>');

function expectSecurityHeaders(headers: Record<string, unknown>, where: string): void {
  const csp = String(headers['content-security-policy'] ?? '');
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([k, ...v]) => [k, v]),
  );
  expect(directives, where).toMatchObject({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
  });
  expect(directives['script-src'], where).not.toContain("'unsafe-inline'");
  expect(directives['script-src'], where).not.toContain("'unsafe-eval'");
  expect(directives['connect-src'], where).toContain("'self'");
  expect(directives['media-src'], where).toEqual(["'self'", 'blob:']);
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
}

describe('security headers of the standalone server', () => {
  let server: Standalone;
  beforeAll(async () => {
    server = await startStandalone({ port: 0, uiDir, logLevel: 'silent', seedDemo: false, blobOrigins: ['http://minio.local:9000'] });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it('are on pages, API answers, refusals, 404s and the dev outbox page', async () => {
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/login', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/students/get-assignments' },
      { method: 'POST', url: '/auth/login/student', payload: { email: 'nobody@oak.school', password: 'x' } },
      { method: 'POST', url: '/auth/login/student', payload: { email: 'not an address' } },
      { method: 'GET', url: '/no/such/api', headers: { accept: 'application/json' } },
      { method: 'GET', url: '/dev/mail', headers: { accept: 'text/html' } },
      { method: 'GET', url: '/dev/mail', remoteAddress: '10.0.0.9' },
      { method: 'GET', url: '/blobs/demo/images/x.png?expires=1&sig=x' },
      { method: 'GET', url: '/api-docs/json' },
    ];
    for (const r of requests) {
      const res = await server.app.inject(r);
      expectSecurityHeaders(res.headers, `${r.method} ${r.url} (${res.statusCode})`);
    }
  });

  it('lets the browser reach the blob store it is configured with, and nothing else beyond the app', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' http://minio.local:9000");
    expect(csp).toMatch(/img-src 'self' data: blob: https: http:\/\/minio\.local:9000/);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('the S3 origins the CSP allows', () => {
  it('are the public endpoint (and its bucket host), or AWS for the region', () => {
    expect(s3BrowserOrigins(undefined)).toEqual([]);
    expect(s3BrowserOrigins({ bucket: 'eg', region: 'us-east-1', publicEndpoint: 'http://localhost:9000', forcePathStyle: true })).toEqual([
      'http://localhost:9000',
    ]);
    expect(
      s3BrowserOrigins({ bucket: 'eg', region: 'eu-west-1', publicEndpoint: 'https://files.school.org/', forcePathStyle: false }),
    ).toEqual(['https://files.school.org', 'https://eg.files.school.org']);
    expect(s3BrowserOrigins({ bucket: 'eg', region: 'eu-west-1', forcePathStyle: false })).toEqual([
      'https://eg.s3.eu-west-1.amazonaws.com',
      'https://s3.eu-west-1.amazonaws.com',
    ]);
  });
});

describe('security headers of the gateway', () => {
  let upstream: http.Server;
  let gateway: http.Server;
  let base = '';
  beforeAll(async () => {
    // A service that sends no headers of its own: the gateway's must still be there.
    upstream = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const ui = mkdtempSync(path.join(os.tmpdir(), 'evergrade-gw-ui-'));
    writeFileSync(path.join(ui, 'index.html'), '<!doctype html><title>Evergrade</title>');
    gateway = startGateway({ port: 0, commandUrl: target, queryUrl: target, uiDir: ui });
    await new Promise<void>((resolve) => gateway.once('listening', resolve));
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => gateway?.close(resolve));
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('are on the UI it serves, on what it proxies and on its own refusals', async () => {
    for (const [url, accept] of [
      ['/login', 'text/html'],
      ['/students/get-assignments', 'application/json'],
      ['/no/such/api', 'application/json'],
    ] as const) {
      const res = await fetch(`${base}${url}`, { headers: { accept } });
      expectSecurityHeaders(Object.fromEntries(res.headers), `gateway GET ${url} (${res.status})`);
    }
  });
});
