import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER, OPERATOR_KEY_HEADER, type ProjectionsReply } from '@evergrade/contracts';
import { allProjections, createProjectorRunner, handledTypes, type ProjectorRunner } from '@evergrade/projectors';
import { createIsolatedSchema, type Database, type IsolatedSchema } from '@evergrade/platform/sql';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { addTenQuestionAssignment, signInOverHttp, type HttpUser, type Reply } from './testing/http';

/**
 * Every read model rebuilt while the server serves, over real HTTP: saves and reads run throughout, none fails and no
 * read comes back empty during the swaps, and afterwards every table is row for row what a runner that was never
 * rebuilt (a reference built beside it, event by event, from the same log) holds.
 */

/** md5 of every row as jsonb, in primary-key order (every row when the table has none). */
async function tableHash(db: Database, schema: string, table: string): Promise<{ rows: number; md5: string }> {
  const pk = await db.query<{ a: string }>(
    `SELECT a.attname AS a FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
     WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [`"${schema}"."${table}"`],
  );
  const order = pk.rows.length > 0 ? pk.rows.map((r) => `t."${r.a}"`).join(', ') : 'to_jsonb(t)::text';
  const { rows } = await db.query<{ rows: number; md5: string }>(
    `SELECT count(*)::int AS rows, md5(coalesce(string_agg(to_jsonb(t)::text, E'\\n' ORDER BY ${order}), '')) AS md5 FROM "${schema}"."${table}" t`,
  );
  return rows[0]!;
}

const databaseUrl = process.env.DATABASE_URL;
const backends: [string, () => Promise<{ options: Partial<StandaloneOptions>; drop(): Promise<void> }>][] = [
  ['PGlite', async () => ({ options: {}, drop: async () => {} })],
  ...(databaseUrl
    ? [
        [
          'PostgreSQL',
          async () => {
            const schema: IsolatedSchema = await createIsolatedSchema(databaseUrl, 'rebuildlive');
            return { options: { databaseUrl: schema.connectionString }, drop: () => schema.drop() };
          },
        ] as [string, () => Promise<{ options: Partial<StandaloneOptions>; drop(): Promise<void> }>],
      ]
    : []),
];

describe.each(backends)('rebuilding every read model while the server serves, on %s', (_name, open) => {
  let server: Standalone;
  let drop: () => Promise<void>;
  let reference: ProjectorRunner;
  let home: string;
  let referenceSchema: string;
  let teacher: HttpUser;
  let student: HttpUser;
  let admin: HttpUser;
  let assignment: { id: number; questionIds: number[] };

  const operator = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> => {
    const r = await fetch(`${server.url}${path}`, {
      method,
      headers: { [OPERATOR_KEY_HEADER]: server.operatorKey, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await r.text();
    return { status: r.status, json: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    const backend = await open();
    drop = backend.drop;
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...backend.options });
    home = (await server.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]!.s;
    referenceSchema = `${home.slice(0, 40)}_reference`;
    // Built beside the live one from the same log, event after event, never rebuilt: what the live tables must equal.
    reference = createProjectorRunner({
      store: server.store,
      db: server.db,
      projections: allProjections,
      schema: referenceSchema,
      log: () => {},
    });
    await reference.start();
    teacher = await signInOverHttp(server.url, 'instructor', 'teacher@demo.school');
    student = await signInOverHttp(server.url, 'student', 'student@demo.school');
    admin = await signInOverHttp(server.url, 'admin', 'admin@demo.school');
    assignment = await addTenQuestionAssignment(teacher, 'Rebuilt while read');
    const policy = await teacher.post('/grader/set-marking-policy', { assignment_id: assignment.id, policy: { formulaCase: 'exact' } });
    expect(policy.status).toBe(200);
    // The reads below start at once: wait until the read models they check hold the new assignment and its policy.
    const after = { [MIN_POSITION_HEADER]: policy.json.position as string };
    await teacher.post('/grader/get-marking-policy', { assignment_id: assignment.id }, after);
    await student.post('/students/get-assignment-questions', { assignment_id: assignment.id }, after);
    await student.get(`/students/get-assignments`);
  }, 120_000);

  afterAll(async () => {
    await reference?.stop();
    await server?.db.query(`DROP SCHEMA IF EXISTS "${referenceSchema}" CASCADE`).catch(() => {});
    await server?.close();
    await drop?.();
  });

  it('answers every save and read during the rebuild, never empty, and ends with read models equal to a runner never rebuilt', async () => {
    const failures: string[] = [];
    let reads = 0;
    let saves = 0;
    let running = true;
    let lastPosition: string | null = null;

    /** The student keeps saving answers (commands that look up read models too). */
    const saving = (async () => {
      for (let k = 0; running; k++) {
        const questionId = assignment.questionIds[k % assignment.questionIds.length]!;
        const r = await student.post('/students/set-assignment-response', {
          assignment_id: assignment.id,
          question_id: questionId,
          response_content: `edit ${k}`,
          command_id: randomUUID(),
          client_saved_at: new Date().toISOString(),
        });
        saves++;
        if (r.status !== 200) failures.push(`save ${k}: ${r.status} ${JSON.stringify(r.json)}`);
        else lastPosition = r.json.position;
      }
    })();

    /** Reads of the read models; each must answer 200 with what is there. */
    const checks: [string, () => Promise<Reply>, (json: any) => boolean][] = [
      [
        'student assignments',
        () => student.get('/students/get-assignments'),
        (j) => Object.values(j).some((a: any) => a.title === 'Rebuilt while read'),
      ],
      [
        'student questions',
        () => student.post('/students/get-assignment-questions', { assignment_id: assignment.id }),
        (j) => j.questions?.length === 10,
      ],
      [
        'instructor assignments',
        () => teacher.post('/grader/previous-assignments', {}),
        (j) => j.some((a: any) => a.assignment_id === assignment.id),
      ],
      [
        'marking policy',
        () => teacher.post('/grader/get-marking-policy', { assignment_id: assignment.id }),
        (j) => j.policy?.formulaCase === 'exact',
      ],
      ['school users', () => admin.get('/admin/users'), (j) => j.length > 0],
      ['rubrics', () => teacher.get('/grader/get-rubrics'), (j) => (Array.isArray(j) ? j.length > 0 : Object.keys(j).length > 0)],
    ];
    const reading = (async () => {
      while (running) {
        for (const [name, read, full] of checks) {
          const r = await read();
          reads++;
          if (r.status !== 200) failures.push(`${name}: ${r.status} ${JSON.stringify(r.json)}`);
          else if (!full(r.json)) failures.push(`${name}: empty or incomplete ${JSON.stringify(r.json).slice(0, 200)}`);
        }
      }
    })();

    await expect.poll(() => saves > 5 && reads > 10, { timeout: 30_000 }).toBe(true);
    // The build reads the types the read models handle, and counts those.
    const handled = new Set(handledTypes(allProjections));
    const eventsBefore = (await server.store.readAll({ limit: 1_000_000 })).filter((e) => handled.has(e.type)).length;
    const asked = await operator('POST', '/admin/rebuild-projection', { projection: '*' });
    expect(asked.status).toBe(200);
    await expect
      .poll(
        async () => {
          const status = await operator('GET', '/admin/projections');
          expect(status.status).toBe(200);
          const reply = status.json as ProjectionsReply;
          return reply.projections
            .filter((p) => allProjections.some((a) => a.name === p.name))
            .map((p) => `${p.name}:${p.rebuild?.status ?? 'none'}`)
            .filter((s) => !s.endsWith(':swapped'));
        },
        { timeout: 240_000, interval: 200 },
      )
      .toEqual([]);
    // Still serving on the swapped tables for a while.
    const after = saves;
    await expect.poll(() => saves > after + 10, { timeout: 30_000 }).toBe(true);
    running = false;
    await Promise.all([saving, reading]);

    expect(failures).toEqual([]);
    const last = (await server.store.readAll({ limit: 1_000_000 })).at(-1)!.globalPosition;
    expect(lastPosition).not.toBeNull();
    await server.runner.reached(last);
    await reference.reached(last);
    // Live again and caught up (an event of the server's own, e.g. the deadline process, may still be on its way).
    await expect
      .poll(
        async () =>
          ((await operator('GET', '/admin/projections')).json as ProjectionsReply).projections
            .filter((x) => allProjections.some((a) => a.name === x.name))
            .filter((p) => p.status !== 'live' || p.behind_events > 0 || p.rebuild?.percent !== 100)
            .map((p) => p.name),
        { timeout: 60_000 },
      )
      .toEqual([]);
    const final = (await operator('GET', '/admin/projections')).json as ProjectionsReply;
    for (const p of final.projections.filter((x) => allProjections.some((a) => a.name === x.name))) {
      // The shadow build went through the whole log as it was when asked.
      expect(p.rebuild!.events_done).toBeGreaterThanOrEqual(eventsBefore);
    }
    for (const projection of allProjections) {
      for (const table of projection.tables) {
        const live = await tableHash(server.db, home, table);
        const built = await tableHash(server.db, referenceSchema, table);
        expect({ table, ...live }).toEqual({ table, ...built });
      }
    }
  }, 300_000);
});
