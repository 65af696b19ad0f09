import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, MIN_POSITION_HEADER, SESSION_COOKIE } from '@evergrade/contracts';

/** A signed-in user against `app.inject`: keeps the cookies and sends the CSRF header like the UI does. */
export type TestUser = {
  cookies: Record<string, string>;
  get(url: string, headers?: Record<string, string>): Promise<{ statusCode: number; json: any }>;
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<{ statusCode: number; json: any }>;
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<{ statusCode: number; json: any }>;
};

export async function loginAs(app: FastifyInstance, role: string, email: string, password = 'Evergrade#2026'): Promise<TestUser> {
  const res = await app.inject({ method: 'POST', url: `/auth/login/${role}`, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  return userWith(app, cookies);
}

export function userWith(app: FastifyInstance, cookies: Record<string, string>): TestUser {
  const cookieHeader = () =>
    Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  const send = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { cookie: cookieHeader(), ...(cookies[CSRF_COOKIE] ? { 'x-csrf-token': cookies[CSRF_COOKIE] } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { statusCode: res.statusCode, json: res.body ? JSON.parse(res.body) : null };
  };
  return {
    cookies,
    get: (url, headers) => send('GET', url, undefined, headers),
    post: (url, body, headers) => send('POST', url, body, headers),
    put: (url, body, headers) => send('PUT', url, body, headers),
  };
}

export const afterPosition = (position: string | null): Record<string, string> => (position ? { [MIN_POSITION_HEADER]: position } : {});

export const hasSession = (u: TestUser) => Boolean(u.cookies[SESSION_COOKIE]);

export type FormFile = { field: string; name: string; type: string; data: Buffer };

/** A multipart form (fields, then files) sent through app.inject as `user`, with its session and CSRF token. */
export async function injectForm(app: FastifyInstance, user: TestUser, url: string, fields: Record<string, string>, files: FormFile[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const request = new Request('http://local/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      'content-type': request.headers.get('content-type')!,
      cookie: Object.entries(user.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      'x-csrf-token': user.cookies[CSRF_COOKIE]!,
    },
  });
}
