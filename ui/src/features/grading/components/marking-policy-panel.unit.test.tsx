import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARKING_POLICY_SWITCHES } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { MarkingPolicyPanel } from './marking-policy-panel';

const show = (reply: { status?: number; body: unknown }, extra: Parameters<typeof mockApi>[0] = {}) => {
  const api = mockApi({ 'POST /grader/get-marking-policy': () => reply, ...extra });
  renderRoutes([{ path: '/', element: <MarkingPolicyPanel assignmentId={12} /> }], '/');
  return api;
};
const group = (name: string) => screen.getByRole('group', { name: MARKING_POLICY_SWITCHES.find((s) => s.name === name)!.description });

describe('MarkingPolicyPanel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every switch unset at first, and saves the choices made as the whole policy', async () => {
    const { calls } = show(
      { body: { policy: {}, set_at: null } },
      { 'POST /grader/set-marking-policy': () => ({ body: { success: true, position: null } }) },
    );
    expect(await screen.findByText(/Nothing set yet/)).toBeTruthy();
    expect(screen.getAllByRole('group')).toHaveLength(MARKING_POLICY_SWITCHES.length);
    const save = screen.getByRole('button', { name: 'Save policy' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(group('formulaCase')).getByLabelText('Case matters: a wrong case scores 0'));
    fireEvent.click(within(group('unitMarkStandsAlone')).getByLabelText('The unit mark needs the right value'));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /grader/set-marking-policy')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /grader/set-marking-policy')?.body).toEqual({
      assignment_id: 12,
      policy: { formulaCase: 'exact', unitMarkStandsAlone: false },
    });
  });

  it('shows the saved policy, discards unsaved changes, and unsets a switch', async () => {
    const { calls } = show(
      { body: { policy: { hedgedYesNo: 'as-answered' }, set_at: '2026-11-20T10:00:00.000Z' } },
      { 'POST /grader/set-marking-policy': () => ({ body: { success: true, position: null } }) },
    );
    expect(await screen.findByText(new RegExp(`1 of ${MARKING_POLICY_SWITCHES.length} set`))).toBeTruthy();
    const hedged = within(group('hedgedYesNo'));
    expect((hedged.getByLabelText('Marked as the yes or no it hedges') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(hedged.getByLabelText(/Not set/));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect((hedged.getByLabelText('Marked as the yes or no it hedges') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(hedged.getByLabelText(/Not set/));
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /grader/set-marking-policy')?.body).toEqual({ assignment_id: 12, policy: {} }),
    );
  });

  it('says why a save was refused and keeps the choices', async () => {
    show(
      { body: { policy: {}, set_at: null } },
      { 'POST /grader/set-marking-policy': () => ({ status: 404, body: { message: 'Assignment not found' } }) },
    );
    await screen.findByText(/Nothing set yet/);
    fireEvent.click(within(group('listItemsBeyondN')).getByLabelText('Only the first n items are marked'));
    fireEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Assignment not found');
    expect((within(group('listItemsBeyondN')).getByLabelText('Only the first n items are marked') as HTMLInputElement).checked).toBe(true);
  });

  it('offers to try again when the policy cannot be loaded', async () => {
    show({ status: 500, body: { message: 'Server error' } });
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  describe('regrading the marks already given', () => {
    const sheet = (numbers: number[]) => ({
      assignment_id: 12,
      title: 'Formulas',
      description: '',
      due_date: '2026-12-01T00:00:00.000Z',
      course_code: 'CHEM9',
      course_name: 'Chemistry',
      time_limit: null,
      student_submissions_allowed: true,
      questions: numbers.map((n) => ({
        question_id: 100 + n,
        question_number: n,
        question: `Question ${n}`,
        answer: 'CO2',
        marks_possible: 1,
        grading_instructions: '',
        tags: [],
        flagged_for_review: '',
      })),
    });
    const job = (questionNumber: number, finished: boolean) => ({
      job_id: `job-${questionNumber}`,
      assignment_id: 12,
      question_number: questionNumber,
      regrade_instructions: '',
      status: finished ? 'finished' : 'running',
      total: 2,
      students: (questionNumber === 1
        ? [
            { student_id: 5, outcome: 'regraded', previous_points: 1, points_obtained: 0, note: '' },
            { student_id: 6, outcome: 'kept-manual', previous_points: 1, points_obtained: 1, note: 'Set by hand.' },
          ]
        : [
            { student_id: 5, outcome: 'regraded', previous_points: 1, points_obtained: 1, note: '' },
            { student_id: 6, outcome: 'no-response', previous_points: null, points_obtained: null, note: 'No answer.' },
          ]
      ).slice(0, finished ? 2 : 1),
      started_at: '2026-11-20T10:00:00.000Z',
      finished_at: finished ? '2026-11-20T10:00:01.000Z' : null,
    });
    const saved = { body: { policy: { formulaCase: 'exact' }, set_at: '2026-11-20T10:00:00.000Z' } };

    it('is offered only once a policy was saved', async () => {
      show({ body: { policy: {}, set_at: null } });
      await screen.findByText(/Nothing set yet/);
      expect(screen.queryByRole('button', { name: 'Regrade all questions' })).toBeNull();
    });

    it('regrades every question with the saved policy and sums the jobs as they go', async () => {
      let polls = 0;
      const { calls } = show(saved, {
        'POST /grader/get-assignment-questions': () => ({ body: sheet([2, 1]) }),
        'POST /grader/regrade-all': (body) => {
          const n = (body as { question_number: number }).question_number;
          return { body: { job_id: `job-${n}`, total: 2, position: null } };
        },
        'POST /grader/regrade-job': (body) => {
          polls += 1;
          const n = Number((body as { job_id: string }).job_id.slice(4));
          return { body: job(n, polls > 2) };
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Regrade all questions' }));
      fireEvent.click(screen.getByRole('button', { name: 'Yes, regrade' }));
      expect(await screen.findByText('Regrading… 2 of 4 done.')).toBeTruthy();
      expect(
        await screen.findByText('Done: 3 answers checked in 2 questions; 1 mark changed, 1 mark set by hand kept.', {}, { timeout: 4000 }),
      ).toBeTruthy();
      expect(calls.filter((c) => c.key === 'POST /grader/regrade-all').map((c) => c.body)).toEqual([
        { assignment_id: 12, question_number: 1, regrade_instructions: '', override_manual: false },
        { assignment_id: 12, question_number: 2, regrade_instructions: '', override_manual: false },
      ]);
      expect(screen.getByRole('progressbar', { name: "Students' answers done" }).getAttribute('aria-valuenow')).toBe('4');
    });

    it('shows a job still running when the panel opens (the page was left), and not again once dismissed', async () => {
      let polls = 0;
      const summary = (running: boolean) => ({
        job_id: 'job-1',
        question_number: 1,
        regrade_instructions: '',
        status: running ? 'running' : 'finished',
        total: 2,
        done: running ? 1 : 2,
        changed: 1,
        kept_manual: running ? 0 : 1,
        failed: 0,
        started_at: '2026-11-20T10:00:00.000Z',
        finished_at: running ? null : '2026-11-20T10:00:01.000Z',
      });
      const { calls } = show(saved, {
        'POST /grader/get-regrade-jobs': () => ({ body: { jobs: [summary(polls < 2)] } }),
        'POST /grader/regrade-job': () => ((polls += 1), { body: job(1, polls > 2) }),
      });
      expect(await screen.findByText('Regrading… 1 of 2 done.')).toBeTruthy();
      expect(screen.getByText('The regrade goes on if you leave this page.')).toBeTruthy();
      expect(
        await screen.findByText('Done: 2 answers checked in 1 question; 1 mark changed, 1 mark set by hand kept.', {}, { timeout: 4000 }),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Done' }));
      expect(await screen.findByRole('button', { name: 'Regrade all questions' })).toBeTruthy();
      expect(calls.filter((c) => c.key === 'POST /grader/get-regrade-jobs')[0]?.body).toEqual({ assignment_id: 12 });
      expect(calls.some((c) => c.key === 'POST /grader/regrade-all')).toBe(false);
    });

    it('waits for unsaved choices, and can be cancelled', async () => {
      const { calls } = show(saved);
      const regrade = (await screen.findByRole('button', { name: 'Regrade all questions' })) as HTMLButtonElement;
      fireEvent.click(within(group('hedgedYesNo')).getByLabelText('Marked as the yes or no it hedges'));
      expect(regrade.disabled).toBe(true);
      expect(screen.getByText('Save or discard your changes first.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
      expect(regrade.disabled).toBe(false);
      fireEvent.click(regrade);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('button', { name: 'Regrade all questions' })).toBeTruthy();
      expect(calls.some((c) => c.key === 'POST /grader/regrade-all')).toBe(false);
    });

    it('says which questions started when a start is refused', async () => {
      show(saved, {
        'POST /grader/get-assignment-questions': () => ({ body: sheet([1, 2]) }),
        'POST /grader/regrade-all': (body) =>
          (body as { question_number: number }).question_number === 1
            ? { body: { job_id: 'job-1', total: 2, position: null } }
            : { status: 404, body: { message: 'Question 2 not found' } },
        'POST /grader/regrade-job': () => ({ body: job(1, true) }),
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Regrade all questions' }));
      fireEvent.click(screen.getByRole('button', { name: 'Yes, regrade' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Only 1 question could be started: Question 2 not found');
      expect(await screen.findByText(/Done: 2 answers checked in 1 question; 1 mark changed/)).toBeTruthy();
    });

    it('says so when the assignment has no questions', async () => {
      show(saved, { 'POST /grader/get-assignment-questions': () => ({ body: sheet([]) }) });
      fireEvent.click(await screen.findByRole('button', { name: 'Regrade all questions' }));
      fireEvent.click(screen.getByRole('button', { name: 'Yes, regrade' }));
      expect((await screen.findByRole('alert')).textContent).toBe('The regrade could not start: this assignment has no questions.');
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByRole('button', { name: 'Regrade all questions' })).toBeTruthy();
    });
  });
});
