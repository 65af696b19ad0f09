import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditHistoryEntry, GradeBook, ResponseChain, ResponseHistoryEntry } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { fromLocalInput, justBefore, toLocalInput } from '../../../lib/audit-format';
import { AuditPage } from './audit-page';
import { GradeHistory } from '../../../components/grade-history/grade-history';

const base: ResponseHistoryEntry = {
  version: 1,
  kind: 'OnlineResponsesCaptured',
  at: '2026-03-02T09:00:00.000Z',
  actor_kind: 'system',
  actor: 'online submission',
  actor_id: null,
  previous_points: null,
  points: null,
  previous_feedback: null,
  feedback: null,
  flagged_for_review: null,
  confidence: null,
  reason: null,
  position: '0000000001-0000000001',
};
const entry = (over: Partial<AuditHistoryEntry>): AuditHistoryEntry => ({
  ...base,
  graded: false,
  flag_resolved: false,
  detail: null,
  ...over,
});
const chainEntries: AuditHistoryEntry[] = [
  entry({}),
  entry({
    version: 2,
    kind: 'ResponseGraded',
    at: '2026-03-02T09:01:00.000Z',
    actor_kind: 'offline',
    actor: 'offline',
    points: 2,
    feedback: 'Both roots',
    flagged_for_review: '',
    confidence: 0.9,
    graded: true,
    detail: 'requested by Grace Hopper',
    position: '0000000001-0000000002',
  }),
  entry({
    version: 3,
    kind: 'ResponseMarkEdited',
    at: '2026-03-02T09:05:00.000Z',
    actor_kind: 'instructor',
    actor: 'Grace Hopper',
    actor_id: 3,
    previous_points: 2,
    points: 1.5,
    previous_feedback: 'Both roots',
    feedback: 'Show your working',
    reason: 'Working missing',
    graded: true,
    position: '0000000001-0000000003',
  }),
];
const chain: ResponseChain = {
  response_id: 101,
  assignment_id: 7,
  assignment_title: 'Quadratics',
  student_id: 11,
  student_name: 'Ada Lovelace',
  question_id: 1,
  question_number: 1,
  entries: chainEntries,
};
const hit = (e: AuditHistoryEntry): AuditEntry => ({
  ...e,
  response_id: 101,
  assignment_id: 7,
  assignment_title: 'Quadratics',
  student_id: 11,
  student_name: 'Ada Lovelace',
  question_id: 1,
  question_number: 1,
  points_possible: 2,
});
const filters = {
  assignments: [{ assignment_id: 7, title: 'Quadratics', course_code: 'MATH10' }],
  students: [
    { student_id: 11, name: 'Ada Lovelace', email: 'student@demo.school' },
    { student_id: 12, name: 'Emmy Noether', email: 'student2@demo.school' },
  ],
};
const book = (asOf: string, points: number, by: string): GradeBook => ({
  assignment_id: 7,
  assignment_title: 'Quadratics',
  as_of: asOf,
  questions: [{ question_id: 1, question_number: 1, points_possible: 2 }],
  students: [
    {
      student_id: 11,
      student_name: 'Ada Lovelace',
      obtained: points,
      possible: 2,
      graded: true,
      cells: [
        {
          question_id: 1,
          response_id: 101,
          points,
          points_possible: 2,
          graded: true,
          graded_by: by,
          flagged_for_review: '',
          flag_resolved: false,
          version: 2,
        },
      ],
    },
  ],
  totals: { obtained: points, possible: 2, graded_students: 1 },
  events: 2,
  position: 'p',
});

function show(path = '/admin/audit') {
  const api = mockApi({
    'GET /admin/audit/filters': () => ({ body: filters }),
    'POST /admin/audit/search': (b) => ({
      body: { entries: [...chainEntries].reverse().map(hit), total: 3, page: (b as { page: number }).page, page_size: 25 },
    }),
    'POST /admin/audit/response-history': () => ({ body: chain }),
    'POST /admin/audit/grade-book-as-of': (b) => {
      const asOf = (b as { as_of: string }).as_of;
      return { body: Date.parse(asOf) < Date.parse('2026-03-02T09:05:00.000Z') ? book(asOf, 2, 'offline') : book(asOf, 1.5, 'instructor') };
    },
  });
  const r = renderRoutes([{ path: '/admin/audit', element: <AuditPage /> }], path);
  return { ...api, router: r.router };
}

describe('the grade audit page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists grade events newest first with who or what set each value and why', async () => {
    show();
    const table = await screen.findByTestId('audit-results');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[4]!.textContent)).toEqual([
      'Mark edited by Grace Hopper',
      'Graded by the offline grader',
      "Response recorded from the student's online answers",
    ]);
    expect(within(rows[0]!).getByText('2 → 1.5')).toBeTruthy();
    expect(within(rows[0]!).getByText('Working missing')).toBeTruthy();
    expect(screen.getByText(/3 events · page 1 of 1/)).toBeTruthy();
  });

  it('filters by student, assignment and dates, starting again at page 1', async () => {
    const { calls, router } = show('/admin/audit?page=2');
    await screen.findByTestId('audit-results');
    fireEvent.change(screen.getByLabelText('Student'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Assignment'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-02T10:00' } });
    await waitFor(() => {
      const last = calls.filter((c) => c.key === 'POST /admin/audit/search').at(-1)!.body;
      expect(last).toEqual({ student_id: 12, assignment_id: 7, from: fromLocalInput('2026-03-02T10:00'), page: 1, page_size: 25 });
    });
    expect(router.state.location.search).toContain('student_id=12');
  });

  it("opens a response's chain, and from a change the grade book as it stood just before it", async () => {
    const { calls } = show();
    fireEvent.click((await screen.findAllByRole('button', { name: "History of Ada Lovelace's question 1" }))[0]!);
    const history = await screen.findByTestId('grade-history');
    const items = within(history).getAllByTestId('history-entry');
    expect(items.map((i) => i.querySelector('.audit-entry-title')!.textContent)).toEqual([
      "Response recorded from the student's online answers",
      'Graded by the offline grader',
      'Mark edited by Grace Hopper',
    ]);
    expect(within(items[2]!).getByTestId('history-mark').textContent).toBe('2 → 1.5');
    expect(within(items[2]!).getByTestId('history-reason').textContent).toBe('Working missing');
    expect(within(items[1]!).getByText('90%')).toBeTruthy();
    expect(within(items[1]!).getByText('requested by Grace Hopper')).toBeTruthy();
    fireEvent.click(within(items[2]!).getByRole('button', { name: 'Grade book before this change' }));
    const table = await screen.findByTestId('grade-book');
    const sent = calls.filter((c) => c.key === 'POST /admin/audit/grade-book-as-of').at(-1)!.body;
    expect(sent).toEqual({ assignment_id: 7, as_of: justBefore('2026-03-02T09:05:00.000Z') });
    expect(within(table).getByTestId('book-total').textContent).toBe('2 / 2');
    expect(within(table).getByTestId('book-cell').getAttribute('title')).toBe('graded by offline');
  });

  it('shows the grade book as of a picked instant and links the CSV export', async () => {
    const { calls } = show('/admin/audit?tab=book&assignment_id=7&as_of=2026-03-02T09:30:00.000Z');
    const table = await screen.findByTestId('grade-book');
    expect(within(table).getByTestId('book-total').textContent).toBe('1.5 / 2');
    // The browser drops ':00' seconds from the value; it is the same instant.
    expect(fromLocalInput((screen.getByLabelText('As of') as HTMLInputElement).value)).toBe('2026-03-02T09:30:00.000Z');
    fireEvent.change(screen.getByLabelText('As of'), { target: { value: toLocalInput('2026-03-02T09:02:00.000Z') } });
    await waitFor(() => expect(within(screen.getByTestId('grade-book')).getByTestId('book-total').textContent).toBe('2 / 2'));
    expect(calls.filter((c) => c.key === 'POST /admin/audit/grade-book-as-of').at(-1)!.body).toEqual({
      assignment_id: 7,
      as_of: '2026-03-02T09:02:00.999Z',
    });
    expect(screen.getByTestId('csv-export').getAttribute('href')).toBe('/admin/audit/grade-history.csv?assignment_id=7');
  });
});

describe('GradeHistory for the graded submission view', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("reads the instructor's route and shows the chain without admin actions", async () => {
    const { calls } = mockApi({
      'POST /grader/response-history': () => ({ body: chainEntries.map(({ graded: _g, flag_resolved: _f, detail: _d, ...e }) => e) }),
    });
    renderRoutes([{ path: '/', element: <GradeHistory responseId={101} /> }], '/');
    const items = await screen.findAllByTestId('history-entry');
    expect(items).toHaveLength(3);
    expect(calls[0]!.body).toEqual({ response_id: 101 });
    expect(screen.queryByRole('button', { name: 'Grade book before this change' })).toBeNull();
    expect(within(items[2]!).getByText('Show your working')).toBeTruthy();
  });
});

describe('date-time picker values', () => {
  it('round-trips local time to the second, and a picked minute or second means its end', () => {
    const iso = '2026-03-02T09:30:15.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput(toLocalInput(iso), true)).toBe('2026-03-02T09:30:15.999Z');
    expect(fromLocalInput('nonsense')).toBeNull();
    expect(justBefore(iso)).toBe('2026-03-02T09:30:14.999Z');
  });
});
