import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../http';
import { createBlobStoreFromConfig, loadOrCreateSigningSecret, SIGNING_SECRET_FILE } from './index';
import { createLocalBlobStore, type LocalBlobStore } from './local';
import { localBlobRoutes } from './local-routes';

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const secret = 'k'.repeat(40);

let dir: string;
let clock = new Date('2026-03-01T10:00:00Z');
let store: LocalBlobStore;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'blob-local-'));
  store = createLocalBlobStore({ dir: path.join(dir, 'blobs'), signingSecret: secret, now: () => clock });
  app = await createHttpServer({ logLevel: 'silent' });
  await app.register(localBlobRoutes, { store });
  // A JSON route beside the blob routes still parses JSON: the blob routes' parsers stay in their own plugin.
  app.post('/echo', async (request) => request.body);
  base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

const sign = (key: string, maxBytes = 1000, contentType = 'image/png', expiresInSeconds = 300) =>
  store.signUpload(key, { contentType, maxBytes, expiresInSeconds });
const put = (url: string, body: Buffer | string, contentType = 'image/png', headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, { method: 'PUT', headers: { 'content-type': contentType, ...headers }, body });

describe('local blob store', () => {
  it('puts, heads, gets and deletes files under its directory', async () => {
    await store.put('demo/images/a.png', PNG, 'image/png');
    expect(await store.head('demo/images/a.png')).toEqual({ contentType: 'image/png', size: PNG.length });
    expect(await store.get('demo/images/a.png')).toEqual({ body: PNG, contentType: 'image/png', size: PNG.length });
    expect((await readFile(path.join(dir, 'blobs/demo/images/a.png'))).equals(PNG)).toBe(true);
    await store.delete('demo/images/a.png');
    expect(await store.get('demo/images/a.png')).toBeNull();
    expect(await store.head('demo/images/a.png')).toBeNull();
    await store.delete('demo/images/a.png');
  });

  it('refuses keys that could leave its directory', async () => {
    await expect(store.put('../escape.png', PNG, 'image/png')).rejects.toThrow(/invalid blob key/);
    await expect(store.get('demo/../../x')).rejects.toThrow(/invalid blob key/);
    await expect(store.signUpload('x.png', { contentType: 'image/png', maxBytes: 1, expiresInSeconds: 1 })).rejects.toThrow(
      /invalid blob key/,
    );
  });

  it('refuses a signing secret shorter than 32 characters', () => {
    expect(() => createLocalBlobStore({ dir, signingSecret: 'short' })).toThrow(/32 characters/);
  });

  it('prefixes its URLs with publicBaseUrl when given', async () => {
    const other = createLocalBlobStore({ dir, signingSecret: secret, publicBaseUrl: 'https://school.example/' });
    expect(await other.signDownload('demo/x.png', { expiresInSeconds: 60 })).toMatch(
      /^https:\/\/school\.example\/blobs\/demo\/x\.png\?expires=\d+&sig=/,
    );
  });
});

describe('signed upload URL (PUT)', () => {
  it('stores a file of the signed type and size, and the signed download URL serves it', async () => {
    const res = await put(await sign('demo/images/b.png'), PNG);
    expect(res.status).toBe(200);
    expect((await store.get('demo/images/b.png'))?.body.equals(PNG)).toBe(true);
    const download = await fetch(`${base}${await store.signDownload('demo/images/b.png', { expiresInSeconds: 60 })}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('cache-control')).toBe('private, max-age=60');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses a forged or altered URL with 403 and stores nothing', async () => {
    const url = await sign('demo/images/c.png');
    const sig = new URL(url, base).searchParams.get('sig')!;
    const tampered = [
      url.replace(`sig=${sig}`, `sig=${sig.slice(0, -2)}xx`),
      url.replace('max=1000', 'max=100000'),
      url.replace('demo/images/c.png', 'other/images/c.png'),
      url.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3600}`),
    ];
    for (const u of tampered) {
      const res = await put(u, PNG);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'The URL signature is not valid' });
    }
    expect(await store.head('demo/images/c.png')).toBeNull();
    expect(await store.head('other/images/c.png')).toBeNull();
  });

  it('refuses an expired URL with 410', async () => {
    const url = await sign('demo/images/d.png', 1000, 'image/png', 60);
    clock = new Date(clock.getTime() + 61_000);
    const res = await put(url, PNG);
    expect(res.status).toBe(410);
    expect(await messageOf(res)).toMatch(/expired/);
  });

  it('refuses an incomplete URL with 400', async () => {
    const res = await put('/blobs/demo/images/e.png?type=image%2Fpng', PNG);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toMatch(/incomplete/);
  });

  it('refuses another Content-Type than the signed one with 400', async () => {
    const res = await put(await sign('demo/images/f.png'), PNG, 'image/gif');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Content-Type must be image/png, as requested for this upload URL',
      field: 'Content-Type',
    });
  });

  it('refuses a text file that calls itself a PNG with 400', async () => {
    const res = await put(await sign('demo/images/g.png'), 'I am not an image, honest', 'image/png');
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("The file's content is not image/png");
    expect(await store.head('demo/images/g.png')).toBeNull();
  });

  it('refuses an empty body with 400', async () => {
    const res = await put(await sign('demo/images/h.png'), Buffer.alloc(0));
    expect(res.status).toBe(400);
  });

  it('refuses a body over the signed limit with 413, by Content-Length and while streaming', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2000)]);
    const byLength = await put(await sign('demo/images/i.png'), big);
    expect(byLength.status).toBe(413);
    expect(await messageOf(byLength)).toMatch(/larger than the 1000 bytes/);

    // Chunked, so no Content-Length to trust: the limit holds while reading.
    const chunks = async function* () {
      for (let i = 0; i < 20; i++) yield i === 0 ? PNG : Buffer.alloc(500);
    };
    const streamed = await fetch(`${base}${await sign('demo/images/i.png')}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: ReadableStream.from(chunks()),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await store.head('demo/images/i.png')).toBeNull();
  });

  it('leaves JSON parsing alone outside its routes', async () => {
    const res = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await res.json()).toEqual({ a: 1 });
  });
});

describe('signed download URL (GET)', () => {
  it('refuses a forged URL (403), an expired one (410) and answers 404 for a missing file', async () => {
    await store.put('demo/images/j.png', PNG, 'image/png');
    const url = await store.signDownload('demo/images/j.png', { expiresInSeconds: 30 });
    expect((await fetch(`${base}${url.replace('j.png', 'k.png')}`)).status).toBe(403);
    expect((await fetch(`${base}${await store.signDownload('demo/images/missing.png', { expiresInSeconds: 30 })}`)).status).toBe(404);
    clock = new Date(clock.getTime() + 31_000);
    expect((await fetch(`${base}${url}`)).status).toBe(410);
  });
});

describe('signing secret and factory', () => {
  it('creates the secret once, keeps it private, and hands every caller the same one', async () => {
    const dataDir = path.join(dir, 'data');
    const [a, b] = await Promise.all([loadOrCreateSigningSecret(dataDir), loadOrCreateSigningSecret(dataDir)]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(await loadOrCreateSigningSecret(dataDir)).toBe(a);
    expect((await stat(path.join(dataDir, SIGNING_SECRET_FILE))).mode & 0o777).toBe(0o600);
  });

  it('builds a local store under DATA_DIR/blobs (or BLOB_DIR), and an S3 store when a bucket is set', async () => {
    const dataDir = path.join(dir, 'data2');
    const local = await createBlobStoreFromConfig({ dataDir, blobDir: undefined, blobSigningSecret: undefined, s3: undefined });
    expect(local.kind).toBe('local');
    await local.put('demo/x.png', PNG, 'image/png');
    expect((await stat(path.join(dataDir, 'blobs/demo/x.png'))).size).toBe(PNG.length);
    const elsewhere = await createBlobStoreFromConfig({
      dataDir,
      blobDir: path.join(dir, 'elsewhere'),
      blobSigningSecret: 'z'.repeat(32),
      s3: undefined,
    });
    await elsewhere.put('demo/y.png', PNG, 'image/png');
    expect((await stat(path.join(dir, 'elsewhere/demo/y.png'))).size).toBe(PNG.length);
    const s3 = await createBlobStoreFromConfig({
      dataDir,
      blobDir: undefined,
      blobSigningSecret: undefined,
      s3: {
        bucket: 'b',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9',
        publicEndpoint: undefined,
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: true,
      },
    });
    expect(s3.kind).toBe('s3');
    await s3.close?.();
  });
});
