import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerTenant, registerUser } from '@evergrade/command-service';
import {
  AnalystEventLineSchema,
  CSRF_COOKIE,
  ReportSummarySchema,
  RunReportLineSchema,
  streamIds,
  type AnalystEventLine,
  type RunReportLine,
} from '@evergrade/contracts';
import { schoolLog } from '@evergrade/query-service/testing';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { loginAs, type TestUser } from './testing/client';

/**
 * The analysts' reports and export through the API, over a hand-built log of two schools (north and south, each with
 * its own analyst): the reports stream progress then the table; each school sees only its own events; people are
 * pseudonymised unless the school admin allows names; nobody but an analyst gets in.
 */
let server: Standalone;
const analysts = {} as Record<'north' | 'south', TestUser>;
const others = {} as Record<'student' | 'instructor' | 'admin', TestUser>;

async function raw(u: TestUser, method: 'GET' | 'POST', url: string, payload?: object) {
  return server.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: {
      cookie: Object.entries(u.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      'x-csrf-token': u.cookies[CSRF_COOKIE] ?? '',
    },
  });
}

const lines = (body: string) =>
  body
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as unknown);

async function run(u: TestUser, report: string, from = '2026-03-01', to = '2026-03-31'): Promise<RunReportLine[]> {
  const res = await raw(u, 'POST', '/analyst/run-report', { report, from, to });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/x-ndjson');
  return lines(res.body).map((l) => RunReportLineSchema.parse(l));
}

const complete = (ls: RunReportLine[]) => {
  const last = ls.at(-1);
  if (last?.status !== 'complete') throw new Error(`no complete line: ${JSON.stringify(last)}`);
  return last;
};

async function exported(u: TestUser, query = ''): Promise<AnalystEventLine[]> {
  const res = await raw(u, 'GET', `/analyst/events${query}`);
  expect(res.statusCode).toBe(200);
  return lines(res.body).map((l) => AnalystEventLineSchema.parse(l));
}

export function analystSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    for (const [tenant, name, shift, title] of [
      ['north', 'North School', 100_000, 'Forces'],
      ['south', 'South School', 200_000, 'Dynamics of the South'],
    ] as const) {
      const actor = { tenant, actorRole: 'system' as const };
      await registerTenant(server.store, actor, name, new Date());
      await registerUser(
        server.store,
        actor,
        { email: `analyst@${tenant}.school`, role: 'analyst', password: 'Pa55word!x', firstName: 'Ana', lastName: 'Lyst' },
        new Date(),
      );
      for (const { streamId, event } of schoolLog(tenant, { ids: shift, title })) {
        await server.store.append(streamId, [event], { expectedVersion: 'any' });
      }
      analysts[tenant] = await loginAs(server.app, 'analyst', `analyst@${tenant}.school`, 'Pa55word!x');
    }
    others.student = await loginAs(server.app, 'student', 'student@demo.school');
    others.instructor = await loginAs(server.app, 'instructor', 'teacher@demo.school');
    others.admin = await loginAs(server.app, 'admin', 'admin@demo.school');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists the reports', async () => {
    const res = await analysts.north.get('/analyst/reports');
    expect(res.statusCode).toBe(200);
    const list = (res.json as unknown[]).map((r) => ReportSummarySchema.parse(r));
    expect(list.map((r) => r.id)).toEqual(['grade-changes', 'time-on-task', 'grader-agreement', 'submission-timing']);
  });

  it("streams progress over the school's events, then the report of its own events only", async () => {
    const ls = await run(analysts.north, 'grade-changes');
    const progress = ls.filter((l) => l.status === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(ls.slice(0, progress.length).every((l) => l.status === 'progress')).toBe(true);
    const dones = progress.map((p) => p.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    const last = progress.at(-1)!;
    const done = complete(ls);
    expect(last.done).toBe(done.events);
    expect(last.total).toBe(done.events);
    expect(done.pseudonymised).toBe(true);
    expect(done.rows.map((r) => [r.day, r.source, r.by, r.changes, r.raised, r.lowered])).toEqual([
      ['2026-03-11', 'automatic', 'offline', 4, 0, 0],
      ['2026-03-12', 'by hand', 'Instructor 1', 2, 2, 0],
      ['2026-03-13', 'by hand', 'Instructor 1', 1, 0, 1],
      ['2026-03-14', 'automatic', 'gpt-test', 1, 1, 0],
    ]);
  });

  it('runs every report on the same log, each school on its own', async () => {
    const timing = complete(await run(analysts.north, 'submission-timing'));
    expect(timing.rows).toEqual([expect.objectContaining({ assignment: 'Forces', submitted: 2, on_time: 1, late: 1 })]);
    const south = complete(await run(analysts.south, 'submission-timing'));
    expect(south.rows).toEqual([expect.objectContaining({ assignment: 'Dynamics of the South', submitted: 2 })]);

    const time = complete(await run(analysts.north, 'time-on-task'));
    expect(time.rows.map((r) => [r.assignment, r.student, r.minutes_on_task, r.sittings])).toEqual([
      ['Forces', 'Student 1', 5, 2],
      ['Forces', 'Student 2', 0, 2],
    ]);
    const agreement = complete(await run(analysts.north, 'grader-agreement'));
    expect(agreement.rows.map((r) => [r.question_number, r.automatic_marks, r.moved, r.agreement_pct])).toEqual([
      [1, 3, 1, 66.7],
      [2, 2, 2, 0],
    ]);
    for (const report of [timing, time, agreement]) expect(JSON.stringify(report)).not.toContain('South');
  });

  it("exports the school's events only, without secrets, names and addresses pseudonymised", async () => {
    const events = await exported(analysts.north);
    // The tenant, the analyst (an id, the address, the user) and the hand-built log's 25 events (the command side may
    // add id owners for its questions and responses in the background).
    expect(events.length).toBeGreaterThanOrEqual(29);
    expect(events.filter((e) => e.metadata.tenant !== 'north')).toEqual([]);
    const text = JSON.stringify(events);
    expect(text).not.toMatch(/South|south\.school|Ann|Able|Iris|Teach|passwordHash|secret-hash|@north\.school/);
    expect(events.find((e) => e.type === 'UserRegistered' && e.data.role === 'student')?.data).toMatchObject({
      firstName: 'Student 1',
      email: 'student-1@pseudonymised.invalid',
    });
    const submitted = await exported(analysts.north, '?types=AssignmentSubmitted,AnswerSaved');
    expect(submitted.map((e) => e.type).sort()).toEqual([...Array(4).fill('AnswerSaved'), ...Array(2).fill('AssignmentSubmitted')]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await exported(analysts.north, `?from=${today}&to=${today}&types=AssignmentSubmitted`)).toHaveLength(2);
    expect(await exported(analysts.north, '?to=2020-01-01')).toEqual([]);
  });

  it('refuses bad input with a 400 and a message, before any stream', async () => {
    for (const [method, url, body] of [
      ['POST', '/analyst/run-report', { report: 'salaries', from: '2026-03-01', to: '2026-03-31' }],
      ['POST', '/analyst/run-report', { report: 'time-on-task', from: '2026-04-01', to: '2026-03-01' }],
      ['POST', '/analyst/run-report', { report: 'time-on-task', from: 'March', to: '2026-03-01' }],
      ['GET', '/analyst/events?types=NoSuchEvent', undefined],
      ['GET', '/analyst/events?from=2026-04-01&to=2026-03-01', undefined],
    ] as const) {
      const res = await raw(analysts.north, method, url, body);
      expect(res.statusCode, url).toBe(400);
      expect((JSON.parse(res.body) as { message: string }).message).toBeTruthy();
    }
  });

  it('answers 403 to students, instructors and school admins', async () => {
    for (const u of Object.values(others)) {
      expect((await u.get('/analyst/reports')).statusCode).toBe(403);
      expect(
        (await raw(u, 'POST', '/analyst/run-report', { report: 'time-on-task', from: '2026-03-01', to: '2026-03-31' })).statusCode,
      ).toBe(403);
      expect((await raw(u, 'GET', '/analyst/events')).statusCode).toBe(403);
    }
    // An analyst of another school naming this one's tenant.
    expect((await analysts.south.get('/analyst/reports', { 'x-tenant': 'north' })).statusCode).toBe(403);
  });

  it('names people once the school admin allows names', async () => {
    await server.store.append(
      streamIds.tenant('north'),
      [
        {
          type: 'AnalystNamesSettingChanged',
          data: { allowNames: true, changedBy: null, at: new Date().toISOString() },
          metadata: { tenant: 'north' },
        },
      ],
      { expectedVersion: 'any' },
    );
    const done = complete(await run(analysts.north, 'grade-changes', '2026-03-12', '2026-03-12'));
    expect(done.pseudonymised).toBe(false);
    expect(done.rows).toEqual([expect.objectContaining({ by: 'Iris Teach' })]);
    const events = await exported(analysts.north, '?types=UserRegistered');
    expect(events.map((e) => e.data.firstName)).toContain('Ann');
    expect(JSON.stringify(events)).not.toContain('secret-hash');
    // South's setting is its own.
    expect(complete(await run(analysts.south, 'grade-changes')).pseudonymised).toBe(true);
  });
}
