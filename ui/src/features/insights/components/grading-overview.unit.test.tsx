import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSIGHT_MESSAGES, type AssignmentStats } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { useSummaryModal } from '../../../stores/summary-modal';
import { item, stats } from '../testing';
import { GradingOverview, NOTHING_GRADED, STATS_LOAD_FAILED } from './grading-overview';

// jsdom draws no canvas: the chart stands in as its labelled element with the option it was given (the options are
// tested as pure functions in utils).
vi.mock('../../../components/echart/echart', () => ({
  EChart: ({ label, testId, option }: { label: string; testId?: string; option: unknown }) => {
    const o = typeof option === 'function' ? (option as (w: number) => unknown)(720) : option;
    return <div role="img" aria-label={label} data-testid={testId} data-option={JSON.stringify(o)} />;
  },
}));

function show(reply: AssignmentStats | { status: number; message: string }) {
  const api = mockApi({
    'POST /grader/get-assignment-stats': () =>
      'status' in reply ? { status: reply.status, body: { message: reply.message } } : { body: reply },
  });
  renderRoutes([{ path: '/', element: <GradingOverview assignmentId={7} /> }], '/');
  return api;
}

const figure = (name: string) => screen.getByTestId(`figure-${name}`).closest('dd')!.textContent;

describe('the grading overview', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSummaryModal.getState().closeSummary();
  });

  it('shows submissions, graded, mean, median, max and min with their students, scores to 2 decimals', async () => {
    const { calls } = show(stats());
    await screen.findByTestId('overview-figures');
    expect(calls[0]!.body).toEqual({ assignment_id: 7 });
    expect(figure('submissions')).toBe('7');
    expect(figure('graded')).toBe('6 of 7');
    expect(figure('mean')).toBe('6.50 of 10.00');
    expect(figure('median')).toBe('6.75 of 10.00');
    expect(figure('highest')).toBe('9.50 of 10.00Ada Lovelace');
    expect(figure('lowest')).toBe('2.25 of 10.00Emmy Noether, Mary Somerville');
  });

  it('draws the score distribution and the full marks per question', async () => {
    show(stats());
    const distribution = await screen.findByRole('img', { name: 'Score distribution of 6 students' });
    const bars = JSON.parse(distribution.dataset.option!).series[0].data as number[];
    expect(bars.reduce((a, b) => a + b, 0)).toBe(6);
    const full = screen.getByRole('img', { name: 'Students with full marks on each question, out of 6 students' });
    expect(JSON.parse(full.dataset.option!).series[0].data).toEqual([4, 1, 2]);
  });

  it('with one graded submission says why there is no distribution yet, instead of a lone bar', async () => {
    show(
      stats({
        graded: 1,
        scores: [7],
        mean: 7,
        median: 7,
        max: { maxScore: 7, maxScoreStudents: ['Ada Lovelace'] },
        min: { minScore: 7, minScoreStudents: ['Ada Lovelace'] },
        questionCorrectFrequency: { '1': 1 },
        item_analysis: [item(1, { attempts: 1, discrimination: null })],
        item_analysis_unreliable: true,
      }),
    );
    expect((await screen.findByTestId('distribution-note')).textContent).toBe(
      'Only 1 graded submission so far (7.00 of 10.00): the distribution appears from the second.',
    );
    expect(screen.queryByTestId('chart-distribution')).toBeNull();
    expect(screen.getByTestId('full-marks-note').textContent).toBe('The assignment has one question: 1 of 1 student got full marks on it.');
    expect(within(screen.getByTestId('item-1')).getByText('Not enough data')).toBeTruthy();
  });

  it('marks flagged questions "check the answer key or the wording" and explains the figures', async () => {
    show(stats());
    const table = await screen.findByTestId('item-analysis');
    expect(within(table).getByText('2 flagged questions')).toBeTruthy();
    expect(within(screen.getByTestId('item-1')).queryByTestId('item-flag')).toBeNull();
    const q2 = screen.getByTestId('item-2');
    expect(within(q2).getByTestId('item-flag').textContent).toContain(`Flagged: ${INSIGHT_MESSAGES.flaggedItem}`);
    expect(q2.textContent).toContain('30% Hard');
    expect(q2.textContent).toContain('−0.21 Negative');
    expect(within(screen.getByTestId('item-3')).getByTestId('item-flag').textContent).toContain('hardly separates');
    expect(screen.getByTestId('item-1').textContent).toContain('75% Medium0.42 Good3 of 63.00 / 4.00');
    const explained = screen.getByTestId('item-analysis-explained').textContent!;
    expect(explained).toMatch(/Facility.*share of the question's marks/);
    expect(explained).toMatch(/Discrimination.*wrong answer key or unclear wording/);
    expect(screen.queryByTestId('item-analysis-unreliable')).toBeNull();
  });

  it('says the figures are unreliable with fewer than 5 graded students', async () => {
    show(stats({ graded: 3, scores: [4, 6, 8], item_analysis_unreliable: true }));
    expect((await screen.findByTestId('item-analysis-unreliable')).textContent).toBe(
      'Only 3 graded submissions so far: with fewer than 5 students one answer can swing these figures a lot, so read them as a rough guide.',
    );
  });

  it('with nothing graded shows the counts and an empty state, no charts or item analysis', async () => {
    show(
      stats({
        graded: 0,
        submissions: 2,
        mean: null,
        median: null,
        max: { maxScore: null, maxScoreStudents: [] },
        min: { minScore: null, minScoreStudents: [] },
        scores: [],
        questionCorrectFrequency: {},
        item_analysis: [],
      }),
    );
    expect((await screen.findByTestId('empty-state')).textContent).toContain(NOTHING_GRADED);
    expect(figure('mean')).toBe('—');
    expect(figure('highest')).toBe('—');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('item-analysis')).toBeNull();
  });

  it('a failed load offers to try again', async () => {
    const { calls } = show({ status: 404, message: 'Assignment not found' });
    expect((await screen.findByTestId('empty-state')).textContent).toContain(STATS_LOAD_FAILED);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('Student summaries opens the summary modal on the Individual tab', async () => {
    show(stats());
    fireEvent.click(await screen.findByRole('button', { name: 'Student summaries' }));
    expect(useSummaryModal.getState().open).toEqual({ assignmentId: 7, tab: 'individual' });
  });
});
