import { ConflictError, type EventOf, type RegradeJobOutcome } from '@evergrade/contracts';
import type { Decider } from '../decider';

/** A regrade-all job's own stream: started once, one outcome per student, finished once. */
export type RegradeJobEvent = EventOf<'RegradeJobStarted' | 'RegradeJobStudentDone' | 'RegradeJobFinished'>;

export type StudentDone = { outcome: RegradeJobOutcome; previousPoints: number | null; points: number | null; note: string };

export type RegradeJob =
  | { status: 'none' }
  | {
      status: 'running' | 'finished';
      started: EventOf<'RegradeJobStarted'>['data'];
      /** By student id, in the order they were done. */
      done: Map<number, StudentDone>;
      finishedAt: string | null;
    };

export type RegradeJobCommand =
  | { type: 'StartRegradeJob'; data: EventOf<'RegradeJobStarted'>['data'] }
  | ({ type: 'RecordStudentRegraded'; jobId: string; studentId: number; now: string } & StudentDone)
  | { type: 'FinishRegradeJob'; jobId: string; now: string };

function decide(c: RegradeJobCommand, s: RegradeJob): RegradeJobEvent[] {
  switch (c.type) {
    case 'StartRegradeJob':
      if (s.status !== 'none') throw new ConflictError('This regrade job has already started');
      return [{ type: 'RegradeJobStarted', data: c.data }];
    case 'RecordStudentRegraded': {
      // A second delivery (a resumed job, or two replicas) changes nothing.
      if (s.status !== 'running' || s.done.has(c.studentId) || !s.started.studentIds.includes(c.studentId)) return [];
      const { outcome, previousPoints, points, note } = c;
      return [
        {
          type: 'RegradeJobStudentDone',
          data: { jobId: c.jobId, studentId: c.studentId, outcome, previousPoints, points, note, doneAt: c.now },
        },
      ];
    }
    case 'FinishRegradeJob':
      return s.status === 'running' ? [{ type: 'RegradeJobFinished', data: { jobId: c.jobId, finishedAt: c.now } }] : [];
    default: {
      const unhandled: never = c;
      return unhandled;
    }
  }
}

function evolve(s: RegradeJob, e: RegradeJobEvent): RegradeJob {
  switch (e.type) {
    case 'RegradeJobStarted':
      return { status: 'running', started: e.data, done: new Map(), finishedAt: null };
    case 'RegradeJobStudentDone': {
      if (s.status === 'none') return s;
      const done = new Map(s.done);
      const { outcome, previousPoints, points, note } = e.data;
      done.set(e.data.studentId, { outcome, previousPoints, points, note });
      return { ...s, done };
    }
    case 'RegradeJobFinished':
      return s.status === 'none' ? s : { ...s, status: 'finished', finishedAt: e.data.finishedAt };
    default: {
      const unhandled: never = e;
      return unhandled;
    }
  }
}

export const regradeJobDecider: Decider<RegradeJobCommand, RegradeJobEvent, RegradeJob> = {
  decide,
  evolve,
  initialState: () => ({ status: 'none' }),
};

/** The index of jobs to finish (`regrade-jobs:open`), every school's: keys `tenant\u0000jobId`. */
export type OpenJobsEvent = EventOf<'RegradeJobOpened' | 'RegradeJobClosed'>;
export type OpenJobsCommand =
  | { type: 'OpenRegradeJob'; tenant: string; jobId: string; now: string }
  | { type: 'CloseRegradeJob'; tenant: string; jobId: string; now: string };

export const openJobKey = (tenant: string, jobId: string) => `${tenant}\u0000${jobId}`;

export const openJobsDecider: Decider<OpenJobsCommand, OpenJobsEvent, Set<string>> = {
  decide(c, open) {
    const key = openJobKey(c.tenant, c.jobId);
    const data = { tenant: c.tenant, jobId: c.jobId };
    if (c.type === 'OpenRegradeJob') return open.has(key) ? [] : [{ type: 'RegradeJobOpened', data: { ...data, openedAt: c.now } }];
    return open.has(key) ? [{ type: 'RegradeJobClosed', data: { ...data, closedAt: c.now } }] : [];
  },
  evolve(open, e) {
    const next = new Set(open);
    if (e.type === 'RegradeJobOpened') next.add(openJobKey(e.data.tenant, e.data.jobId));
    else next.delete(openJobKey(e.data.tenant, e.data.jobId));
    return next;
  },
  initialState: () => new Set(),
};
