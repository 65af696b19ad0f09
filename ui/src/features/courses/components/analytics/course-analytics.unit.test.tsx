import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSIGHT_MESSAGES, type ReplyOf, type StudentGradeRecord } from '@evergrade/contracts';
import { mockApi, renderRoutes, type Handler } from '../../../../testing/render';
import { CourseDetail } from '../course-detail';
import { GRADES_LOAD_FAILED } from './course-analytics';
import { NOTHING_FLAGGED } from './item-analysis';
import { NO_GRADED_IN_SCOPE, TREND_NEEDS_TWO } from './overview-tab';

// The charts are echarts on a canvas (their options are tested as pure functions): here, a labelled stand-in.
vi.mock('./chart', () => ({
  Chart: ({ label, testId }: { label: string; testId: string }) => <div role="img" aria-label={label} data-testid={testId} />,
}));

type Entry = StudentGradeRecord['grades_by_assignment'][string];
const graded = (score: number, possible: number, rubrics: Record<string, [number, number]>): Entry => ({
  submitted: true,
  graded: true,
  total_score: score,
  total_possible: possible,
  rubrics: Object.fromEntries(Object.entries(rubrics).map(([k, [s, p]]) => [k, { score: s, possible: p }])),
});
const pending = (possible: number): Entry => ({ submitted: false, graded: false, total_score: 0, total_possible: possible, rubrics: {} });

const assignments = [
  { assignment_id: 1, title: 'Linear Functions', due_date: '2026-09-10T12:00:00Z' },
  { assignment_id: 2, title: 'Quadratic Equations', due_date: '2026-10-20T12:00:00Z' },
];
const records: StudentGradeRecord[] = [
  {
    student_id: 11,
    name: 'Ada Lovelace',
    grades_by_assignment: { 1: graded(9, 10, { Algebra: [6, 6], Geometry: [3, 4] }), 2: graded(18, 20, { Algebra: [18, 20] }) },
  },
  {
    student_id: 12,
    name: 'Emmy Noether',
    grades_by_assignment: { 1: graded(4, 10, { Algebra: [2, 6], Geometry: [2, 4] }), 2: graded(5, 20, { Algebra: [5, 20] }) },
  },
];
const question = (n: number, extra: Partial<ReplyOf<'getCourseItemAnalysis'>[number]['questions'][number]> = {}) => ({
  question_id: 100 + n,
  question_number: n,
  marks_possible: 5,
  attempts: 2,
  mean_score: 3,
  facility: 0.6,
  discrimination: 0.5,
  full_marks: 1,
  flag: null,
  ...extra,
});
const items: ReplyOf<'getCourseItemAnalysis'> = [
  {
    ...assignments[0]!,
    graded: 2,
    item_analysis_unreliable: true,
    questions: [question(1), question(2, { discrimination: -0.25, facility: 0.45, flag: 'negative' })],
  },
  { ...assignments[1]!, graded: 2, item_analysis_unreliable: true, questions: [question(1)] },
];

function show(handlers: Partial<Record<string, Handler>> = {}) {
  const api = mockApi({
    'GET /instructors/get-course-students/MATH10': () => ({
      body: { student_list: records.map((r) => ({ student_id: r.student_id, name: r.name })) },
    }),
    'GET /instructors/get-course-assignments/MATH10': () => ({ body: assignments }),
    'GET /instructors/get-course-grades/MATH10': () => ({ body: records }),
    'GET /instructors/get-course-item-analysis/MATH10': () => ({ body: items }),
    ...(handlers as Record<string, Handler>),
  });
  renderRoutes([{ path: '/instructor/courses/:code', element: <CourseDetail courseCode="MATH10" /> }], '/instructor/courses/MATH10');
  return api;
}

const stat = (name: string) => within(screen.getByTestId('stats-card')).getByText(name).nextElementSibling?.textContent;

describe('the course analytics', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('Overview: stats card, charts, difficulty table and the flagged question', async () => {
    show();
    await screen.findByTestId('stats-card');
    expect(stat('Assignments')).toBe('2');
    // (27 + 9) / (30 + 30)
    expect(stat('Class average')).toBe('60.0%');
    expect(stat('Highest')).toBe('90.0%');
    expect(stat('Lowest')).toBe('30.0%');
    expect(screen.getByRole('img', { name: 'Grade distribution of total scores' })).toBeTruthy();
    expect(screen.getByTestId('rubric-card').textContent).toContain('Class average against the top student, Ada Lovelace.');
    expect(screen.getByTestId('rubric-card').textContent).toContain('with 2 they are shown as bars');
    expect(screen.getByTestId('chart-trend')).toBeTruthy();
    expect(screen.queryByText(TREND_NEEDS_TWO)).toBeNull();

    const difficulty = within(screen.getByTestId('difficulty-card'));
    const rows = difficulty.getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      [expect.stringMatching(/^Linear FunctionsDue .*2026$/), expect.stringMatching(/2026/), '6.5/10 (65.0%)', 'Hard'],
      [expect.stringMatching(/^Quadratic EquationsDue .*2026$/), expect.stringMatching(/2026/), '11.5/20 (57.5%)', 'Hard'],
    ]);

    const review = within(await screen.findByTestId('item-analysis-card'));
    await review.findByText('Question 2');
    expect(review.getByText('Question 2').closest('li')!.textContent).toContain(
      `negative discrimination (−0.25), facility 0.45: ${INSIGHT_MESSAGES.flaggedItem}.`,
    );
    expect(review.getByText('Facility')).toBeTruthy();
    expect(review.getByText('Discrimination')).toBeTruthy();
    expect(review.getByTestId('item-analysis-few').textContent).toContain('Linear Functions (2 graded), Quadratic Equations (2 graded)');
  });

  it('the distribution follows the rubric selector', async () => {
    show();
    fireEvent.change(await screen.findByLabelText('Rubric'), { target: { value: 'Geometry' } });
    expect(screen.getByRole('img', { name: 'Grade distribution of the Geometry rubric' })).toBeTruthy();
  });

  it('Breakdown: a column per rubric, Total and Class Average, colour-coded; the rubric multi-select', async () => {
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Breakdown' }));
    const table = screen.getByRole('table', { name: 'Grades table' });
    const cells = (row: HTMLElement) => [...row.children].map((c) => c.textContent);
    const [head, ada, emmy, average] = within(table).getAllByRole('row');
    expect(cells(head!)).toEqual(['Student', 'Algebra', 'Geometry', 'Total']);
    expect(cells(ada!)).toEqual(['Ada Lovelace', '24/26 (92%)', '3/4 (75%)', '27/30 (90%)']);
    expect(cells(emmy!)).toEqual(['Emmy Noether', '7/26 (27%)', '2/4 (50%)', '9/30 (30%)']);
    expect(cells(average!)).toEqual(['Class Average', '15.5/26 (59.6%)', '2.5/4 (62.5%)', '18/30 (60.0%)']);
    expect([...ada!.querySelectorAll('td')].map((td) => td.dataset.band)).toEqual(['green', 'yellow', 'green']);
    expect([...emmy!.querySelectorAll('td')].map((td) => td.dataset.band)).toEqual(['red', 'yellow', 'orange']);
    expect(ada!.querySelector('td')!.className).toContain('band-green');

    const picker = screen.getByRole('group', { name: 'Rubrics' });
    fireEvent.click(within(picker).getByLabelText('Geometry'));
    expect(cells(within(table).getAllByRole('row')[0]!)).toEqual(['Student', 'Geometry', 'Total']);
    expect((within(picker).getByLabelText('All Rubrics') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(picker).getByLabelText('All Rubrics'));
    expect(cells(within(table).getAllByRole('row')[0]!)).toEqual(['Student', 'Algebra', 'Geometry', 'Total']);
  });

  it('filters: the search empties the students with the spec message; a chosen student is the radar comparison', async () => {
    show();
    const search = await screen.findByRole('searchbox', { name: 'Search students' });
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText(INSIGHT_MESSAGES.noStudentsMatch)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Breakdown' }));
    expect(screen.getByText(INSIGHT_MESSAGES.noStudentsMatch)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));

    fireEvent.change(search, { target: { value: 'emm' } });
    const student = screen.getByRole('combobox', { name: 'Student' });
    expect(
      within(student)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All students (matching the search)', 'Emmy Noether']);
    fireEvent.change(student, { target: { value: '12' } });
    expect(screen.getByTestId('rubric-card').textContent).toContain('Class average against the selected student, Emmy Noether.');
    // class figures stay the class's
    expect(stat('Class average')).toBe('60.0%');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByRole('searchbox', { name: 'Search students' }) as HTMLInputElement).value).toBe('');
  });

  it('month and assignment filters narrow the figures; one graded assignment is a point and says why', async () => {
    show();
    const month = await screen.findByRole('combobox', { name: 'Month' });
    const october = within(month)
      .getAllByRole('option')
      .find((o) => /October/.test(o.textContent ?? ''))!;
    fireEvent.change(month, { target: { value: (october as HTMLOptionElement).value } });
    expect(stat('Assignments')).toBe('1');
    expect(stat('Class average')).toBe('57.5%');
    expect(
      within(screen.getByRole('combobox', { name: 'Assignment' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All assignments', 'Quadratic Equations']);
    expect(screen.getByText(TREND_NEEDS_TWO)).toBeTruthy();
    expect(screen.getByTestId('chart-trend')).toBeTruthy();
  });

  it("says 'No grade data available for this course.' when nothing is graded, and hides the difficulty table", async () => {
    show({
      'GET /instructors/get-course-grades/MATH10': () => ({
        body: records.map((r) => ({ ...r, grades_by_assignment: { 1: pending(10), 2: pending(20) } })),
      }),
    });
    expect(await screen.findByText(INSIGHT_MESSAGES.noCourseGrades)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Overview' })).toBeNull();
    expect(screen.queryByTestId('difficulty-card')).toBeNull();
  });

  it('an assignment with nothing graded yet: every chart says so, the stats show dashes', async () => {
    const functions = { assignment_id: 3, title: 'Functions', due_date: '2026-11-20T12:00:00Z' };
    show({
      'GET /instructors/get-course-assignments/MATH10': () => ({ body: [...assignments, functions] }),
      'GET /instructors/get-course-grades/MATH10': () => ({
        body: records.map((r) => ({ ...r, grades_by_assignment: { ...r.grades_by_assignment, 3: pending(5) } })),
      }),
    });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Assignment' }), { target: { value: '3' } });
    expect(stat('Assignments')).toBe('1');
    expect(stat('Class average')).toBe('—');
    for (const card of ['distribution-card', 'rubric-card', 'trend-card'])
      expect(within(screen.getByTestId(card)).getByText(NO_GRADED_IN_SCOPE)).toBeTruthy();
    expect(screen.queryByTestId('difficulty-card')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Breakdown' }));
    expect(screen.getByText(NO_GRADED_IN_SCOPE)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Grades table' })).toBeNull();
  });

  it('hides the difficulty table when every average is 0', async () => {
    const zero = records.map((r) => ({ ...r, grades_by_assignment: { 1: graded(0, 10, { General: [0, 10] }), 2: pending(20) } }));
    show({ 'GET /instructors/get-course-grades/MATH10': () => ({ body: zero }) });
    await screen.findByTestId('stats-card');
    expect(screen.queryByTestId('difficulty-card')).toBeNull();
  });

  it('a failed load says so and retries', async () => {
    let fail = true;
    const { calls } = show({
      'GET /instructors/get-course-grades/MATH10': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: records }),
    });
    expect(await screen.findByText(GRADES_LOAD_FAILED)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('stats-card');
    expect(calls.filter((c) => c.key === 'GET /instructors/get-course-grades/MATH10').length).toBe(2);
  });

  it('a failed assignment list says so and retries it', async () => {
    let fail = true;
    const { calls } = show({
      'GET /instructors/get-course-assignments/MATH10': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: assignments }),
    });
    expect(await screen.findByText(GRADES_LOAD_FAILED)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('stats-card');
    expect(calls.filter((c) => c.key === 'GET /instructors/get-course-grades/MATH10').length).toBe(1);
  });

  it('says when no question is flagged', async () => {
    show({ 'GET /instructors/get-course-item-analysis/MATH10': () => ({ body: items.map((a) => ({ ...a, questions: [question(1)] })) }) });
    expect(await within(await screen.findByTestId('item-analysis-card')).findByText(NOTHING_FLAGGED)).toBeTruthy();
  });

  it('a live refetch shows new grades', async () => {
    let ada = 9;
    const { client } = (() => {
      const api = mockApi({
        'GET /instructors/get-course-students/MATH10': () => ({ body: { student_list: [] } }),
        'GET /instructors/get-course-assignments/MATH10': () => ({ body: assignments.slice(0, 1) }),
        'GET /instructors/get-course-grades/MATH10': () => ({
          body: [{ ...records[0]!, grades_by_assignment: { 1: graded(ada, 10, { Algebra: [ada, 10] }) } }],
        }),
        'GET /instructors/get-course-item-analysis/MATH10': () => ({ body: [] }),
      });
      return { ...api, ...renderRoutes([{ path: '/c', element: <CourseDetail courseCode="MATH10" /> }], '/c') };
    })();
    await screen.findByTestId('stats-card');
    expect(stat('Class average')).toBe('90.0%');
    ada = 5;
    await client.invalidateQueries({ queryKey: ['instructor-courses', 'insights'] });
    await waitFor(() => expect(stat('Class average')).toBe('50.0%'));
  });
});
