import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type StudentAssignment } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { AssignmentList } from './assignment-list';

const day = 86_400_000;
const item = (id: number, dueOffset: number, extra: Partial<StudentAssignment> = {}): StudentAssignment => {
  const due = new Date(Date.now() + dueOffset).toISOString();
  return {
    assignment_id: id, title: `Essay ${id}`, course: 'English', course_code: 'ENG', assigned: due, due, due_date: due, status: 'Incomplete',
    marks_total: 10, marks_obtained: null, time_limit: null, timed: false, question_count: 2, ...extra,
  };
};

const show = (record: Record<string, StudentAssignment>) => {
  mockApi({ 'GET /students/get-assignments': () => ({ body: record }) });
  return renderRoutes([{ path: '/student/assignments', element: <AssignmentList /> }, { path: '/student/assignments/:id', element: <p>View</p> }], '/student/assignments');
};

describe('AssignmentList', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('splits into tabs, latest due first, and links each item by its title', async () => {
    show({ 1: item(1, day), 2: item(2, 3 * day), 3: item(3, -day, { status: 'Graded', marks_obtained: 8 }) });
    const links = await screen.findAllByRole('link');
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
});
