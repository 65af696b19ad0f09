import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '@evergrade/contracts';
import { makeTextPdf } from '../testing';
import { DEFAULT_URL_POLICY, fetchPdfFromUrl, filenameOf, isPublicAddress, UrlFetchError } from './fetch-pdf';

let server: http.Server;
let base: string;
let pdf: Buffer;

beforeAll(async () => {
  pdf = await makeTextPdf([['1. What is 2 + 2? [1 mark]', 'Answer: 4']]);
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/files/scheme.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    if (path === '/download?id=7')
      return res
        .writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="Unit 3 Key.pdf"' })
        .end(pdf);
    if (path === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>hello</p>');
    if (path === '/fake.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end('just text');
    if (path === '/moved') return res.writeHead(302, { location: '/files/scheme.pdf' }).end();
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (path === '/big') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write(pdf);
      res.end(Buffer.alloc(2048));
      return;
    }
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const local = { ...DEFAULT_URL_POLICY, allowPrivate: true };
const refusal = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UrlFetchError);
  return { status: (err as UrlFetchError).statusCode, message: (err as UrlFetchError).message };
};

describe('fetchPdfFromUrl', () => {
  it('fetches a PDF, following redirects, naming it from the URL or Content-Disposition', async () => {
    expect(await fetchPdfFromUrl(`${base}/files/scheme.pdf`, local)).toEqual({
      body: pdf,
      url: `${base}/files/scheme.pdf`,
      filename: 'scheme.pdf',
    });
    expect((await fetchPdfFromUrl(`${base}/moved`, local)).url).toBe(`${base}/files/scheme.pdf`);
    expect((await fetchPdfFromUrl(`${base}/download?id=7`, local)).filename).toBe('Unit 3 Key.pdf');
  });

  it('refuses what is not a PDF by its bytes, whatever its type says', async () => {
    expect(await refusal(fetchPdfFromUrl(`${base}/page.html`, local))).toEqual({
      status: 400,
      message: DOCUMENT_MESSAGES.notPdfUrl('web page (HTML)'),
    });
    expect(await refusal(fetchPdfFromUrl(`${base}/fake.pdf`, local))).toEqual({
      status: 400,
      message: DOCUMENT_MESSAGES.notPdfUrl('application/pdf'),
    });
  });

  it('unreachable, missing, looping and too large', async () => {
    const unreachable = { status: 502, message: DOCUMENT_MESSAGES.unreachable };
    expect(await refusal(fetchPdfFromUrl(`${base}/missing.pdf`, local))).toEqual(unreachable);
    expect(await refusal(fetchPdfFromUrl(`${base}/loop`, local))).toEqual(unreachable);
    expect(await refusal(fetchPdfFromUrl('http://127.0.0.1:1/x.pdf', local))).toEqual(unreachable);
    expect(await refusal(fetchPdfFromUrl(`${base}/big`, { ...local, maxBytes: pdf.length + 100 }))).toEqual({
      status: 413,
      message: DOCUMENT_MESSAGES.tooLarge,
    });
  });

  it('only http and https URLs', async () => {
    for (const url of ['', 'not a url', 'ftp://example.com/a.pdf', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(await refusal(fetchPdfFromUrl(url, local))).toEqual({ status: 400, message: DOCUMENT_MESSAGES.invalidUrl });
    }
  });

  it('without DOCUMENT_URL_ALLOW_PRIVATE, loopback and private addresses are refused, by name or number', async () => {
    const unreachable = { status: 502, message: DOCUMENT_MESSAGES.unreachable };
    const port = (server.address() as AddressInfo).port;
    for (const url of [
      `${base}/files/scheme.pdf`,
      `http://localhost:${port}/files/scheme.pdf`,
      `http://[::1]:${port}/files/scheme.pdf`,
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.1/a.pdf',
    ]) {
      expect(await refusal(fetchPdfFromUrl(url, DEFAULT_URL_POLICY))).toEqual(unreachable);
    }
  });
});

describe('address and name rules', () => {
  it.each([
    ['8.8.8.8', true],
    ['2001:4860:4860::8888', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['fc00::1', false],
    ['fe80::1', false],
    ['224.0.0.1', false],
  ])('%s public: %s', (address, expected) => expect(isPublicAddress(address)).toBe(expected));

  it('file names are safe and end in .pdf', () => {
    expect(filenameOf(undefined, new URL('https://x.org/a/b/My%20Scheme.pdf'))).toBe('My Scheme.pdf');
    expect(filenameOf(undefined, new URL('https://x.org/'))).toBe('document.pdf');
    expect(filenameOf('attachment; filename="../../etc/passwd"', new URL('https://x.org/'))).toBe('etc_passwd.pdf');
    expect(filenameOf("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf", new URL('https://x.org/'))).toBe('r_sum_.pdf');
  });
});
