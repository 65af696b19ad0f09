import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type PracticeListItem, type StudentAssignment } from '@evergrade/contracts';
import { Link } from 'react-router';
import { mockApi, renderRoutes } from '../../../testing/render';
import { assignmentsQueryKey } from '../api/get-assignments';
import { AssignmentList } from './assignment-list';

const day = 86_400_000;
const item = (id: number, dueOffset: number, extra: Partial<StudentAssignment> = {}): StudentAssignment => {
  const due = new Date(Date.now() + dueOffset).toISOString();
  return {
    assignment_id: id,
    title: `Essay ${id}`,
    course: 'English',
    course_code: 'ENG',
    assigned: due,
    due,
    due_date: due,
    status: 'Incomplete',
    marks_total: 10,
    marks_obtained: null,
    time_limit: null,
    timed: false,
    question_count: 2,
    ...extra,
  };
};

const show = (
  record: Record<string, StudentAssignment>,
  path = '/student/assignments',
  practice: Record<string, PracticeListItem> = {},
) => {
  const api = mockApi({
    'GET /students/get-assignments': () => ({ body: record }),
    'GET /students/get-practice-assignments': () => ({ body: practice }),
  });
  const view = renderRoutes(
    [
      { path: '/student/assignments', element: <AssignmentList /> },
      { path: '/student/assignments/:id', element: <Link to="/student/assignments">Back to list</Link> },
      { path: '/calendar', element: <p>Calendar page</p> },
      { path: '/student/assignments/practice/create', element: <p>Practice creation</p> },
      { path: '/student/assignments/practice/:id', element: <p>Practice taking</p> },
    ],
    path,
  );
  return { ...api, ...view };
};
const panelLinks = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('link')
    .map((l) => l.textContent?.match(/Essay \d+/)?.[0]);
const openFilters = () => fireEvent.click(screen.getByRole('button', { name: /Filters/ }));

describe('AssignmentList', () => {
  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('splits into tabs, latest due first, and links each item by its title', async () => {
    show({ 1: item(1, day), 2: item(2, 3 * day), 3: item(3, -day, { status: 'Graded', marks_obtained: 8 }) });
    await screen.findByRole('link', { name: 'Essay 2' });
    const links = within(screen.getByRole('tabpanel')).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/student/assignments/2', '/student/assignments/1']);
    expect(screen.getByRole('link', { name: 'Essay 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(screen.getByRole('link', { name: 'Essay 3' })).toBeTruthy();
    expect(within(screen.getByRole('tabpanel')).getByText('8.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Practice' }));
    expect(screen.getByText(MESSAGES.noPractice)).toBeTruthy();
  });

  it('shows the empty states', async () => {
    show({ 1: item(1, -day) });
    expect(await screen.findByText(MESSAGES.noTabAssignments('Upcoming'))).toBeTruthy();
    cleanup();
    show({});
    expect(await screen.findByText(MESSAGES.noAssignments)).toBeTruthy();
  });

  it('shows the filter empty state with a clear action, and the Past tab empty state', async () => {
    show({ 1: item(1, day, { status: 'Submitted' }) });
    await screen.findByRole('link', { name: 'Essay 1' });
    openFilters();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Graded' }));
    expect(screen.getByText(MESSAGES.noMatches)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(screen.getByRole('link', { name: 'Essay 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(screen.getByText(MESSAGES.noTabAssignments('Past'))).toBeTruthy();
  });

  it('filters by subject, by statuses matched exactly, and by one due window at a time', async () => {
    // 'Today' means the same calendar day: at 22:00 a row due in two hours would fall on tomorrow, so the
    // clock (Date only; timers stay real) is set to a morning.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 15, 9, 0, 0));
    show({
      1: item(1, 2 * 3_600_000, { course: 'Physics', status: 'In Progress' }),
      2: item(2, 3 * day, { status: 'Incomplete' }),
      3: item(3, 20 * day, { status: 'Submitted' }),
      4: item(4, 40 * day, { course: 'Physics', status: 'Incomplete' }),
    });
    await screen.findByRole('link', { name: 'Essay 1' });
    expect(panelLinks()).toEqual(['Essay 4', 'Essay 3', 'Essay 2', 'Essay 1']);
    openFilters();
    fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: 'Physics' } });
    expect(panelLinks()).toEqual(['Essay 4', 'Essay 1']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Incomplete' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Submitted' }));
    expect(panelLinks()).toEqual(['Essay 4', 'Essay 3', 'Essay 2']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Submitted' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Incomplete' }));
    // 'In Progress' is not 'Incomplete': exact match only
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Progress' }));
    expect(panelLinks()).toEqual(['Essay 1']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Progress' }));
    const week = screen.getByRole('radio', { name: 'This Week' });
    fireEvent.click(week);
    expect(panelLinks()).toEqual(['Essay 2', 'Essay 1']);
    fireEvent.click(screen.getByRole('radio', { name: 'This Month' }));
    expect((week as HTMLInputElement).checked).toBe(false);
    expect(panelLinks()).toEqual(['Essay 3', 'Essay 2', 'Essay 1']);
  });

  it('pre-selects the status filter named by ?selectedFilters=', async () => {
    show(
      {
        1: item(1, day, { status: 'Graded', marks_obtained: 9 }),
        2: item(2, 2 * day),
        3: item(3, -day, { status: 'Graded', marks_obtained: 5 }),
      },
      '/student/assignments?selectedFilters=Graded',
    );
    await screen.findByRole('link', { name: 'Essay 1' });
    expect(panelLinks()).toEqual(['Essay 1']);
    fireEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(panelLinks()).toEqual(['Essay 3']);
    openFilters();
    expect((screen.getByRole('checkbox', { name: 'Graded' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Incomplete' }) as HTMLInputElement).checked).toBe(false);
  });

  it('ignores an unknown selectedFilters value', async () => {
    show({ 1: item(1, day) }, '/student/assignments?selectedFilters=Nope');
    expect(await screen.findByRole('link', { name: 'Essay 1' })).toBeTruthy();
  });

  it('goes to the calendar and to practice creation', async () => {
    show({});
    fireEvent.click(await screen.findByRole('link', { name: /Calendar/ }));
    expect(await screen.findByText('Calendar page')).toBeTruthy();
    cleanup();
    show({});
    fireEvent.click(await screen.findByRole('link', { name: /New practice assignment/ }));
    expect(await screen.findByText('Practice creation')).toBeTruthy();
  });

  it('reloads the list when the student comes back to it', async () => {
    const { calls, client } = show({ 1: item(1, day) });
    // even when the cached list counts as fresh (the app's client keeps data fresh for a while)
    client.setQueryDefaults(assignmentsQueryKey, { staleTime: Infinity });
    fireEvent.click(await screen.findByRole('link', { name: 'Essay 1' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Back to list' }));
    await screen.findByRole('link', { name: 'Essay 1' });
    await vi.waitFor(() => expect(calls.filter((c) => c.key === 'GET /students/get-assignments')).toHaveLength(2));
  });

  it('never shows a 0-mark grade in green: the Graded badge and the percentage take the tone of the marks', async () => {
    show({
      1: item(1, day, { status: 'Graded', marks_obtained: 0 }),
      2: item(2, 2 * day, { status: 'Graded', marks_obtained: 10 }),
      3: item(3, 3 * day, { status: 'Graded', marks_obtained: 4 }),
    });
    const card = async (id: number) => screen.findByTestId(`assignment-${id}`);
    const zero = await card(1);
    expect(within(zero).getByTestId('status-badge').className).toBe('badge badge-danger');
    expect(within(zero).getByText(/0\.0%/).className).toBe('grade-pct grade-pct-danger');
    expect(within(await card(2)).getByTestId('status-badge').className).toBe('badge badge-success');
    expect(within(await card(3)).getByTestId('status-badge').className).toBe('badge badge-warning');
  });

  it('opens the tab named by ?tab= (where a submitted practice returns) and keeps the chosen tab in the URL', async () => {
    const drill: PracticeListItem = {
      practice_assignment_id: 5,
      title: 'Drill 5',
      description: '',
      course: 'Physics',
      course_code: 'PHYS10',
      created_at: '2026-01-02T10:00:00Z',
      assigned: '2026-01-02T10:00:00Z',
      due: '2026-01-02T10:00:00Z',
      status: 'Submitted',
      question_count: 3,
      answered_count: 3,
      marks_total: 3,
      marks_obtained: null,
      creation_method: 'ai',
      submitted_at: '2026-01-02T11:00:00Z',
    };
    const { router } = show({ 1: item(1, day), 2: item(2, -day) }, '/student/assignments?tab=practice', { 5: drill });
    const practiceTab = screen.getByRole('tab', { name: /Practice/ });
    expect(practiceTab.getAttribute('aria-selected')).toBe('true');
    expect(await within(screen.getByRole('tabpanel')).findByRole('link', { name: /Drill 5/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Past/ }));
    expect(router.state.location.search).toBe('?tab=past');
    expect(await within(screen.getByRole('tabpanel')).findByRole('link', { name: 'Essay 2' })).toBeTruthy();
    cleanup();
    show({ 1: item(1, day) }, '/student/assignments?tab=nonsense');
    expect(screen.getByRole('tab', { name: /Upcoming/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('lists practice assignments on the Practice tab, newest first, and opens one', async () => {
    const p = (id: number, created: string, extra: Partial<PracticeListItem> = {}): PracticeListItem => ({
      practice_assignment_id: id,
      title: `Drill ${id}`,
      description: '',
      course: 'Physics',
      course_code: 'PHYS10',
      created_at: created,
      assigned: created,
      due: created,
      status: 'Available',
      question_count: 3,
      answered_count: 1,
      marks_total: 3,
      marks_obtained: null,
      creation_method: 'ai',
      submitted_at: null,
      ...extra,
    });
    show({ 1: item(1, day) }, '/student/assignments', {
      5: p(5, '2026-01-02T10:00:00Z'),
      6: p(6, '2026-02-02T10:00:00Z', { status: 'Submitted', marks_obtained: 2 }),
    });
    await screen.findByRole('link', { name: 'Essay 1' });
    fireEvent.click(screen.getByRole('tab', { name: /Practice/ }));
    const cards = await within(screen.getByRole('tabpanel')).findAllByRole('link');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/student/assignments/practice/6', '/student/assignments/practice/5']);
    expect(within(cards[0]!).getByTestId('status-badge').textContent).toBe('Submitted');
    expect(within(cards[1]!).getByTestId('status-badge').textContent).toBe('Available');
    expect(screen.getByRole('tab', { name: /Practice/ }).textContent).toBe('Practice2');
    fireEvent.click(cards[1]!);
    expect(await screen.findByText('Practice taking')).toBeTruthy();
  });
});
