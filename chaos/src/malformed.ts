import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { z } from 'zod';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  MIN_POSITION_HEADER,
  SESSION_COOKIE,
  SOCKET_EVENTS,
  routes,
  streamIds,
  type RouteDef,
} from '@evergrade/contracts';
import { changeMembership, createAssignment, createCourse, registerTenant, registerUser } from '@evergrade/command-service';
import { io } from 'socket.io-client';
import { startStandalone, type Standalone } from '@evergrade/standalone';

/**
 * Chaos part (c): malformed requests to every route of the contracts' table, as every kind of caller, against a
 * standalone server in memory. Each request starts from a body that passes the route's schema (sampled from it, with
 * ids of real things) and breaks it one way: NUL, lone surrogates, rich text hiding both, 300 KB strings, wrong types,
 * arrays for objects, 2,000-deep nesting, numbers out of every range, odd path parameters and query strings, bad JSON,
 * wrong content types, odd cookies and headers; then malformed `watch.assignment` messages on the live-update socket.
 * Any 5xx, any 422 and any request without an answer is a failure.
 */

export type MalformedOptions = { perRoute?: number; log?: (line: string) => void; concurrency?: number; logLevel?: string };
export type MalformedResult = { requests: number; status5xx: number; status422: number; failures: string[] };

type CallerName = 'anonymous' | 'student' | 'instructor' | 'admin' | 'other-school';
type Caller = { name: CallerName; role?: string; email?: string; cookies: Record<string, string> };
type Probe = { kind: string; method: string; path: string; headers: Record<string, string>; body?: Buffer };
/** Ids of real things (numbers cycled through for any id) and values for fields known by name. */
type Ids = { pool: number[]; named: Record<string, Json> };

const PASSWORD = 'Chaos#Pa55word';
const LONG = 300 * 1024;
const DEEP = 2000;

export async function runMalformed(options: MalformedOptions = {}): Promise<MalformedResult> {
  const perRoute = options.perRoute ?? 30;
  const log = options.log ?? (() => {});
  const server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: options.logLevel ?? 'silent' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency ?? 8 });
  try {
    const { callers, ids } = await prepare(server);
    const base = new URL(server.url);
    const send = (probe: Probe) => request(agent, base, probe);
    // Sign-in routes last: their refusals count towards the per-address login limit our own re-sign-ins need.
    const table = Object.entries(routes as Record<string, RouteDef>).sort(
      ([, a], [, b]) => Number(a.path.startsWith('/auth/login')) - Number(b.path.startsWith('/auth/login')),
    );
    const result: MalformedResult = { requests: 0, status5xx: 0, status422: 0, failures: [] };
    const started = Date.now();
    const byKind: Record<string, Record<string, number>> = {};
    for (const [name, def] of table) {
      const work: Array<() => Promise<void>> = [];
      for (const listed of callers) {
        // Logging out ends the session: that route gets sessions of its own.
        const caller = def === routes.logout && listed.email ? await signIn(server, { ...listed }) : listed;
        for (const probe of probesFor(def, caller, ids, perRoute)) {
          work.push(async () => {
            let status: number;
            try {
              status = await send(withCaller(probe, caller));
              if (status === 401 && caller !== listed) status = 400; // the logout route's session already ended
              if (status === 401 && caller.email && def.access !== 'public' && !probe.kind.startsWith('cookie')) {
                // A probe may have ended this caller's session (an e-mail change by an admin): sign in again, retry once.
                await renew(server, base, agent, caller);
                status = await send(withCaller(probe, caller));
              }
            } catch (err) {
              status = 0;
              log(`no answer: ${(err as Error).message}`);
            }
            result.requests++;
            const tally = (byKind[probe.kind] ??= {});
            const bucket = status >= 200 && status < 300 ? '2xx' : String(status);
            tally[bucket] = (tally[bucket] ?? 0) + 1;
            if (status >= 500 || status === 422 || status === 0) {
              if (status === 422) result.status422++;
              else result.status5xx++;
              const failure = `${def.method} ${def.path} ${caller.name} ${probe.kind} ${status || 'no answer'}`;
              result.failures.push(failure);
              log(`failure: ${failure}`);
            }
          });
        }
      }
      await pool(work, options.concurrency ?? 8);
      log(`${name}: ${work.length} requests, ${result.status5xx} 5xx and ${result.status422} 422 so far`);
    }
    await socketProbes(server.url, callers, ids, perRoute, result, log);
    for (const [kind, tally] of Object.entries(byKind)) {
      log(
        `${kind}: ${Object.entries(tally)
          .sort()
          .map(([status, n]) => `${status} ×${n}`)
          .join(', ')}`,
      );
    }
    log(`${result.requests} requests in ${Math.round((Date.now() - started) / 1000)} s`);
    return result;
  } finally {
    agent.destroy();
    await server.close();
  }
}

/** Our own users (so no probe can sign out or re-password the callers) and a course, an assignment, a question. */
async function prepare(server: Standalone): Promise<{ callers: Caller[]; ids: Ids }> {
  const now = new Date();
  const demo = { tenant: 'demo', actorRole: 'system' as const };
  const user = (email: string, role: 'student' | 'instructor' | 'admin', tenant = demo) =>
    registerUser(server.store, tenant, { email, role, password: PASSWORD, firstName: 'Chaos', lastName: 'Monkey' }, now);
  const student = await user('chaos-student@demo.school', 'student');
  const instructor = await user('chaos-teacher@demo.school', 'instructor');
  await user('chaos-admin@demo.school', 'admin');
  const other = { tenant: 'elsewhere', actorRole: 'system' as const };
  await registerTenant(server.store, other, 'Elsewhere School', now);
  await user('chaos-teacher@elsewhere.school', 'instructor', other);
  const { courseId } = await createCourse(
    server.store,
    demo,
    {
      courseCode: 'CHAOS1',
      courseName: 'Chaos',
      courseClass: '10',
      subject: 'Mathematics',
      instructorIds: [instructor],
    },
    now,
  );
  await changeMembership(server.store, demo, 'EnrollStudent', courseId, student, now);
  const assignmentId = await createAssignment(
    server.store,
    { ...demo, actorId: instructor },
    {
      courseId,
      title: 'Chaos Work',
      assigned: now,
      due: new Date(now.getTime() + 7 * 86_400_000),
      timeLimitSeconds: null,
      publish: true,
      questions: [
        { content: 'Q1', marksPossible: 2 },
        { content: 'Q2', marksPossible: 1 },
      ],
    },
    now,
  );
  const callers: Caller[] = [
    { name: 'anonymous', cookies: {} },
    { name: 'student', role: 'student', email: 'chaos-student@demo.school', cookies: {} },
    { name: 'instructor', role: 'instructor', email: 'chaos-teacher@demo.school', cookies: {} },
    { name: 'admin', role: 'admin', email: 'chaos-admin@demo.school', cookies: {} },
    { name: 'other-school', role: 'instructor', email: 'chaos-teacher@elsewhere.school', cookies: {} },
  ];
  for (const c of callers) if (c.email) await signIn(server, c);
  const questionIds = (await server.store.readStream(streamIds.assignment('demo', assignmentId)))
    .filter((e) => e.type === 'QuestionAdded')
    .map((e) => Number((e.data as { questionId: number }).questionId));
  // Ids of real things first (so probes get past "not found" to the writes), then small ids of the demo school's.
  const named: Record<string, Json> = {
    assignment_id: assignmentId,
    assignmentId,
    question_id: questionIds[0]!,
    questionId: questionIds[0]!,
    course_id: courseId,
    courseId,
    student_id: student,
    studentId: student,
    user_id: student,
    userId: student,
    instructor_id: instructor,
    course: 'CHAOS1',
    courseCode: 'CHAOS1',
    course_code: 'CHAOS1',
    content_type: 'image/png',
    imageId: `${randomUUID()}.png`,
    tenant: 'demo',
    newPassword: `${PASSWORD}2`,
    new_password: `${PASSWORD}2`,
    confirmPassword: `${PASSWORD}2`,
    description: 'Novice: starts. Apprentice: tries. Competent: does. Proficient: masters.',
    reference_urls: [],
    url_documents: [],
    textbooks: [],
    rubrics: [],
    // No URL of a server: a route that fetches one answers 502 when it is unreachable, rightly.
    file_name: `${assignmentId}_submission.pdf`,
    page: '/student/assignments',
  };
  return { callers, ids: { pool: [assignmentId, ...questionIds, courseId, student, instructor, 1, 2], named } };
}

const SOCKET_PAYLOADS: unknown[] = [
  null,
  'x',
  42,
  [],
  { assignment_id: 2 ** 31 },
  { assignment_id: 1e308 },
  { assignment_id: -1 },
  { assignment_id: '1\u0000' },
  { assignment_id: '\ud800' },
  { assignment_id: [1] },
  { assignment_id: { $gt: 0 } },
  { assignment_id: 'x'.repeat(LONG) },
];

/** The live-update socket too: every caller with a session sends malformed `watch.assignment` messages; each is answered. */
async function socketProbes(
  url: string,
  callers: Caller[],
  ids: Ids,
  perRoute: number,
  result: MalformedResult,
  log: (line: string) => void,
) {
  for (const caller of callers.filter((c) => c.cookies[SESSION_COOKIE])) {
    const cookie = Object.entries(caller.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    // The CSRF token in the connection query, as the UI sends it.
    const query = { csrf: caller.cookies[CSRF_COOKIE] ?? '' };
    const socket = io(url, { extraHeaders: { cookie }, query, transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const payloads = [...SOCKET_PAYLOADS, { assignment_id: ids.pool[0] }];
      for (let i = 0; i < Math.max(perRoute, payloads.length); i++) {
        const payload = payloads[i % payloads.length];
        result.requests++;
        const answered = await socket
          .timeout(10_000)
          .emitWithAck(SOCKET_EVENTS.watchAssignment, payload)
          .then(
            () => true,
            () => false,
          );
        if (!answered) {
          result.status5xx++;
          const failure = `SOCKET ${SOCKET_EVENTS.watchAssignment} ${caller.name} ${JSON.stringify(payload).slice(0, 60)} no answer`;
          result.failures.push(failure);
          log(`failure: ${failure}`);
        }
      }
    } finally {
      socket.close();
    }
  }
}

async function signIn(server: Standalone, caller: Caller): Promise<Caller> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/auth/login/${caller.role}`,
    payload: { email: caller.email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`chaos: sign-in of ${caller.email} failed: ${res.statusCode} ${res.body}`);
  caller.cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return caller;
}

const renewing = new WeakMap<Caller, Promise<void>>();
/** A new session for the caller if theirs has ended; one sign-in however many probes noticed at once. */
function renew(server: Standalone, base: URL, agent: http.Agent, caller: Caller): Promise<void> {
  let pending = renewing.get(caller);
  if (!pending) {
    pending = (async () => {
      const alive = await request(
        agent,
        base,
        withCaller({ kind: 'check', method: 'GET', path: '/auth/validate-token', headers: {} }, caller),
      );
      if (alive === 401) await signIn(server, caller);
    })().finally(() => renewing.delete(caller));
    renewing.set(caller, pending);
  }
  return pending;
}

function withCaller(probe: Probe, caller: Caller): Probe {
  if (!caller.cookies[SESSION_COOKIE]) return probe;
  const cookie = Object.entries(caller.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return {
    ...probe,
    headers: {
      ...(probe.kind.startsWith('cookie') ? {} : { cookie }),
      ...(probe.method === 'GET' ? {} : { [CSRF_HEADER]: caller.cookies[CSRF_COOKIE]! }),
      ...probe.headers,
    },
  };
}

/**
 * The probe's status. A kept-alive connection the server closed after its previous answer (it does after refusing a
 * body it did not read) fails at once on reuse: that probe is sent again on a new connection, and only a second
 * failure counts.
 */
async function request(agent: http.Agent, base: URL, probe: Probe): Promise<number> {
  try {
    return await requestOn(agent, base, probe);
  } catch {
    return requestOn(false, base, probe);
  }
}

function requestOn(agent: http.Agent | false, base: URL, probe: Probe): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...probe.headers };
    if (probe.body) headers['content-length'] = probe.body.length;
    const req = http.request({ agent, host: base.hostname, port: base.port, method: probe.method, path: probe.path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`timed out: ${probe.method} ${probe.path.slice(0, 120)}`)));
    req.on('error', reject);
    req.end(probe.body);
  });
}

async function pool(work: Array<() => Promise<void>>, size: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < work.length) await work[next++]!();
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Valid-looking input sampled from the route's schemas (JSON Schema from zod), then broken one way per probe.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, any>;
/** How a sampled string is written: the valid value in, the probe's version out. */
type Strings = (valid: string) => string;

const keep: Strings = (s) => s;

function jsonSchemaOf(schema: z.ZodType | undefined): Schema | null {
  if (!schema) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Schema;
  } catch {
    return {};
  }
}

function sample(schema: Schema, root: Schema, ids: Ids, strings: Strings, depth = 0, seed = 0): Json {
  if (depth > 8) return null;
  if (schema.$ref) {
    const name = String(schema.$ref).replace(/^#\/?(\$defs\/|definitions\/)?/, '');
    const target = name ? (root.$defs ?? root.definitions ?? {})[name] : root;
    return target ? sample(target, root, ids, strings, depth + 1, seed) : null;
  }
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[seed % schema.enum.length] as Json;
  if ('default' in schema && schema.default !== undefined && depth > 0 && seed % 3 === 2) return schema.default as Json;
  const options: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (options) {
    const usable = options.filter((o) => o.type !== 'null');
    return usable.length ? sample(usable[seed % usable.length]!, root, ids, strings, depth + 1, seed) : null;
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: Schema) => sample(s, root, ids, strings, depth + 1, seed)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, prop] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        const known = ids.named[key];
        out[key] =
          known === undefined || seed % 4 === 3
            ? sample(prop, root, ids, strings, depth + 1, seed)
            : typeof known === 'string'
              ? strings(known)
              : known;
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        out[String(ids.pool[0])] = sample(schema.additionalProperties, root, ids, strings, depth + 1, seed);
      }
      return out;
    }
    case 'array': {
      const items = (schema.items ?? schema.prefixItems?.[0] ?? {}) as Schema;
      const count = Math.max(1, schema.minItems ?? 1);
      return Array.from({ length: Math.min(count, 5) }, (_, i) => sample(items, root, ids, strings, depth + 1, seed + i));
    }
    case 'integer':
    case 'number': {
      const value = ids.pool[seed % ids.pool.length]!;
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -Infinity;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? Infinity;
      return Math.min(
        Math.max(value, min === -Infinity ? value : Math.ceil(min + (schema.exclusiveMinimum !== undefined ? 1 : 0))),
        max === Infinity ? value : max,
      );
    }
    case 'boolean':
      return seed % 2 === 0;
    case 'null':
      return null;
    case 'string':
      return strings(validString(schema, ids, seed));
    default:
      return strings('x');
  }
}

const CANDIDATES = [
  'demo',
  'abc',
  'Abc Def',
  '1',
  '123456',
  'a-b',
  'MATH10',
  'demo/images/0b7c4a2e-1d6f-4c1a-9a57-1f0d2b3c4d5e.png',
  'x.png',
  'Sir',
];

function validString(schema: Schema, ids: Ids, seed: number): string {
  switch (schema.format) {
    case 'email':
      return seed % 2 ? String(ids.named.email ?? 'chaos-student@demo.school') : `someone${seed}@demo.school`;
    case 'uuid':
      return randomUUID();
    case 'date-time':
      return new Date(Date.now() + 86_400_000).toISOString();
    case 'date':
      return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    case 'uri':
    case 'url':
      return 'https://example.com/page';
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const email = seed % 2 ? String(ids.named.email ?? 'chaos-student@demo.school') : `someone${seed}@demo.school`;
    const found = [String(ids.pool[seed % ids.pool.length]), email, ...CANDIDATES].find((c) => pattern.test(c));
    if (found) return found;
  }
  const min = schema.minLength ?? 0;
  const text = seed % 2 ? 'Chaos text' : 'Abc';
  return text.padEnd(min, 'x').slice(0, schema.maxLength ?? 1000);
}

// ---------------------------------------------------------------------------------------------------------------
// The probes.

const insert =
  (payload: string): Strings =>
  (s) =>
    `${s.slice(0, 1)}${payload}${s.slice(1)}`;
const lexical = (text: string) =>
  JSON.stringify({
    root: { type: 'root', version: 1, children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text }] }] },
  });
/** Rich text whose JSON escapes hide NUL and lone surrogates (the outer string itself is clean). */
const hiddenInRichText: Strings = () => lexical('x').replace('"text":"x"', '"text":"a\\u0000b\\ud800c\\udfff"');

const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);
const deepObject = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

/** Every leaf path of a JSON value, for breaking one field at a time. */
function leaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    const out = entries.flatMap(([k, v]) => leaves(v as Json, [...path, k]));
    return path.length ? [path, ...out] : out;
  }
  return [path];
}
function setAt(value: Json, path: (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}
const getAt = (value: Json, path: (string | number)[]): Json => path.reduce<any>((v, k) => v?.[k], value);

function wrongTypeFor(value: Json, seed: number): Json {
  const wrong: Json[] =
    typeof value === 'string'
      ? [12345, true, null, { text: 'x' }, ['x'], 1e308]
      : typeof value === 'number'
        ? ['1', 'abc', 2 ** 31, 2 ** 53 + 7, -1, 1e308, 0.5, -0, true, [1], { n: 1 }]
        : typeof value === 'boolean'
          ? ['true', 1, null, {}]
          : Array.isArray(value)
            ? [{ 0: value[0] ?? null }, 'x', 1, null]
            : value && typeof value === 'object'
              ? [[value], 'x', 1, null]
              : ['x', 1, {}, []];
  return wrong[seed % wrong.length]!;
}

/** Objects turned into arrays (of their values) at every level. */
function arraysForObjects(value: Json): Json {
  if (Array.isArray(value)) return value.map(arraysForObjects);
  if (value && typeof value === 'object') return Object.values(value).map(arraysForObjects);
  return value;
}

const json = (value: Json | string): { headers: Record<string, string>; body: Buffer } => ({
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)),
});

function multipart(
  fields: Record<string, string>,
  opts: { boundary?: string; broken?: boolean } = {},
): { headers: Record<string, string>; body: Buffer } {
  const boundary = opts.boundary ?? `----chaos${randomUUID().slice(0, 8)}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000b.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 not really\r\n`,
  );
  const body = parts.join('') + (opts.broken ? `--${boundary}\r\nContent-Disp` : `--${boundary}--\r\n`);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.from(body, 'utf8') };
}

/** Percent-encoding that also writes a lone surrogate (as the three bytes a careless encoder would send). */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out +=
      cp >= 0xd800 && cp <= 0xdfff
        ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(ch);
  }
  return out;
}

/** Raw bytes in a request line: each byte as one latin1 character, which node sends as it is. */
const rawBytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

const ODD_SEGMENTS = [
  '%00',
  '..',
  '%2e%2e',
  '.',
  '%2F',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%98%80',
  rawBytes('ünïcødé'),
  rawBytes('😀'),
  '%',
  '%zz',
  'x'.repeat(5000),
  '-1',
  '1e308',
  '99999999999999999999999',
  '0x10',
  ' ',
  '%20',
  '..%2F..%2Fetc%2Fpasswd',
  'null',
  '[]',
];
const ODD_QUERIES = [
  'a=%00',
  'q=%ED%A0%80',
  'x=1&x=2&x=3',
  'assignment_id=%00',
  'assignment_id=-1',
  'assignment_id=99999999999999999999',
  `long=${'y'.repeat(20_000)}`,
  'a[b][c]=1',
  '%00=%00',
  'course_id=1e308',
  rawBytes('ü=ö'),
];
const ODD_POSITIONS = [
  '999999999999999999999-999999999999999999999',
  'garbage',
  '-1',
  '1-1',
  'x'.repeat(4000),
  '00000000000000000001-00000000000000000001',
];

function probesFor(def: RouteDef, caller: Caller, shared: Ids, perRoute: number): Probe[] {
  // The caller's own address where a route wants it (created_by, the e-mail of a sign-in).
  const own = caller.email ?? 'chaos-student@demo.school';
  const ids: Ids = {
    ...shared,
    named: { ...shared.named, email: own, created_by: own, password: PASSWORD, currentPassword: PASSWORD, current_password: PASSWORD },
  };
  const bodySchema = jsonSchemaOf(def.body);
  const querySchema = jsonSchemaOf(def.querystring);
  const paramSchema = jsonSchemaOf(def.params);
  const method = def.method;
  const hasBody = method !== 'GET';
  const valid = (strings: Strings, seed = 0): Json => (bodySchema ? sample(bodySchema, bodySchema, ids, strings, 0, seed) : {});
  const validParams = (strings: Strings, seed = 0) =>
    (paramSchema ? sample(paramSchema, paramSchema, ids, strings, 0, seed) : {}) as Record<string, Json>;
  const validQuery = (strings: Strings, seed = 0) =>
    (querySchema ? sample(querySchema, querySchema, ids, strings, 0, seed) : {}) as Record<string, Json>;
  const pathWith = (params: Record<string, Json>, raw = false) =>
    def.path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
      const value = params[name] ?? (name === 'role' ? (caller.role ?? 'student') : name === 'tenant' ? 'demo' : String(ids.pool[0]));
      return raw ? String(value) : encode(String(value));
    });
  const queryOf = (query: Record<string, Json>) => {
    const entries = Object.entries(query).filter(([, v]) => v !== null && v !== undefined);
    if (!entries.length) return '';
    return '?' + entries.map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');
  };
  const url = (strings: Strings, seed = 0) => pathWith(validParams(strings, seed)) + queryOf(validQuery(strings, seed));
  const plainUrl = url(keep);

  /** The same breakage everywhere the route takes text: path, query and body. */
  const everywhere = (kind: string, strings: Strings, seed = 0): Probe => ({
    kind,
    method,
    path: url(strings, seed),
    headers: hasBody ? json(valid(strings, seed)).headers : {},
    ...(hasBody ? { body: json(valid(strings, seed)).body } : {}),
  });
  const withBody = (kind: string, payload: { headers: Record<string, string>; body: Buffer }, path = plainUrl): Probe => ({
    kind,
    method,
    path,
    headers: payload.headers,
    ...(hasBody ? { body: payload.body } : {}),
  });

  const generators: Array<(seed: number) => Probe> = [
    (s) => everywhere('nul', insert('\u0000'), s),
    (s) => everywhere('lone-surrogate', insert(s % 2 ? '\ud800' : '\udfff'), s),
    (s) => everywhere('rich-text-nul-surrogate', hiddenInRichText, s),
    (s) => everywhere('nul-only', () => '\u0000'.repeat(1 + (s % 3)), s),
    (s) => {
      const body = valid(keep, s);
      const paths = leaves(body).filter((p) => typeof getAt(body, p) === 'string');
      const target = paths[s % Math.max(paths.length, 1)];
      return target
        ? withBody('string-300kb', json(setAt(body, target, 'a'.repeat(LONG))))
        : { kind: 'string-300kb', method, path: pathWith({}) + `?q=${'a'.repeat(LONG)}`, headers: {} };
    },
    (s) => {
      const body = valid(keep, s);
      const paths = leaves(body);
      const target = paths[s % Math.max(paths.length, 1)];
      return withBody('wrong-type', json(target ? setAt(body, target, wrongTypeFor(getAt(body, target), s)) : 'x'));
    },
    (s) => withBody('wrong-type-root', json(([null, 42, 'text', true, [], 1e308] as Json[])[s % 6]!)),
    (s) => withBody('array-for-object', json(s % 2 ? [valid(keep, s)] : arraysForObjects(valid(keep, s)))),
    (s) => withBody('deep-nesting', json(s % 2 ? deepArray(DEEP) : deepObject(DEEP))),
    (s) => {
      const body = valid(keep, s);
      const paths = leaves(body);
      const target = paths[s % Math.max(paths.length, 1)];
      const deep = JSON.parse(s % 2 ? deepArray(DEEP) : deepObject(DEEP)) as Json;
      return withBody('deep-nesting-field', json(target ? setAt(body, target, deep) : deep));
    },
    (s) => withBody('deep-rich-text', json(setAll(valid(keep, s), `{"root":${deepObject(DEEP)}}`))),
    (s) =>
      withBody(
        'bad-json',
        json(
          [
            '{"a":',
            '{\u0000}',
            '{"a":"\\ud800"',
            'nul\u0000l',
            '',
            '{"__proto__":{"x":1}}',
            '{"constructor":{"prototype":{"x":1}}}',
            '\ufeff{}',
          ][s % 8]!,
        ),
      ),
    (s) =>
      withBody(
        'invalid-utf8',
        {
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xed, 0xa0, 0x80, 0xc3, 0x28, 0xff]), Buffer.from('"}')]),
        },
        plainUrl + (s % 2 ? '' : ''),
      ),
    (s) =>
      withBody('wrong-content-type', {
        headers: {
          'content-type': [
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'application/octet-stream',
            'application/json; charset=latin1',
            'image/png',
          ][s % 6]!,
        },
        body: Buffer.from(s % 2 ? 'a=\u0000&b=%ED%A0%80' : JSON.stringify(valid(insert('\u0000'), s))),
      }),
    (s) => withBody('multipart-nul', multipart(stringFields(valid(insert('\u0000'), s)))),
    (s) => withBody('multipart-surrogate', multipart(stringFields(valid(insert('\ud800'), s)))),
    (s) =>
      withBody(
        'multipart-broken',
        multipart(stringFields(valid(keep, s)), { broken: true, ...(s % 2 ? { boundary: 'x'.repeat(70) } : {}) }),
      ),
    (s) => ({
      kind: 'no-content-type',
      method,
      path: plainUrl,
      headers: {},
      ...(hasBody ? { body: Buffer.from(JSON.stringify(valid(keep, s))) } : {}),
    }),
    (s) => {
      const names = [...def.path.matchAll(/:([a-zA-Z_]+)/g)].map((m) => m[1]!);
      const odd = ODD_SEGMENTS[s % ODD_SEGMENTS.length]!;
      const path = names.length ? pathWith(Object.fromEntries(names.map((n) => [n, odd])), true) : `${def.path}/${odd}`;
      return withBody('odd-path', json(valid(keep, s)), path);
    },
    (s) => withBody('odd-query', json(valid(keep, s)), `${pathWith(validParams(keep, s))}?${ODD_QUERIES[s % ODD_QUERIES.length]}`),
    (s) => ({
      ...withBody('odd-min-position', json(valid(keep, s))),
      headers: { ...json(valid(keep, s)).headers, [MIN_POSITION_HEADER]: ODD_POSITIONS[s % ODD_POSITIONS.length]! },
    }),
    (s) => ({
      ...withBody('cookie-odd', json(valid(keep, s))),
      headers: {
        ...json(valid(keep, s)).headers,
        cookie: [
          `${SESSION_COOKIE}=%00`,
          `${SESSION_COOKIE}=${'z'.repeat(4000)}`,
          `${SESSION_COOKIE}=%ED%A0%80`,
          `${SESSION_COOKIE}=a; ${SESSION_COOKIE}=b`,
        ][s % 4]!,
      },
    }),
    (s) => {
      // Every number of the body, the query and the path at once: ids past any column's range, fractions, -0.
      // eslint-disable-next-line no-loss-of-precision -- 2^53 + 1 is meant to be past what a double holds exactly
      const huge = ([2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, 1e308, -1e308, 0.1, -0, 9007199254740993] as Json[])[s % 8]!;
      const path =
        pathWith(mapNumbers(validParams(keep, s), () => huge) as Record<string, Json>) +
        queryOf(mapNumbers(validQuery(keep, s), () => huge) as Record<string, Json>);
      return withBody('number-out-of-range', json(mapNumbers(valid(keep, s), () => huge)), path);
    },
    (s) => withBody('extra-fields', json({ ...asObject(valid(keep, s)), ['\u0000key']: 'v', ['k\ud800']: '\u0000', extra: deepArray(50) })),
  ];
  const out: Probe[] = [];
  for (let i = 0; out.length < perRoute; i++) out.push(generators[i % generators.length]!(Math.floor(i / generators.length) + i));
  return out;
}

const asObject = (value: Json): Record<string, Json> => (value && typeof value === 'object' && !Array.isArray(value) ? value : { value });

/** Every number of the value replaced. */
function mapNumbers(value: Json, to: (n: number) => Json): Json {
  if (typeof value === 'number') return to(value);
  if (Array.isArray(value)) return value.map((v) => mapNumbers(v, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapNumbers(v, to)]));
  return value;
}

/** Every string of the value replaced by `text`. */
function setAll(value: Json, text: string): Json {
  if (typeof value === 'string') return text;
  if (Array.isArray(value)) return value.map((v) => setAll(v, text));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, setAll(v, text)]));
  return value;
}

/** The top-level fields as multipart text (objects and lists as JSON text, as the UI sends them). */
function stringFields(value: Json): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(asObject(value))) fields[k] = typeof v === 'string' ? v : JSON.stringify(v);
  return fields;
}
