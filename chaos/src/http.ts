import { CSRF_COOKIE, CSRF_HEADER, MIN_POSITION_HEADER, SESSION_COOKIE, routes } from '@evergrade/contracts';

/** A signed-in user as the browser holds them: the two cookies and the CSRF token echoed in a header. */
export type Session = { email: string; cookie: string; csrf: string };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what}: ${status} ${body.slice(0, 300)}`);
  }
}

/** Signs in through the real login route; throws HttpError on any answer but 200. */
export async function login(base: string, role: string, email: string, password: string): Promise<Session> {
  const res = await fetch(`${base}${routes.login.path.replace(':role', role)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = await res.text();
  if (res.status !== 200) throw new HttpError(res.status, body, `login ${email} as ${role}`);
  const cookies = Object.fromEntries(
    res.headers.getSetCookie().map((c) => {
      const pair = c.split(';')[0]!;
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
  const session = cookies[SESSION_COOKIE];
  const csrf = cookies[CSRF_COOKIE];
  if (!session || !csrf) throw new Error(`login ${email}: the session or CSRF cookie is missing`);
  return { email, cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`, csrf };
}

/** A JSON request as the signed-in user; throws HttpError on any answer but 200. */
export async function call<T = unknown>(
  base: string,
  session: Session,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  minPosition?: string | null,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      [CSRF_HEADER]: session.csrf,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(minPosition ? { [MIN_POSITION_HEADER]: minPosition } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new HttpError(res.status, text, `${method} ${path} as ${session.email}`);
  return JSON.parse(text) as T;
}

/** Polls `check` until it returns true (state, not time), at most `ms`; returns its last verdict. */
export async function waitUntil(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, delay));
  }
}
