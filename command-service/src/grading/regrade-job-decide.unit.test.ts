import { describe, it } from 'vitest';
import { ConflictError } from '@evergrade/contracts';
import { specFor } from '../testing';
import { openJobsDecider, regradeJobDecider, type RegradeJobEvent } from './regrade-job-decide';

const spec = specFor(regradeJobDecider);
const now = '2026-01-01T00:00:00.000Z';
const startedData = {
  jobId: 'j1',
  assignmentId: 7,
  questionId: 70,
  questionNumber: 2,
  instructions: 'also accept: Jove',
  overrideManual: false,
  studentIds: [1, 2],
  startedBy: 9,
  startedAt: now,
};
const started: RegradeJobEvent = { type: 'RegradeJobStarted', data: startedData };
const done = (studentId: number): RegradeJobEvent => ({
  type: 'RegradeJobStudentDone',
  data: { jobId: 'j1', studentId, outcome: 'applied', previousPoints: 0, points: 2, note: 'n', doneAt: now },
});
const record = (studentId: number) =>
  ({ type: 'RecordStudentRegraded', jobId: 'j1', studentId, now, outcome: 'applied', previousPoints: 0, points: 2, note: 'n' }) as const;

describe('regrade job decider', () => {
  it('starts once', () => {
    spec([]).when({ type: 'StartRegradeJob', data: startedData }).then([started]);
    spec([started]).when({ type: 'StartRegradeJob', data: startedData }).thenThrows(ConflictError);
  });

  it("records each student's outcome once, and only the job's students", () => {
    spec([started])
      .when(record(1))
      .then([done(1)]);
    spec([started, done(1)])
      .when(record(1))
      .then([]);
    spec([started]).when(record(3)).then([]);
  });

  it('finishes once; a finished job records nothing more', () => {
    const finished: RegradeJobEvent = { type: 'RegradeJobFinished', data: { jobId: 'j1', finishedAt: now } };
    spec([started, done(1), done(2)])
      .when({ type: 'FinishRegradeJob', jobId: 'j1', now })
      .then([finished]);
    spec([started, finished]).when({ type: 'FinishRegradeJob', jobId: 'j1', now }).then([]);
    spec([started, finished]).when(record(2)).then([]);
  });
});

describe('open jobs index', () => {
  const open = specFor(openJobsDecider);
  it('opens and closes each job once', () => {
    const opened = { type: 'RegradeJobOpened', data: { tenant: 'demo', jobId: 'j1', openedAt: now } } as const;
    open([]).when({ type: 'OpenRegradeJob', tenant: 'demo', jobId: 'j1', now }).then([opened]);
    open([opened]).when({ type: 'OpenRegradeJob', tenant: 'demo', jobId: 'j1', now }).then([]);
    open([opened])
      .when({ type: 'CloseRegradeJob', tenant: 'demo', jobId: 'j1', now })
      .then([{ type: 'RegradeJobClosed', data: { tenant: 'demo', jobId: 'j1', closedAt: now } }]);
    open([]).when({ type: 'CloseRegradeJob', tenant: 'demo', jobId: 'j1', now }).then([]);
  });
});
