import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createS3BlobStore, type S3BlobStore } from './s3';
import { startTestS3 } from './testing';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 3)]);

let s3: Awaited<ReturnType<typeof startTestS3>>;
let store: S3BlobStore;

beforeAll(async () => {
  s3 = await startTestS3();
  store = createS3BlobStore(s3.settings);
});
afterAll(async () => {
  await store?.close?.();
  await s3?.close();
});

describe('S3 blob store against an S3-compatible server (s3rver over HTTP)', () => {
  it('puts, heads, gets and deletes objects', async () => {
    await store.put('demo/images/a.png', PNG, 'image/png');
    expect(await store.head('demo/images/a.png')).toEqual({ contentType: 'image/png', size: PNG.length });
    const got = await store.get('demo/images/a.png');
    expect(got?.contentType).toBe('image/png');
    expect(got?.body.equals(PNG)).toBe(true);
    await store.delete('demo/images/a.png');
    expect(await store.get('demo/images/a.png')).toBeNull();
    expect(await store.head('demo/images/a.png')).toBeNull();
  });

  it('refuses keys outside the tenant layout before calling S3', async () => {
    await expect(store.put('../x.png', PNG, 'image/png')).rejects.toThrow(/invalid blob key/);
  });

  it('issues a presigned PUT a browser can use with the signed content type and no auth header', async () => {
    const url = await store.signUpload('demo/images/b.png', { contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 300 });
    expect(url).toMatch(new RegExp(`^${s3.settings.endpoint}/${s3.settings.bucket}/demo/images/b\\.png\\?.*X-Amz-Signature=`));
    expect(new URL(url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    expect(res.status).toBe(200);
    expect((await store.get('demo/images/b.png'))?.body.equals(PNG)).toBe(true);
  });

  it('signs the content type and a short expiry into the presigned PUT', async () => {
    // s3rver does not verify V4 signatures, so S3's refusal of a changed request is tested below against a real endpoint.
    const url = new URL(await store.signUpload('demo/images/c.png', { contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 300 }));
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';')).toEqual(expect.arrayContaining(['content-type', 'host']));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
  });

  it('issues a presigned GET', async () => {
    await store.put('demo/images/d.png', PNG, 'image/png');
    const res = await fetch(await store.signDownload('demo/images/d.png', { expiresInSeconds: 60 }));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('signs browser URLs for the public endpoint when it differs from the internal one', async () => {
    const split = createS3BlobStore({ ...s3.settings, publicEndpoint: 'http://files.school.example:9000' });
    const url = await split.signUpload('demo/images/e.png', { contentType: 'image/png', maxBytes: 10, expiresInSeconds: 60 });
    expect(url.startsWith('http://files.school.example:9000/evergrade-test/demo/images/e.png?')).toBe(true);
    await split.put('demo/images/e.png', PNG, 'image/png');
    expect(await store.head('demo/images/e.png')).toMatchObject({ size: PNG.length });
    await split.close?.();
  });
});

/**
 * Against a real S3-compatible server (MinIO in docker-compose, or AWS) when S3_ENDPOINT and S3_BUCKET are
 * set: there the signature is verified, so a changed content type or key must be refused.
 */
const real = loadConfig().s3;
describe.skipIf(!real?.endpoint)(`S3 blob store against S3_ENDPOINT${real?.endpoint ? '' : ' (skipped: S3_ENDPOINT not set)'}`, () => {
  it('round-trips a presigned PUT and refuses one with another content type or key', async () => {
    const remote = createS3BlobStore(real!);
    const key = `evergrade-test/images/${randomUUID()}.png`;
    const url = await remote.signUpload(key, { contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 300 });
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body: '<script>' })).status).toBe(403);
    expect(
      (await fetch(url.replace('/evergrade-test/', '/other-test/'), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG }))
        .status,
    ).toBe(403);
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(200);
    expect((await remote.get(key))?.body.equals(PNG)).toBe(true);
    await remote.delete(key);
    await remote.close?.();
  });
});
