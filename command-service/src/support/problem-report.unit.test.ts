import { describe, expect, it } from 'vitest';
import { decide, evolve, initialState, type ReportProblem } from './problem-report';

const command: ReportProblem = {
  type: 'ReportProblem',
  reportId: 4,
  category: 'Something is broken',
  message: 'The Submit button does nothing.',
  page: '/student/assignments/7',
  reporter: { userId: 12, role: 'student', name: 'Asha Rao', email: 'asha@demo.school' },
  now: '2026-03-01T10:00:00.000Z',
};

describe('problem report decider', () => {
  it('given no report, when one is sent, then it is reported with who sent it and from where', () => {
    expect(decide(command, initialState())).toEqual([
      {
        type: 'ProblemReported',
        data: {
          reportId: 4,
          category: 'Something is broken',
          message: 'The Submit button does nothing.',
          page: '/student/assignments/7',
          reporterId: 12,
          reporterRole: 'student',
          reporterName: 'Asha Rao',
          reporterEmail: 'asha@demo.school',
          reportedAt: '2026-03-01T10:00:00.000Z',
        },
      },
    ]);
  });

  it('given a report, when it is sent again, then it is refused', () => {
    const state = decide(command, initialState()).reduce(evolve, initialState());
    expect(() => decide(command, state)).toThrow('This report was already sent');
  });
});
