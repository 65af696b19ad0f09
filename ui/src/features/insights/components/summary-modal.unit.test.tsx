import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Papa from 'papaparse';
import { INSIGHT_MESSAGES, type ClassSummary } from '@evergrade/contracts';
import { mockApi, renderRoutes, type Handler } from '../../../testing/render';
import { useSummaryModal, type SummaryTab } from '../../../stores/summary-modal';
import { classSummary, row } from '../testing';
import { NO_GRADED_STUDENTS } from './individual-summary';
import { SummaryModalHost } from './summary-modal';

const STUDENTS = 'POST /grader/get-student-assignment-summary';
const CLASS = 'POST /grader/get-class-assignment-summary';

const everyone = () => ({
  students: [
    row(1, 'Ada Lovelace', { grade: '9/10', rubrics: { 'Problem Solving': '4/4', General: '5/6' } }),
    row(2, 'Emmy Noether', { grade: '4.5/10', rubrics: { 'Problem Solving': '1/4', General: '3.5/6' }, generator: 'offline' }),
    row(3, 'Mary Somerville', { grade: '2/10', summary: '', summary_status: 'generating', generator: null }),
  ],
  rubric_categories: ['Problem Solving', 'General'],
});

function show(handlers: Record<string, Handler>, tab: SummaryTab = 'individual') {
  const api = mockApi(handlers);
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <button type="button">Summary</button>
            <SummaryModalHost assignmentId={7} title="Quadratic Equations" courseCode="MATH10" />
          </>
        ),
      },
    ],
    '/',
  );
  const opener = screen.getByRole('button', { name: 'Summary' });
  opener.focus();
  act(() => useSummaryModal.getState().openSummary(7, tab));
  return { ...api, opener };
}

/** jsdom's Blob has no text(). */
const readText = (b: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(b);
  });
const dialog = () => screen.getByRole('dialog', { name: 'Student insights' });
const cell = (studentId: number, label: string) =>
  within(screen.getByTestId(`summary-row-${studentId}`))
    .getAllByRole('cell')
    .find((c) => c.dataset.label === label)!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  useSummaryModal.getState().closeSummary();
});

describe('the student summary modal, Individual tab', () => {
  it('is a dialog on the tab asked for: students by rubric category with total and summary, cells in score bands', async () => {
    const { calls } = show({ [STUDENTS]: () => ({ body: everyone() }) });
    expect(screen.getByRole('tab', { name: 'Individual Summary' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Individual Summary' }));
    const table = await within(dialog()).findByTestId('summary-table');
    expect(calls[0]!.body).toEqual({ assignment_id: 7 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Student', 'Problem Solving', 'General', 'Total', 'Summary']);
    expect([cell(1, 'Problem Solving'), cell(1, 'General'), cell(1, 'Total')].map((c) => c.dataset.band)).toEqual([
      'green',
      'green',
      'green',
    ]);
    // 1/4 = 25% red, 3.5/6 = 58% yellow, 4.5/10 = 45% orange
    expect([cell(2, 'Problem Solving'), cell(2, 'General'), cell(2, 'Total')].map((c) => c.dataset.band)).toEqual([
      'red',
      'yellow',
      'orange',
    ]);
    expect(cell(2, 'Problem Solving').textContent).toBe('1/4 (below 30%)');
    expect(cell(2, 'Summary').textContent).toContain('Generated offline');
    expect(cell(1, 'Summary').textContent).not.toContain('Generated offline');
    expect(within(cell(3, 'Summary')).getByTestId('summary-writing').textContent).toContain('Being written…');
  });

  it('the search box narrows the table; with no match it says so', async () => {
    show({ [STUDENTS]: () => ({ body: everyone() }) });
    const search = await screen.findByRole('searchbox', { name: 'Search students' });
    fireEvent.change(search, { target: { value: '  emmy ' } });
    expect(screen.queryByTestId('summary-row-1')).toBeNull();
    expect(screen.getByTestId('summary-row-2')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'Zed' } });
    expect(screen.getByText(INSIGHT_MESSAGES.noStudentsMatch)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('downloads the table as CSV named after the assignment', async () => {
    let blob: Blob | undefined;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:csv'), revokeObjectURL: () => {} }));
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    show({ [STUDENTS]: () => ({ body: everyone() }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(names).toEqual(['Quadratic_Equations_student_summaries.csv']));
    const text = (await readText(blob!)).replace(/^\ufeff/, '');
    expect(Papa.parse<string[]>(text, { skipEmptyLines: true }).data).toEqual([
      ['Student', 'Problem Solving', 'General', 'Total', 'Summary'],
      ['Ada Lovelace', '4/4', '5/6', '9/10', 'Ada Lovelace works carefully.'],
      ['Emmy Noether', '1/4', '3.5/6', '4.5/10', 'Emmy Noether works carefully.'],
      ['Mary Somerville', '3/4', '4/6', '2/10', ''],
    ]);
  });

  it('a failed load says so in the spec words and can try again', async () => {
    const { calls } = show({ [STUDENTS]: () => ({ status: 500, body: { message: 'boom' } }) });
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(INSIGHT_MESSAGES.summaryLoadFailed);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((c) => c.key === STUDENTS)).toHaveLength(2));
  });

  it('with nobody graded yet it says so, with no table or download', async () => {
    show({ [STUDENTS]: () => ({ body: { students: [], rubric_categories: [] } }) });
    expect((await screen.findByTestId('empty-state')).textContent).toContain(NO_GRADED_STUDENTS);
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('a graded student without a summary says there are no insights for them', async () => {
    show({ [STUDENTS]: () => ({ body: { students: [row(4, 'Sophie Germain', { summary: '' })], rubric_categories: [] } }) });
    expect((await screen.findByTestId('summary-row-4')).textContent).toContain(INSIGHT_MESSAGES.noStudentInsights);
  });

  it('Esc closes it and focus goes back to what opened it; arrow keys move between the tabs', async () => {
    const { opener } = show({ [STUDENTS]: () => ({ body: everyone() }), [CLASS]: () => ({ body: classSummary() }) });
    await screen.findByTestId('summary-table');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Individual Summary' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Classwide Summary' }).getAttribute('aria-selected')).toBe('true');
    expect(useSummaryModal.getState().open).toEqual({ assignmentId: 7, tab: 'classwide' });
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('the student summary modal, Classwide tab', () => {
  it('Performance: the rubric averages as bars in the performance colours; Overview: the class summary', async () => {
    const { calls } = show({ [CLASS]: () => ({ body: classSummary({ generator: 'offline' }) }) }, 'classwide');
    const bars = await screen.findByTestId('performance-bars');
    expect(calls[0]!.body).toEqual({ assignment_id: 7, course_code: 'MATH10' });
    // 3.5/4 = 87.5% green, 2.5/6 = 41.7% dark orange
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((li) => [li.textContent, li.dataset.band]),
    ).toEqual([
      ['Problem Solving3.5/4 (88%)', 'green'],
      ['General2.5/6 (42%)', 'darkorange'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Overview' }));
    const overview = screen.getByTestId('class-overview');
    expect(
      within(overview)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['The class factorises well.', 'The discriminant needs work.']);
    expect(overview.textContent).toContain('Generated offline');
  });

  it("polls every 3 s while the summary is 'generating', and stops when it is done", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    const { calls } = show(
      { [CLASS]: () => ({ body: ++n < 3 ? classSummary({ status: 'generating', summary: null }) : classSummary() }) },
      'classwide',
    );
    const classCalls = () => calls.filter((c) => c.key === CLASS).length;
    fireEvent.click(await screen.findByRole('button', { name: 'Overview' }));
    expect(screen.getByTestId('class-writing').textContent).toContain('The class summary is being written…');
    expect(classCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(classCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(classCalls()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(classCalls()).toBe(3);
    await waitFor(() => expect(screen.getByTestId('class-overview').textContent).toContain('The class factorises well.'));
    await act(() => vi.advanceTimersByTimeAsync(9000));
    expect(classCalls()).toBe(3);
  });

  const cases: [string, Handler, string][] = [
    ['a failed load', () => ({ status: 500, body: { message: 'boom' } }), INSIGHT_MESSAGES.classLoadFailed],
    [
      'a failed generation without a reason',
      () => ({ body: classSummary({ status: 'error', summary: null }) }),
      INSIGHT_MESSAGES.classGenerateFailed,
    ],
    [
      'a failed generation with the server’s reason',
      () => ({ body: classSummary({ status: 'error', error: 'The AI provider is down.' }) }),
      'The AI provider is down.',
    ],
    [
      'averages it cannot read',
      () => ({ body: classSummary({ rubric_averages: { General: 'lots' } }) }),
      INSIGHT_MESSAGES.classProcessFailed,
    ],
    ['a reply off the contract', () => ({ body: { status: 'weird' } }), INSIGHT_MESSAGES.classProcessFailed],
  ];
  it.each(cases)('%s: the spec message', async (_, handler, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    show({ [CLASS]: handler }, 'classwide');
    expect(within(await screen.findByRole('alert')).getByText(message)).toBeTruthy();
  });

  it('nothing to show: No class insights available.', async () => {
    const empty: ClassSummary = classSummary({ summary: null, rubric_averages: {} });
    show({ [CLASS]: () => ({ body: empty }) }, 'classwide');
    expect((await screen.findByTestId('empty-state')).textContent).toBe(INSIGHT_MESSAGES.noClassInsights);
  });
});
