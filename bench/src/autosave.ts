import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { CSRF_COOKIE, NotFoundError, PROJECTIONS, SESSION_COOKIE, routes, streamIds } from '@evergrade/contracts';
import type { EventStore, GlobalPosition } from '@evergrade/platform/event-store';
import { createHttpServer, registerRoute, sessionOf } from '@evergrade/platform/http';
import { allProjections } from '@evergrade/projectors';
import type { SqlClient } from '@evergrade/platform/sql';
import { startStandalone, type Standalone } from '@evergrade/standalone';
import type { ClientSpec, LoadJob, LoadResult } from './load-worker';
import { startCpuMeter, writeCpuProfile, type CpuCost } from './cpu';
import { BENCH_PASSWORD, BENCH_TENANT, seedAutosaveSchool, seedCrudTable, type AutosaveSchool } from './seed';
import { decomposeLags, matchLags, perSecond, summarize, type ReadStamp, type Stamp, type Summary } from './stats';

export const CRUD_PATH = '/bench/crud-save';

export type AutosaveOptions = {
  databaseUrl?: string;
  clients: number;
  courses: number;
  questions: number;
  warmupMs: number;
  durationMs: number;
  /** Saves written into every submission stream before a second event-sourced window (0: no such window). */
  priorSaves?: number;
  /**
   * Pairs of windows, the first pair included (BENCH_AUTOSAVE_ROUNDS, default 3): after the first (event-sourced, then
   * CRUD), the routes take turns, the order swapped each round, and the ratio is also given as the median of the pairs'.
   */
  rounds?: number;
};

/** One pair of windows after the first: commands/s and CPU per save of each route. */
export type AutosaveRound = { es: number; crud: number; esCpu: RouteRun['cpu']; crudCpu: RouteRun['cpu']; esFirst: boolean };

export type RouteRun = {
  perSecond: number;
  latency: Summary;
  failures: Record<string, number>;
  /**
   * CPU per acknowledged save inside the window, µs: this process (server, projector runner, CRUD baseline) and the
   * PostgreSQL backends of its pools (null on PGlite, which runs inside this process). On a machine other work loads,
   * the figure to compare between runs: rates move with the load, CPU per save much less.
   */
  cpu?: { nodeUs: number; pgUs: number | null } | null;
};
/** Where an event's lag went (see `decomposeLags`), and what the runner's batches looked like during the run. */
export type LagParts = {
  wait: Summary;
  read: Summary;
  apply: Summary;
  /** Events per read of the runner. */
  batchEvents: Summary;
  /** Start of one runner read to the start of the next: read + every projection's transaction + publish. */
  cycle: Summary;
  /** Each projection's `applyBatch` (inside its transaction, before commit), ms per batch. */
  projections: Record<string, Summary>;
  /** The runner's projection transactions: waiting for a pooled connection and BEGIN, then COMMIT (ms). */
  checkout: Summary;
  commit: Summary;
};
export type AutosaveResult = {
  eventSourced: RouteRun;
  crud: RouteRun;
  lag: Summary & { unmatched: number };
  lagParts: LagParts;
  streams: number;
  /** The event-sourced route again once every submission stream holds `priorSaves` more saves; null when not run. */
  longStreams?: (RouteRun & { priorSaves: number }) | null;
  /** The pairs after the first (`AutosaveOptions.rounds`); empty with one round. */
  rounds?: AutosaveRound[];
};

/**
 * (a) and (b): the real autosave route on a running standalone server vs a single-row UPDATE
 * behind the same guard, both on the standalone's own database and session store, under the same
 * load from a child-process generator; projection lag is measured during the autosave run.
 */
export async function benchAutosave(opts: AutosaveOptions): Promise<AutosaveResult> {
  // Named, so the CPU meter finds the server's backends (both pools: requests and projectors).
  const applicationName = opts.databaseUrl ? `evergrade-autosave-${process.pid}` : null;
  const server = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    seedDemo: false,
    logLevel: 'warn',
    ...(opts.databaseUrl ? { databaseUrl: named(opts.databaseUrl, applicationName!) } : {}),
  });
  /** CPU from the window's start to its end (timers from the load's start), per save once the result is known. */
  const meterWindow = (warmupMs: number) => {
    let done: Promise<CpuCost> | undefined;
    const cost = new Promise<CpuCost>((resolve) =>
      setTimeout(() => {
        const meter = startCpuMeter(server.db, applicationName);
        setTimeout(() => resolve((done = meter.stop())), opts.durationMs);
      }, warmupMs),
    );
    return {
      perSave: async (ok: number) => {
        const c = await (done ?? cost);
        return ok > 0 ? { nodeUs: (c.nodeMs * 1000) / ok, pgUs: c.pgMs === null ? null : (c.pgMs * 1000) / ok } : null;
      },
    };
  };
  const crud = await startCrudBaseline(server);
  try {
    const base = `http://127.0.0.1:${new URL(server.url).port}`;
    const school = await seedAutosaveSchool(server.store, { students: opts.clients, courses: opts.courses, questions: opts.questions });
    await seedCrudTable(server.db, school);
    await withTimeout(server.runner.reached(school.lastPosition), 60_000, 'projections to catch up with the seed');
    const clients = await loginAll(base, school);

    const appends: Stamp[] = [];
    const notices: Stamp[] = [];
    const window = { from: Infinity, to: -Infinity };
    const unsubscribe = await server.bus.subscribe((notice) => {
      if (notice.projection === PROJECTIONS.assignmentQuestions) notices.push({ position: notice.position, t: performance.now() });
    });
    const inWindow = (t: number) => t >= window.from && t <= window.to;
    const append = server.store.append;
    server.store.append = async (streamId, events, options) => {
      const result = await append(streamId, events, options);
      const t = performance.now();
      if (result.appended && inWindow(t)) appends.push({ position: result.lastPosition, t });
      return result;
    };
    // The runner calls store.readAll and each projection's applyBatch through the objects, so wrapping them times it.
    const reads: ReadStamp[] = [];
    const readAll = server.projectorStore.readAll;
    server.projectorStore.readAll = async (options) => {
      const t0 = performance.now();
      const page = await readAll(options);
      const t1 = performance.now();
      if (page.length > 0 && inWindow(t0))
        reads.push({ t0, t1, first: page[0]!.globalPosition, last: page.at(-1)!.globalPosition, events: page.length });
      return page;
    };
    const applies = new Map<string, number[]>();
    // A transaction is the runner's when a projection's applyBatch runs on its client. Marked by the client rather
    // than through AsyncLocalStorage, whose promise hooks would tax every promise of the server under test.
    const runnerClients = new WeakSet<SqlClient>();
    const checkouts: number[] = [];
    const commits: number[] = [];
    const transaction = server.projectorDb.transaction;
    const transactionOf = transaction.bind(server.projectorDb);
    server.projectorDb.transaction = async <T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> => {
      const mark = { runner: false };
      const called = performance.now();
      let began = called;
      let ended = called;
      const result = await transactionOf<T>(async (tx) => {
        began = performance.now();
        try {
          return await fn(tx);
        } finally {
          ended = performance.now();
          // A pooled client serves many transactions: forget it once this one is done.
          mark.runner = runnerClients.delete(tx);
        }
      });
      if (mark.runner && inWindow(called)) {
        checkouts.push(began - called);
        commits.push(performance.now() - ended);
      }
      return result;
    };
    const unwrap = allProjections.map((p) => {
      const applyBatch = p.applyBatch;
      const samples: number[] = [];
      applies.set(p.name, samples);
      p.applyBatch = async (tx, events) => {
        runnerClients.add(tx);
        const t0 = performance.now();
        const touched = await applyBatch.call(p, tx, events);
        if (inWindow(t0)) samples.push(performance.now() - t0);
        return touched;
      };
      return () => {
        p.applyBatch = applyBatch;
      };
    });
    // Both routes run once, unmeasured, before either is measured: the code they share (Fastify, zod, the session
    // guard, the driver) is then compiled for both, rather than for the second route by the first one's run (the
    // event-sourced route, measured first, used to pay for compiling what the CRUD route then found ready).
    for (const path of [routes.setAssignmentResponse.path, CRUD_PATH])
      await runLoadInChild({ url: path === CRUD_PATH ? crud.url : base, path, clients, warmupMs: 0, durationMs: opts.warmupMs }, () => {});
    let es: LoadResult;
    let esCpu: RouteRun['cpu'] = null;
    try {
      let meter: ReturnType<typeof meterWindow> | undefined;
      es = await runLoadInChild(
        { url: base, path: routes.setAssignmentResponse.path, clients, warmupMs: opts.warmupMs, durationMs: opts.durationMs },
        (sentAt) => {
          meter = meterWindow(opts.warmupMs);
          profileWindow(process.env.BENCH_AUTOSAVE_CPUPROF, opts.warmupMs, opts.durationMs);
          Object.assign(window, { from: sentAt + opts.warmupMs, to: sentAt + opts.warmupMs + opts.durationMs });
        },
      );
      esCpu = (await meter?.perSave(es.ok)) ?? null;
      const last = appends.reduce<string | null>(
        (max, a) => (max === null || server.store.comparePositions(a.position as never, max as never) > 0 ? a.position : max),
        null,
      );
      if (last) await withTimeout(server.runner.reached(last), 120_000, 'projections to drain');
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      server.store.append = append;
      server.projectorStore.readAll = readAll;
      server.projectorDb.transaction = transaction;
      unwrap.forEach((f) => f());
      await unsubscribe();
    }
    const compare = (a: string, b: string) => server.store.comparePositions(a as never, b as never);
    const { lags, unmatched } = matchLags(appends, notices, compare);
    const parts = decomposeLags(appends, reads, notices, compare);
    const byTime = [...reads].sort((a, b) => a.t0 - b.t0);
    const lagParts: LagParts = {
      wait: summarize(parts.wait),
      read: summarize(parts.read),
      apply: summarize(parts.apply),
      batchEvents: summarize(byTime.map((r) => r.events)),
      cycle: summarize(byTime.slice(1).map((r, i) => r.t0 - byTime[i]!.t0)),
      projections: Object.fromEntries([...applies].map(([name, samples]) => [name, summarize(samples)])),
      checkout: summarize(checkouts),
      commit: summarize(commits),
    };

    let crudMeter: ReturnType<typeof meterWindow> | undefined;
    const baseline = await runLoadInChild(
      {
        url: crud.url,
        path: CRUD_PATH,
        clients,
        warmupMs: opts.warmupMs,
        durationMs: opts.durationMs,
      },
      () => {
        crudMeter = meterWindow(opts.warmupMs);
        profileWindow(process.env.BENCH_AUTOSAVE_CPUPROF_CRUD, opts.warmupMs, opts.durationMs);
      },
    );
    const crudCpu = (await crudMeter?.perSave(baseline.ok)) ?? null;
    // More pairs, each route in turn (the first of a pair swapped every round): on a machine whose speed drifts (a
    // virtual machine's neighbours), one pair's ratio moved from 0.67 to 0.97 between runs of the same code.
    const rounds: AutosaveRound[] = [];
    const roundCount = Math.max(1, opts.rounds ?? Number(process.env.BENCH_AUTOSAVE_ROUNDS ?? 3));
    for (let k = 1; k < roundCount; k++) {
      const esFirst = k % 2 === 0;
      const window = async (url: string, path: string) => {
        let meter: ReturnType<typeof meterWindow> | undefined;
        const run = await runLoadInChild(
          { url, path, clients, warmupMs: opts.warmupMs, durationMs: opts.durationMs },
          () => (meter = meterWindow(opts.warmupMs)),
        );
        return { perSecond: perSecond(run.ok, run.windowMs), cpu: (await meter?.perSave(run.ok)) ?? null };
      };
      const runEs = () => window(base, routes.setAssignmentResponse.path);
      const runCrud = () => window(crud.url, CRUD_PATH);
      const [first, second] = esFirst ? [await runEs(), await runCrud()] : [await runCrud(), await runEs()];
      const [e, c] = esFirst ? [first, second] : [second, first];
      rounds.push({ es: e.perSecond, crud: c.perSecond, esCpu: e.cpu, crudCpu: c.cpu, esFirst });
      console.error(`[bench] autosave round ${k + 1}: ${e.perSecond.toFixed(1)} against ${c.perSecond.toFixed(1)} commands/s`);
    }
    let longStreams: AutosaveResult['longStreams'] = null;
    const priorSaves = opts.priorSaves ?? Number(process.env.BENCH_PRIOR_SAVES ?? 1000);
    if (priorSaves > 0) {
      console.error(`[bench] autosave: ${priorSaves} prior saves into each of ${school.students.length * opts.courses} submission streams`);
      const lastPrior = await appendPriorSaves(server.store, school, priorSaves);
      await withTimeout(server.runner.reached(lastPrior), 300_000, 'projections to catch up with the prior saves');
      // A longer warm-up: the command process folds each stream whole once (its cached state was behind the appends
      // above, as after a restart); the window measures the saves after that.
      let longMeter: ReturnType<typeof meterWindow> | undefined;
      const long = await runLoadInChild(
        {
          url: base,
          path: routes.setAssignmentResponse.path,
          clients,
          warmupMs: opts.warmupMs * 3,
          durationMs: opts.durationMs,
        },
        () => (longMeter = meterWindow(opts.warmupMs * 3)),
      );
      longStreams = { ...toRun(long), cpu: (await longMeter?.perSave(long.ok)) ?? null, priorSaves };
      console.error(
        `[bench] autosave with ${priorSaves} prior saves per stream: ${longStreams.perSecond.toFixed(1)}/s, ` +
          `p50 ${longStreams.latency.p50.toFixed(1)} ms, p99 ${longStreams.latency.p99.toFixed(1)} ms, ${total(longStreams.failures)} failures`,
      );
    }
    return {
      longStreams,
      rounds,
      eventSourced: { ...toRun(es), cpu: esCpu },
      crud: { ...toRun(baseline), cpu: crudCpu },
      lag: { ...summarize(lags), unmatched },
      lagParts,
      streams: school.students.length * opts.courses,
    };
  } finally {
    await crud.close();
    await server.close();
  }
}

/**
 * `count` more saves in every student's submission stream of every assignment, appended as the route would have
 * (AnswerSaved, cycling over the questions), in appends of 500: a long exam's streams.
 */
async function appendPriorSaves(store: EventStore, school: AutosaveSchool, count: number): Promise<GlobalPosition> {
  const assignments = [...new Set(school.targets.map(([a]) => a))];
  let last: GlobalPosition | undefined;
  for (const student of school.students) {
    for (const assignmentId of assignments) {
      const questions = school.targets.filter(([a]) => a === assignmentId).map(([, q]) => q);
      const streamId = streamIds.submission(BENCH_TENANT, assignmentId, student.userId);
      let version = (await store.readStream(streamId)).length;
      for (let from = 0; from < count; from += 500) {
        const savedAt = new Date().toISOString();
        const events = Array.from({ length: Math.min(500, count - from) }, (_, i) => ({
          type: 'AnswerSaved',
          data: {
            assignmentId,
            studentId: student.userId,
            questionId: questions[(from + i) % questions.length]!,
            responseContent: `earlier answer ${from + i}`,
            savedAt,
          },
          metadata: { tenant: BENCH_TENANT, actorId: String(student.userId), actorRole: 'student' },
        }));
        const result = await store.append(streamId, events, { expectedVersion: version === 0 ? 'no_stream' : version });
        version = result.nextExpectedVersion;
        last = result.lastPosition;
      }
    }
  }
  return last!;
}

const named = (url: string, applicationName: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
};

const total = (failures: Record<string, number>) => Object.values(failures).reduce((a, b) => a + b, 0);

const toRun = (r: LoadResult): RouteRun => ({
  perSecond: perSecond(r.ok, r.windowMs),
  latency: summarize(r.latencies),
  failures: r.failures,
});

/** The same write as a single-row UPDATE, behind the same route definition (zod schemas, session, role, CSRF). */
async function startCrudBaseline(server: Standalone): Promise<{ url: string; close(): Promise<void> }> {
  const app = await createHttpServer({ logLevel: 'warn' });
  const def = { ...routes.setAssignmentResponse, path: CRUD_PATH, summary: 'Bench baseline: one UPDATE.' } as const;
  registerRoute(app, server.sessions, def, async (request) => {
    const session = sessionOf(request);
    const { question_id, response_content } = request.body;
    const { rowCount } = await server.db.query(
      'UPDATE bench_answers SET response_content = $1, updated_at = now() WHERE student_id = $2 AND question_id = $3',
      [response_content, session.userId, question_id],
    );
    if (rowCount !== 1) throw new NotFoundError('no such answer');
    return { success: true as const, position: null };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${new URL(address).port}`, close: () => app.close() };
}

/** Signs every student in through the real login route and keeps the two cookies the UI would. */
async function loginAll(base: string, school: AutosaveSchool): Promise<ClientSpec[]> {
  return Promise.all(
    school.students.map(async (s) => {
      const res = await fetch(`${base}${routes.login.path.replace(':role', 'student')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: s.email, password: BENCH_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login ${s.email}: ${res.status} ${await res.text()}`);
      const cookies = Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
      const session = cookies[SESSION_COOKIE];
      const csrf = cookies[CSRF_COOKIE];
      if (!session || !csrf) throw new Error(`login ${s.email}: missing cookies`);
      return { cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`, csrf, targets: school.targets };
    }),
  );
}

function runLoadInChild(job: LoadJob, onStart?: (sentAt: number) => void): Promise<LoadResult> {
  const child = fork(new URL('./load-worker.ts', import.meta.url), { stdio: 'inherit' });
  return new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (m: { ready?: true; result?: LoadResult; error?: string }) => {
      if (m.ready) {
        child.send(job);
        onStart?.(performance.now());
      } else if (m.result) resolve(m.result);
      else reject(new Error(`load generator: ${m.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
  });
}

/**
 * `BENCH_AUTOSAVE_CPUPROF=file.cpuprofile`: a CPU profile of this process (the server, its projectors and the
 * CRUD baseline's idle Fastify) over the event-sourced route's measured window, for finding what a save costs.
 */
function profileWindow(file: string | undefined, warmupMs: number, durationMs: number): void {
  if (file) void writeCpuProfile(file, { afterMs: warmupMs, forMs: durationMs, intervalUs: 200 });
}

async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
