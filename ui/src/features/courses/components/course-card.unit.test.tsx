import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstructorCourse } from '@evergrade/contracts';
import { mockApi, renderRoutes } from '../../../testing/render';
import { useSessionStore } from '../../../stores/session';
import { courseColour, courseHref } from '../utils/course-colour';
import { InstructorCourseCard } from './course-card';
import { InstructorCourseList } from './course-list';

const course = (extra: Partial<InstructorCourse> = {}): InstructorCourse => ({
  course_code: 'MATH10',
  course_name: 'Mathematics',
  course_class: '10',
  student_count: 2,
  assignment_count: 3,
  student_list: [
    { student_id: 1, name: 'Ada Lovelace' },
    { student_id: 2, name: 'Emmy Noether' },
  ],
  ...extra,
});

const card = (c: InstructorCourse) =>
  renderRoutes(
    [
      { path: '/instructor/courses', element: <InstructorCourseCard course={c} /> },
      { path: '/instructor/courses/:courseCode', element: <p>Course page</p> },
    ],
    '/instructor/courses',
  );

describe('courseColour', () => {
  it('colours by the letter prefix of the code, grey otherwise', () => {
    expect(courseColour('CS101')).toBe('green');
    expect(courseColour('MATH10')).toBe('blue');
    expect(courseColour('PHYS10')).toBe('purple');
    expect(courseColour('PHY9')).toBe('purple');
    expect(courseColour('chem9')).toBe('red');
    expect(courseColour('BIO-11')).toBe('green');
    expect(courseColour('ENG8')).toBe('orange');
    expect(courseColour('HIST9')).toBe('brown');
    expect(courseColour('ART7')).toBe('grey');
    expect(courseColour('10MATH')).toBe('grey');
  });

  it('hands the course fields to the course page in the query', () => {
    expect(courseHref(course({ course_name: 'Maths & Stats' }))).toBe(
      '/instructor/courses/MATH10?courseName=Maths+%26+Stats&courseClass=10&studentCount=2&assignmentCount=3',
    );
  });
});

describe('InstructorCourseCard', () => {
  afterEach(cleanup);

  it('shows name, code, grade and both counts, with the colour bar of its prefix, and opens the course', async () => {
    const { router } = card(course());
    const link = await screen.findByRole('link', { name: 'Mathematics (MATH10)' });
    expect(within(link).getByText('Mathematics')).toBeTruthy();
    expect(within(link).getByText('MATH10')).toBeTruthy();
    expect(within(link).getByText('Grade 10')).toBeTruthy();
    expect(within(link).getByText('2 Students')).toBeTruthy();
    expect(within(link).getByText('3 Assignments')).toBeTruthy();
    expect(link.getAttribute('data-colour')).toBe('blue');
    expect(link.querySelector('.course-colour-blue')).toBeTruthy();
    fireEvent.click(link);
    expect(await screen.findByText('Course page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/instructor/courses/MATH10');
    expect(new URLSearchParams(router.state.location.search).get('studentCount')).toBe('2');
  });

  it('hides a count that is zero', async () => {
    card(course({ course_code: 'ART7', course_name: 'Art', student_count: 0, assignment_count: 0, student_list: [] }));
    const link = await screen.findByRole('link', { name: 'Art (ART7)' });
    expect(link.getAttribute('data-colour')).toBe('grey');
    expect(within(link).queryByText(/Students/)).toBeNull();
    expect(within(link).queryByText(/Assignments/)).toBeNull();
    cleanup();
    card(course({ student_count: 0, assignment_count: 1 }));
    const other = await screen.findByRole('link', { name: 'Mathematics (MATH10)' });
    expect(within(other).queryByText(/Students/)).toBeNull();
    expect(within(other).getByText('1 Assignments')).toBeTruthy();
  });
});

describe('InstructorCourseList', () => {
  beforeEach(() => useSessionStore.getState().setInstructor({ instructorId: 7 }));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().clearAll();
  });

  const list = () => renderRoutes([{ path: '/instructor/courses', element: <InstructorCourseList /> }], '/instructor/courses');

  it("asks for the signed-in instructor's courses and shows a card for each", async () => {
    const api = mockApi({
      'POST /instructors/get-courses': () => ({
        body: [course(), course({ course_code: 'PHYS10', course_name: 'Physics', assignment_count: 0 })],
      }),
    });
    list();
    expect(await screen.findByRole('link', { name: 'Physics (PHYS10)' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(api.calls[0]?.body).toEqual({ instructor_id: 7 });
  });

  it('empties the list silently when the load fails', async () => {
    mockApi({ 'POST /instructors/get-courses': () => ({ status: 500, body: { message: 'boom' } }) });
    list();
    expect(await screen.findByText('No courses yet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
