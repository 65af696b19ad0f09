import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../stores/session';
import { assignmentsQueryOptions } from '../../features/assignments/api/get-assignments';
import { subjectTone } from '../../lib/assignment-filters';
import { useInstructorAssignments } from '../../features/instructor-assignments/api/get-instructor-assignments';
import { usePracticeAssignments } from '../../api/get-practice-assignments';
import { MonthCalendar, type CalendarEvent } from '../../features/calendar';
import { InstructorLayout } from './instructor/layout';
import { StudentLayout } from './student/layout';

const useRole = () => useSessionStore((s) => (s.instructor.isAuthenticated ? 'instructor' : 'student'));

/** /calendar sits in the signed-in user's own layout. */
export function CalendarLayout() {
  return useRole() === 'instructor' ? <InstructorLayout /> : <StudentLayout />;
}

function StudentCalendar() {
  const assignments = useQuery({ ...assignmentsQueryOptions(), refetchOnMount: 'always' });
  // a practice item is due when it was created (spec); a failure just leaves practice out
  const { practice } = usePracticeAssignments();
  const events = useMemo<CalendarEvent[]>(
    () => [
      ...Object.values(assignments.data ?? {}).map((a) => ({
        id: `a${a.assignment_id}`,
        title: a.title,
        due: a.due,
        href: `/student/assignments/${a.assignment_id}`,
        tone: subjectTone(a.course),
        label: a.course_code || a.course,
        status: a.status,
        kind: 'assignment' as const,
      })),
      ...practice.map((p) => ({
        id: `p${p.practice_assignment_id}`,
        title: p.title,
        due: p.due,
        href: `/student/assignments/practice/${p.practice_assignment_id}`,
        tone: subjectTone(p.course),
        label: p.course_code ?? p.course,
        status: p.status,
        kind: 'practice' as const,
      })),
    ],
    [assignments.data, practice],
  );
  return <MonthCalendar events={events} loading={assignments.isPending} />;
}

function InstructorCalendar() {
  const assignments = useInstructorAssignments();
  const events = useMemo<CalendarEvent[]>(
    () =>
      (assignments.data ?? []).map((a) => ({
        id: `a${a.assignment_id}`,
        title: a.title,
        due: a.due_date,
        href: `/instructor/assignments/${a.assignment_id}`,
        tone: subjectTone(a.subject || a.course_name),
        label: a.course_code,
        status: `${a.submissions} submitted`,
        kind: 'assignment' as const,
      })),
    [assignments.data],
  );
  return <MonthCalendar events={events} loading={assignments.isPending} />;
}

export function CalendarRoute() {
  const role = useRole();
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h2 className="page-title">Calendar</h2>
          <p className="text-muted">
            {role === 'instructor' ? 'When the work you set is due.' : 'Everything due, by day: assignments and practice.'}
          </p>
        </div>
      </div>
      {role === 'instructor' ? <InstructorCalendar /> : <StudentCalendar />}
    </div>
  );
}
