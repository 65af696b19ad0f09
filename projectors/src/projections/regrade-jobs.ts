import { REGRADE_JOBS_PROJECTION, noticeKeys, type EventOf } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/**
 * One regrade-all job (issue 14 item 5) as an assignment's list shows it: which question, running or finished, and
 * its counts so far. Each student's line stays on the job's stream (`/grader/regrade-job` reads it there).
 */
export type RegradeJobRow = {
  tenant: string;
  job_id: string;
  assignment_id: number;
  question_number: number;
  instructions: string;
  status: 'running' | 'finished';
  total: number;
  /** Students done so far. */
  done: number;
  /** Of them, a mark that is now different. */
  changed: number;
  kept_manual: number;
  failed: number;
  started_at: string;
  finished_at: string | null;
  /** The last event folded in: an event at or before it is already counted. */
  position: string;
};

const jobsTable: TableSpec<RegradeJobRow> = {
  table: 'regrade_jobs',
  key: ['tenant', 'job_id'],
  columns: [
    'tenant',
    'job_id',
    'assignment_id',
    'question_number',
    'instructions',
    'status',
    'total',
    'done',
    'changed',
    'kept_manual',
    'failed',
    'started_at',
    'finished_at',
    'position',
  ],
};

type State = { jobs: RowSet<RegradeJobRow> };

const HANDLED = ['RegradeJobStarted', 'RegradeJobStudentDone', 'RegradeJobFinished'] as const;

/** Pure over the batch's state: a job's row, its counts and its end. An event at or before the row's position changes nothing. */
export function evolveRegradeJobs(state: State, recorded: RecordedEvent): Touched | null {
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  switch (recorded.type) {
    case 'RegradeJobStarted': {
      const d = recorded.data as EventOf<'RegradeJobStarted'>['data'];
      if (state.jobs.has({ tenant, job_id: d.jobId })) return null;
      state.jobs.put({
        tenant,
        job_id: d.jobId,
        assignment_id: d.assignmentId,
        question_number: d.questionNumber,
        instructions: d.instructions,
        status: 'running',
        total: d.studentIds.length,
        done: 0,
        changed: 0,
        kept_manual: 0,
        failed: 0,
        started_at: d.startedAt,
        finished_at: null,
        position,
      });
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId)] };
    }
    case 'RegradeJobStudentDone': {
      const d = recorded.data as EventOf<'RegradeJobStudentDone'>['data'];
      const row = state.jobs.get({ tenant, job_id: d.jobId });
      if (!row || row.position >= position) return null;
      const changed = d.points !== null && d.points !== d.previousPoints;
      state.jobs.put({
        ...row,
        done: row.done + 1,
        changed: row.changed + (changed ? 1 : 0),
        kept_manual: row.kept_manual + (d.outcome === 'kept-manual' ? 1 : 0),
        failed: row.failed + (d.outcome === 'failed' ? 1 : 0),
        position,
      });
      return { tenant, keys: [noticeKeys.assignment(row.assignment_id)] };
    }
    case 'RegradeJobFinished': {
      const d = recorded.data as EventOf<'RegradeJobFinished'>['data'];
      const row = state.jobs.get({ tenant, job_id: d.jobId });
      if (!row || row.position >= position) return null;
      state.jobs.put({ ...row, status: 'finished', finished_at: d.finishedAt, position });
      return { tenant, keys: [noticeKeys.assignment(row.assignment_id)] };
    }
    default:
      return null;
  }
}

/** Each assignment's regrade-all jobs: what the marking policy panel and the regrade dialog pick up again. */
export const regradeJobsProjection = defineProjection<State>({
  name: REGRADE_JOBS_PROJECTION,
  version: 1,
  tables: ['regrade_jobs'],
  handles: [...HANDLED],
  async migrate(db) {
    await db.query(`CREATE TABLE IF NOT EXISTS regrade_jobs (
      tenant text NOT NULL, job_id text NOT NULL, assignment_id integer NOT NULL, question_number integer NOT NULL,
      instructions text NOT NULL, status text NOT NULL, total integer NOT NULL, done integer NOT NULL,
      changed integer NOT NULL, kept_manual integer NOT NULL, failed integer NOT NULL, started_at timestamptz NOT NULL,
      finished_at timestamptz, position text NOT NULL, PRIMARY KEY (tenant, job_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS regrade_jobs_by_assignment ON regrade_jobs (tenant, assignment_id, started_at)');
  },
  init: () => ({ jobs: new RowSet(jobsTable) }),
  async load(tx, state, events) {
    await state.jobs.load(
      tx,
      events.map((e) => ({ tenant: tenantOf(e), job_id: String((e.data as { jobId: string }).jobId) })),
    );
  },
  evolve: evolveRegradeJobs,
  carry: ['jobs'],
});
