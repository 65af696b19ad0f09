import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_LOGO_MAX_BYTES } from '@evergrade/contracts';
import { registerTenant, registerUser } from '@evergrade/command-service';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/** School PDF header formats (spec document 2, section 3) through the standalone server: admin sets, instructors read. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 9)]);

let server: Standalone;
const users = {} as Record<'admin' | 'instructor' | 'student' | 'otherAdmin' | 'otherInstructor', TestUser>;

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  users.admin = await loginAs(server.app, 'admin', 'admin@demo.school');
  users.instructor = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  users.student = await loginAs(server.app, 'student', 'student@demo.school');
  const other = { tenant: 'other', actorRole: 'system' as const };
  await registerTenant(server.store, other, 'Other School', new Date());
  for (const [email, role] of [
    ['head@other.school', 'admin'],
    ['teach@other.school', 'instructor'],
  ] as const) {
    await registerUser(server.store, other, { email, role, password: 'Pa55word!x', firstName: 'Ot', lastName: 'Her' }, new Date());
  }
  users.otherAdmin = await loginAs(server.app, 'admin', 'head@other.school', 'Pa55word!x');
  users.otherInstructor = await loginAs(server.app, 'instructor', 'teach@other.school', 'Pa55word!x');
});
afterAll(async () => {
  await server?.close();
});

const upload = (uploadUrl: string, body: Buffer | string, contentType: string) =>
  fetch(new URL(uploadUrl, server.url), { method: 'PUT', headers: { 'content-type': contentType }, body });

async function uploadLogo(admin: TestUser, body: Buffer = PNG): Promise<string> {
  const ticket = await admin.get('/admin/pdf-logo-upload-url?content_type=image/png');
  expect(ticket.statusCode).toBe(200);
  expect((await upload(ticket.json.upload_url, body, 'image/png')).status).toBe(200);
  return ticket.json.logo_id as string;
}

describe('PDF header formats', () => {
  it('a school that never chose has one standard format and no logo', async () => {
    const res = await users.instructor.get('/school/pdf-headers');
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ school_name: 'Demo School', formats: ['standard'], default_format: 'standard', logo_url: null });
  });

  it('the admin sets formats, default and logo; instructors of the school read them and the logo', async () => {
    const logoId = await uploadLogo(users.admin);
    const set = await users.admin.post('/admin/set-pdf-headers', {
      formats: ['bordered', 'logo-line'],
      default_format: 'logo-line',
      logo_id: logoId,
    });
    expect(set.statusCode).toBe(200);
    const res = await users.instructor.get('/school/pdf-headers', afterPosition(set.json.position));
    expect(res.json).toEqual({
      school_name: 'Demo School',
      formats: ['bordered', 'logo-line'],
      default_format: 'logo-line',
      logo_url: `/editor/images/${logoId}`,
    });
    const logo = await server.app.inject({
      method: 'GET',
      url: res.json.logo_url,
      headers: { cookie: `access_token_cookie=${users.instructor.cookies.access_token_cookie}` },
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect((await users.admin.get('/school/pdf-headers')).json.formats).toEqual(['bordered', 'logo-line']);
    // Another school is untouched and cannot use this school's logo.
    expect((await users.otherInstructor.get('/school/pdf-headers', afterPosition(set.json.position))).json).toEqual({
      school_name: 'Other School',
      formats: ['standard'],
      default_format: 'standard',
      logo_url: null,
    });
    const stolen = await users.otherAdmin.post('/admin/set-pdf-headers', {
      formats: ['standard'],
      default_format: 'standard',
      logo_id: logoId,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json).toEqual({ message: 'The logo was not uploaded (upload it again)', field: 'logo_id' });
    expect((await users.otherInstructor.get(`/editor/images/${logoId}`)).statusCode).toBe(404);
  });

  it('only the admin sets them; anyone signed in to the school reads them', async () => {
    const body = { formats: ['standard'], default_format: 'standard' };
    expect((await users.instructor.post('/admin/set-pdf-headers', body)).statusCode).toBe(403);
    expect((await users.student.post('/admin/set-pdf-headers', body)).statusCode).toBe(403);
    expect((await users.instructor.get('/admin/pdf-logo-upload-url?content_type=image/png')).statusCode).toBe(403);
    const student = await users.student.get('/school/pdf-headers');
    expect(student.statusCode).toBe(200);
    expect(student.json.school_name).toBe('Demo School');
  });

  it('refuses bad settings with a 400 naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ formats: [], default_format: 'standard' }, 'formats', 'Choose at least one header format'],
      [{ formats: ['ks9'], default_format: 'standard' }, 'formats', 'A format is one of standard, bordered, logo-line'],
      [{ formats: 'standard', default_format: 'standard' }, 'formats', 'formats must be a list of formats'],
      [{ formats: ['bordered', 'bordered'], default_format: 'bordered' }, 'formats', 'Each header format may be chosen once'],
      [{ formats: ['bordered'], default_format: 'standard' }, 'default_format', 'The default format must be one of the chosen formats'],
      [{ formats: ['standard'], default_format: 'standard', logo_id: '../x.png' }, 'logo_id', 'The logo must be a PNG or JPEG image'],
      [
        { formats: ['standard'], default_format: 'standard', logo_id: '0b7e0000-0000-4000-8000-000000000000.png' },
        'logo_id',
        'The logo was not uploaded (upload it again)',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await users.admin.post('/admin/set-pdf-headers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json.field).toMatch(new RegExp(`^${field}`));
      expect(res.json.message).toContain(message);
    }
  });

  it('takes only PNG or JPEG logos, sniffed and size-limited', async () => {
    const gif = await users.admin.get('/admin/pdf-logo-upload-url?content_type=image/gif');
    expect(gif.statusCode).toBe(400);
    expect(gif.json).toEqual({ message: 'The logo must be a PNG or JPEG image', field: 'content_type' });
    const jpeg = await users.admin.get('/admin/pdf-logo-upload-url?content_type=image/jpeg');
    expect(jpeg.json.logo_id).toMatch(/\.jpg$/);
    const ticket = await users.admin.get('/admin/pdf-logo-upload-url?content_type=image/png');
    expect((await upload(ticket.json.upload_url, 'not a png at all', 'image/png')).status).toBe(400);
    expect((await upload(ticket.json.upload_url, Buffer.concat([PNG, Buffer.alloc(PDF_LOGO_MAX_BYTES)]), 'image/png')).status).toBe(413);
    const never = await users.admin.post('/admin/set-pdf-headers', {
      formats: ['standard'],
      default_format: 'standard',
      logo_id: ticket.json.logo_id,
    });
    expect(never.statusCode).toBe(400);
  });
});
