import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore } from '@evergrade/platform/blob';
import { startTestS3 } from '@evergrade/platform/blob/testing';
import { startStandalone, type Standalone } from './server';
import { loginAs, type TestUser } from './testing/client';

/**
 * The same image flow with the S3 adapter against an S3-compatible server over HTTP (s3rver): the browser
 * PUTs straight to a presigned URL, so the bytes are checked only when the image is first served.
 */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 5)]);

let s3: Awaited<ReturnType<typeof startTestS3>>;
let server: Standalone;
let student: TestUser;

beforeAll(async () => {
  s3 = await startTestS3('evergrade-images');
  server = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    uiDir: '/nonexistent',
    logLevel: 'silent',
    blobs: createS3BlobStore(s3.settings),
  });
  student = await loginAs(server.app, 'student', 'student@demo.school');
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const ticket = async () =>
  (await student.get('/editor/get-image-upload-url?file_name=a.png&content_type=image/png')).json as {
    upload_url: string;
    api_url: string;
  };
const getImage = (apiUrl: string) =>
  server.app.inject({ method: 'GET', url: apiUrl, headers: { cookie: `access_token_cookie=${student.cookies.access_token_cookie}` } });

describe('editor images on S3', () => {
  it('hands out a presigned S3 URL for a key under the school; the uploaded image is served from api_url', async () => {
    const { upload_url, api_url } = await ticket();
    const imageId = api_url.split('/').pop()!;
    expect(upload_url.startsWith(`${s3.settings.endpoint}/evergrade-images/demo/images/${imageId}?`)).toBe(true);
    expect((await fetch(upload_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status).toBe(200);
    const res = await getImage(api_url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('S3 accepts a text file declared as PNG; the image route refuses it (415) and deletes it', async () => {
    const { upload_url, api_url } = await ticket();
    expect(
      (await fetch(upload_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: '<html>not an image</html>' })).status,
    ).toBe(200);
    expect((await getImage(api_url)).statusCode).toBe(415);
    expect(await server.blobs.head(`demo/images/${api_url.split('/').pop()}`)).toBeNull();
    expect((await getImage(api_url)).statusCode).toBe(404);
  });
});
