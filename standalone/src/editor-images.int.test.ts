import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_IMAGE_MAX_BYTES, editorImageKey } from '@evergrade/contracts';
import { registerTenant, registerUser } from '@evergrade/command-service';
import { startStandalone, type Standalone } from './server';
import { loginAs, type TestUser } from './testing/client';

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

/** Editor images through the standalone server: ticket, a browser-style PUT over HTTP, then the image route. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 9)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

let server: Standalone;
let clock = Date.now();
const users = {} as Record<'student' | 'instructor' | 'outsider', TestUser>;

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', now: () => new Date(clock) });
  users.student = await loginAs(server.app, 'student', 'student@demo.school');
  users.instructor = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  const other = { tenant: 'other', actorRole: 'system' as const };
  await registerTenant(server.store, other, 'Other School', new Date());
  await registerUser(
    server.store,
    other,
    { email: 'teach@other.school', role: 'instructor', password: 'Pa55word!x', firstName: 'Ot', lastName: 'Her' },
    new Date(),
  );
  users.outsider = await loginAs(server.app, 'instructor', 'teach@other.school', 'Pa55word!x');
});
afterAll(async () => {
  await server?.close();
});

const ticket = async (user: TestUser, contentType: string, fileName = 'figure.png') =>
  user.get(`/editor/get-image-upload-url?file_name=${encodeURIComponent(fileName)}&content_type=${encodeURIComponent(contentType)}`);

/** What the editor does: PUT with the file's type and no cookie or auth header. */
const upload = (uploadUrl: string, body: Buffer | string, contentType: string) =>
  fetch(new URL(uploadUrl, server.url), { method: 'PUT', headers: { 'content-type': contentType }, body });

const getImage = (apiUrl: string, user: TestUser | null, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'GET',
    url: apiUrl,
    headers: { ...(user ? { cookie: `access_token_cookie=${user.cookies.access_token_cookie}` } : {}), ...headers },
  });

describe('image upload ticket (GET /editor/get-image-upload-url)', () => {
  it("gives a short-lived upload URL under the caller's school and an api_url under /editor/", async () => {
    const res = await ticket(users.instructor, 'image/png');
    expect(res.statusCode).toBe(200);
    const { upload_url, api_url } = res.json as { upload_url: string; api_url: string };
    expect(api_url).toMatch(/^\/editor\/images\/[0-9a-f-]{36}\.png$/);
    expect(upload_url).toMatch(new RegExp(`^/blobs/demo/images/${api_url.split('/').pop()!.replace('.', '\\.')}\\?`));
    const expires = Number(new URL(upload_url, server.url).searchParams.get('expires'));
    expect(expires - Math.floor(clock / 1000)).toBe(300);
    expect((await ticket(users.outsider, 'image/png')).json.upload_url).toMatch(/^\/blobs\/other\/images\//);
  });

  it('names the extension after the type, for JPEG, GIF and WebP too', async () => {
    for (const [type, ext] of [
      ['image/jpeg', 'jpg'],
      ['image/gif', 'gif'],
      ['IMAGE/WEBP', 'webp'],
    ] as const) {
      expect((await ticket(users.student, type)).json.api_url).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('refuses other types with a 400 that says which are accepted', async () => {
    for (const type of ['image/svg+xml', 'text/html', 'application/pdf', 'toString', '__proto__']) {
      const res = await ticket(users.student, type);
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual({ message: 'Only PNG, JPEG, GIF and WebP images can be uploaded', field: 'content_type' });
    }
    const missing = await users.student.get('/editor/get-image-upload-url?file_name=a.png');
    expect(missing.statusCode).toBe(400);
    expect(missing.json.message).toMatch(/content_type is required/);
  });

  it('needs a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/editor/get-image-upload-url?file_name=a.png&content_type=image/png' });
    expect(res.statusCode).toBe(401);
  });
});

describe('upload and show an image', () => {
  let apiUrl: string;

  it('stores the PUT file and serves it to signed-in users of the same school', async () => {
    const { upload_url, api_url } = (await ticket(users.student, 'image/png')).json;
    apiUrl = api_url;
    expect((await upload(upload_url, PNG, 'image/png')).status).toBe(200);
    for (const user of [users.student, users.instructor]) {
      const res = await getImage(api_url, user);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, max-age=86400, immutable');
    }
  });

  it('serves it over real HTTP as well (what the browser fetches as a blob)', async () => {
    const res = await fetch(new URL(apiUrl, server.url), {
      headers: { cookie: `access_token_cookie=${users.student.cookies.access_token_cookie}` },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('is not found for a user of another school, and 403 when they name this school', async () => {
    const res = await getImage(apiUrl, users.outsider);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Image not found' });
    expect((await getImage(apiUrl, users.outsider, { 'x-tenant': 'demo' })).statusCode).toBe(403);
  });

  it('needs a session (401) and a well-formed id (400); an unknown id is 404', async () => {
    expect((await getImage(apiUrl, null)).statusCode).toBe(401);
    expect((await getImage('/editor/images/..%2F..%2Fetc%2Fpasswd', users.student)).statusCode).toBe(400);
    expect((await getImage('/editor/images/not-an-id.png', users.student)).statusCode).toBe(400);
    expect((await getImage(`/editor/images/${randomUUID()}.png`, users.student)).statusCode).toBe(404);
  });

  it('stores a JPEG under its own type', async () => {
    const { upload_url, api_url } = (await ticket(users.instructor, 'image/jpeg', 'photo.jpeg')).json;
    expect((await upload(upload_url, JPEG, 'image/jpeg')).status).toBe(200);
    const res = await getImage(api_url, users.student);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(JPEG)).toBe(true);
  });
});

describe('uploads that are refused', () => {
  it('a text file pretending to be a PNG: 400, nothing stored', async () => {
    const { upload_url, api_url } = (await ticket(users.student, 'image/png')).json;
    const res = await upload(upload_url, 'just some text, not an image', 'image/png');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "The file's content is not image/png" });
    expect((await getImage(api_url, users.student)).statusCode).toBe(404);
  });

  it('a PNG sent as another type than the ticket was for: 400', async () => {
    const { upload_url } = (await ticket(users.student, 'image/gif')).json;
    expect((await upload(upload_url, PNG, 'image/png')).status).toBe(400);
  });

  it(`a file over ${EDITOR_IMAGE_MAX_BYTES} bytes: 413`, async () => {
    const { upload_url, api_url } = (await ticket(users.student, 'image/png')).json;
    const res = await upload(upload_url, Buffer.concat([PNG, Buffer.alloc(EDITOR_IMAGE_MAX_BYTES)]), 'image/png');
    expect(res.status).toBe(413);
    expect(await messageOf(res)).toMatch(/larger than/);
    expect((await getImage(api_url, users.student)).statusCode).toBe(404);
  });

  it('a tampered signature: 403; an expired ticket: 410', async () => {
    const { upload_url } = (await ticket(users.student, 'image/png')).json;
    const forged = upload_url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await upload(forged, PNG, 'image/png')).status).toBe(403);
    // Another school's key with this ticket's signature.
    expect((await upload(upload_url.replace('/blobs/demo/', '/blobs/other/'), PNG, 'image/png')).status).toBe(403);
    clock += 301_000;
    const expired = await upload(upload_url, PNG, 'image/png');
    expect(expired.status).toBe(410);
    expect(await messageOf(expired)).toMatch(/expired/);
  });
});

describe('stored objects that were never checked (as after a presigned S3 upload)', () => {
  it('an object that is not an image is refused when first served (415) and deleted', async () => {
    const imageId = `${randomUUID()}.png`;
    await server.blobs.put(editorImageKey('demo', imageId), Buffer.from('<svg onload=alert(1)>'), 'image/png');
    const res = await getImage(`/editor/images/${imageId}`, users.student);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'The uploaded file is not a PNG, JPEG, GIF or WebP image' });
    expect(await server.blobs.head(editorImageKey('demo', imageId))).toBeNull();
    expect((await getImage(`/editor/images/${imageId}`, users.student)).statusCode).toBe(404);
  });

  it('a JPEG stored under a .png id is refused too', async () => {
    const imageId = `${randomUUID()}.png`;
    await server.blobs.put(editorImageKey('demo', imageId), JPEG, 'image/png');
    expect((await getImage(`/editor/images/${imageId}`, users.student)).statusCode).toBe(415);
  });

  it('an oversized object is refused (413) and deleted without being read', async () => {
    const imageId = `${randomUUID()}.png`;
    await server.blobs.put(editorImageKey('demo', imageId), Buffer.concat([PNG, Buffer.alloc(EDITOR_IMAGE_MAX_BYTES)]), 'image/png');
    expect((await getImage(`/editor/images/${imageId}`, users.student)).statusCode).toBe(413);
    expect(await server.blobs.head(editorImageKey('demo', imageId))).toBeNull();
  });
});
