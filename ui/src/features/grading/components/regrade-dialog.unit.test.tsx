import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../testing/render';
import { RegradeDialog } from './regrade-dialog';
import { regradeJobsKey } from '../api/regrade-job';

const summary = (questionNumber: number, status: 'running' | 'finished') => ({
  job_id: `job-${questionNumber}-${status}`,
  question_number: questionNumber,
  regrade_instructions: 'also accept: Jove',
  status,
  total: 3,
  done: 1,
  changed: 0,
  kept_manual: 0,
  failed: 0,
  started_at: '2026-11-20T10:00:00.000Z',
  finished_at: status === 'finished' ? '2026-11-20T10:00:01.000Z' : null,
});

const open = (jobs: ReturnType<typeof summary>[]) => {
  const api = mockApi({
    'POST /grader/get-regrade-jobs': () => ({ body: { jobs } }),
    'POST /grader/regrade-job': (body) => ({
      body: {
        job_id: (body as { job_id: string }).job_id,
        assignment_id: 12,
        question_number: 2,
        regrade_instructions: 'also accept: Jove',
        status: 'running',
        total: 3,
        students: [{ student_id: 5, outcome: 'applied', previous_points: 0, points_obtained: 2, note: 'Accepted: Jove' }],
        started_at: '2026-11-20T10:00:00.000Z',
        finished_at: null,
      },
    }),
  });
  const { client } = renderRoutes(
    [
      {
        path: '/',
        element: (
          <RegradeDialog assignmentId={12} questionNumber={2} studentName="Ada" studentCount={3} onRegrade={() => {}} onClose={() => {}} />
        ),
      },
    ],
    '/',
  );
  return { ...api, client };
};

describe('RegradeDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("offers the progress of this question's regrade that is still running, started before the window opened", async () => {
    open([summary(1, 'running'), summary(2, 'finished'), summary(2, 'running')]);
    expect((await screen.findByTestId('regrade-running')).textContent).toContain(
      'A regrade of this question for all students is running: 1 of 3 done.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show its progress' }));
    expect(await screen.findByText('Regrading… 1 of 3 students done.')).toBeTruthy();
    expect(screen.getByText('“also accept: Jove”')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Regrading question 2 for all students' })).toBeTruthy();
  });

  it('says nothing of jobs of other questions or jobs that finished', async () => {
    const { client } = open([summary(1, 'running'), summary(2, 'finished')]);
    expect(await screen.findByRole('heading', { name: 'Regrade question 2' })).toBeTruthy();
    // The list has been read (and rendered): nothing of it is shown.
    await vi.waitFor(() => expect(client.getQueryState(regradeJobsKey(12))?.status).toBe('success'));
    expect(screen.queryByTestId('regrade-running')).toBeNull();
  });
});
