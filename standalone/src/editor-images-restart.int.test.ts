import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startStandalone } from './server';
import { loginAs, userWith } from './testing/client';

const dataDir = mkdtempSync(path.join(tmpdir(), 'evergrade-blob-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 2)]);
const start = () => startStandalone({ port: 0, host: '127.0.0.1', dataDir, uiDir: '/nonexistent', logLevel: 'silent' });

it('keeps images under the data directory, and upload URLs signed before a restart stay valid after it', async () => {
  const first = await start();
  const student = await loginAs(first.app, 'student', 'student@demo.school');
  const shown = (await student.get('/editor/get-image-upload-url?file_name=a.png&content_type=image/png')).json;
  expect(
    (await fetch(new URL(shown.upload_url, first.url), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status,
  ).toBe(200);
  const pending = (await student.get('/editor/get-image-upload-url?file_name=b.png&content_type=image/png')).json;
  await first.close();
  expect(existsSync(path.join(dataDir, 'blobs/demo/images', shown.api_url.split('/').pop()))).toBe(true);
  expect(existsSync(path.join(dataDir, 'blob-signing-secret'))).toBe(true);

  const second = await start();
  try {
    const again = userWith(second.app, student.cookies);
    const image = await second.app.inject({
      method: 'GET',
      url: shown.api_url,
      headers: { cookie: `access_token_cookie=${again.cookies.access_token_cookie}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await fetch(new URL(pending.upload_url, second.url), { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG })).status,
    ).toBe(200);
  } finally {
    await second.close();
  }
});
