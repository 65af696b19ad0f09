import {
  PROJECTIONS,
  streamIds,
  type ClassSummaryFailed,
  type ClassSummaryWritten,
  type StudentSummaryWritten,
} from '@evergrade/contracts';
import type { AiProvider } from '@evergrade/platform/ai';
import type { NoticeBus, ProjectionNotice } from '@evergrade/platform/bus';
import type { EventStore, NewEvent } from '@evergrade/platform/event-store';
import type { SqlClient } from '@evergrade/platform/sql';
import { gradingProjection } from '../projections/grading';
import { REBUILT_TENANT } from '../rebuild';
import { insightsProjection } from '../projections/insights';
import {
  assignmentsWithStaleSummaries,
  classSummaryState,
  studentSummaryStale,
  summariesOfAssignment,
  type SmStudentRow,
} from '../projections/summaries.queries';
import { composeClassSummary, composeStudentSummary } from './compose';
import { classFacts, readAssignmentFacts, studentFacts } from './facts';

/**
 * The summary writer (issue 12, item 4): a process beside the projectors. Its to-do list is the `summaries` read
 * model (student and class summaries whose grades changed since they were written); it hears of changes by that read
 * model's notices, waits until the grades settle (debounced per assignment), reads the read models it writes from
 * through their queries, and appends StudentSummaryWritten / ClassSummaryWritten (or ClassSummaryFailed) to
 * `summaries:{tenant}:{assignment}` keyed by command ids made from the inputs' versions, so a retry, a restart or a
 * second writer never writes one summary twice. Nothing is kept in memory that the read model does not hold: on start
 * (and after a rebuild of the read model) it reads the whole list again.
 */
export type SummaryWriter = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One pass over an assignment now (what a debounced notice runs). */
  writeAssignment(tenant: string, assignmentId: number): Promise<void>;
};

export type SummaryWriterOptions = {
  db: SqlClient;
  store: Pick<EventStore, 'append' | 'comparePositions'>;
  bus: NoticeBus;
  /** The model that writes; absent or offline, the summaries are built from the data. */
  ai?: AiProvider;
  now?: () => Date;
  /** Quiet time after an assignment's last change before its summaries are written (default 1.5 s). */
  debounceMs?: number;
  /** Longest a stream of changes postpones the writing (default 10 s). */
  maxDelayMs?: number;
  /** Longest a pass waits for the read models it reads to reach the grades (default 10 s; then it tries again later). */
  readWaitMs?: number;
  /** Student summaries written at once (each may be a model call). */
  concurrency?: number;
  onError?: (err: unknown) => void;
};

/** The read models a summary is written from: they must have applied the grading events the summary reflects. */
const SOURCES = [insightsProjection.name, gradingProjection.name];
const RETRY_MS = [1_000, 5_000, 30_000];

const keyOf = (tenant: string, assignmentId: number) => `${tenant}\u0000${assignmentId}`;

export function createSummaryWriter(options: SummaryWriterOptions): SummaryWriter {
  const { db, store, bus } = options;
  const now = options.now ?? (() => new Date());
  const debounceMs = options.debounceMs ?? 1_500;
  const maxDelayMs = options.maxDelayMs ?? 10_000;
  const readWaitMs = options.readWaitMs ?? 10_000;
  const concurrency = options.concurrency ?? 4;
  const onError = options.onError ?? ((err: unknown) => console.error('summary writer', err));
  const timers = new Map<string, { timer: NodeJS.Timeout; first: number }>();
  const failures = new Map<string, number>();
  let queue: Promise<void> = Promise.resolve();
  let unsubscribe: (() => Promise<void>) | null = null;
  let stopped = true;

  /** Debounced: `delay` after the last call, but no later than maxDelayMs after the first (a retry: exactly `delay`). */
  function schedule(tenant: string, assignmentId: number, delay = debounceMs, retry = false) {
    if (stopped) return;
    const key = keyOf(tenant, assignmentId);
    const at = Date.now();
    const old = timers.get(key);
    if (old) clearTimeout(old.timer);
    const first = old?.first ?? at;
    const wait = retry ? delay : Math.max(0, Math.min(delay, first + maxDelayMs - at));
    const timer = setTimeout(() => {
      timers.delete(key);
      queue = queue.then(() => run(tenant, assignmentId));
    }, wait);
    timers.set(key, { timer, first });
  }

  async function run(tenant: string, assignmentId: number) {
    if (stopped) return;
    const key = keyOf(tenant, assignmentId);
    try {
      await writeAssignment(tenant, assignmentId);
      failures.delete(key);
    } catch (err) {
      if (stopped) return;
      onError(err);
      const n = failures.get(key) ?? 0;
      failures.set(key, n + 1);
      schedule(tenant, assignmentId, RETRY_MS[Math.min(n, RETRY_MS.length - 1)], true);
    }
  }

  /** Whether the read models the summaries come from have applied `position` (waits up to readWaitMs). */
  async function sourcesReached(position: string): Promise<boolean> {
    const deadline = Date.now() + readWaitMs;
    for (;;) {
      const { rows } = await db.query<{ position: string | null }>('SELECT position FROM projection_checkpoints WHERE name = ANY($1)', [
        SOURCES,
      ]);
      const done =
        rows.length === SOURCES.length &&
        rows.every((r) => r.position !== null && store.comparePositions(r.position as never, position as never) >= 0);
      if (done) return true;
      if (stopped || Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const append = (tenant: string, assignmentId: number, commandId: string, event: NewEvent) =>
    store.append(
      streamIds.summaries(tenant, assignmentId),
      [{ ...event, metadata: { tenant, actorId: 'system', actorRole: 'system', commandId } }],
      {
        expectedVersion: 'any',
      },
    );

  async function writeAssignment(tenant: string, assignmentId: number): Promise<void> {
    const { students, cls } = await summariesOfAssignment(db, tenant, assignmentId);
    const stale = students.filter(studentSummaryStale);
    const classStale = cls !== null && classSummaryState(cls) === 'generating';
    if (stale.length === 0 && !classStale) return;
    const newest = [...stale.flatMap((s) => [s.grading_position, s.trend_position]), ...(cls ? [cls.grading_position] : [])].sort().at(-1)!;
    if (!(await sourcesReached(newest))) throw new Error(`the read models summaries are written from have not reached ${newest} yet`);
    const facts = await readAssignmentFacts(db, tenant, assignmentId);
    if (!facts) return;

    const todo = stale.filter((s) => facts.graded.has(s.student_id));
    const writeOne = async (s: SmStudentRow) => {
      const f = (await studentFacts(facts, s.student_id))!;
      const written = await composeStudentSummary(options.ai, f);
      const data: StudentSummaryWritten['data'] = {
        assignmentId,
        studentId: s.student_id,
        ...written,
        inputs: {
          gradingVersion: s.grading_version,
          gradingPosition: s.grading_position,
          ...(s.trend_position ? { trendPosition: s.trend_position } : {}),
          obtained: f.work.total,
          possible: f.work.possible,
        },
        writtenAt: now().toISOString(),
      };
      const trend = s.trend_position ? `:${s.trend_position}` : '';
      await append(tenant, assignmentId, `student-summary:${assignmentId}:${s.student_id}:${s.grading_version}${trend}`, {
        type: 'StudentSummaryWritten',
        data,
      });
    };
    for (let i = 0; i < todo.length && !stopped; i += concurrency) await Promise.all(todo.slice(i, i + concurrency).map(writeOne));

    if (!classStale || facts.graded.size === 0 || stopped) return;
    const gradingPosition = cls.grading_position;
    const commandId = `class-summary:${assignmentId}:${gradingPosition}`;
    let event: NewEvent;
    try {
      const written = await composeClassSummary(options.ai, classFacts(facts));
      const data: ClassSummaryWritten['data'] = {
        assignmentId,
        ...written,
        inputs: { gradingPosition, students: facts.graded.size },
        writtenAt: now().toISOString(),
      };
      event = { type: 'ClassSummaryWritten', data };
    } catch (err) {
      const data: ClassSummaryFailed['data'] = {
        assignmentId,
        error: (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'Failed to generate class summary.',
        provider: options.ai?.name ?? 'offline',
        inputs: { gradingPosition },
        failedAt: now().toISOString(),
      };
      event = { type: 'ClassSummaryFailed', data };
    }
    await append(tenant, assignmentId, commandId, event);
  }

  async function scanAll() {
    for (const a of await assignmentsWithStaleSummaries(db)) schedule(a.tenant, a.assignment_id, 0);
  }

  function onNotice(n: ProjectionNotice) {
    if (n.projection !== PROJECTIONS.summaries) return;
    // The read model was rebuilt and swapped in (announced to every tenant): its whole to-do list is read again.
    if (n.tenant === REBUILT_TENANT) return void scanAll().catch(onError);
    for (const k of n.keys) {
      const m = /^assignment:(\d+)$/.exec(k);
      if (m) schedule(n.tenant, Number(m[1]));
    }
  }

  return {
    writeAssignment,
    async start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe = await bus.subscribe(onNotice);
      await scanAll();
    },
    async stop() {
      stopped = true;
      for (const t of timers.values()) clearTimeout(t.timer);
      timers.clear();
      await unsubscribe?.();
      unsubscribe = null;
      await queue;
    },
  };
}
