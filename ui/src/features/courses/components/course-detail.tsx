import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { EmptyState } from '../../../components/empty-state';
import { ArrowLeftIcon, CalendarIcon, UsersIcon, BookIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { useCourseAssignments } from '../api/get-course-assignments';
import { useCourseStudents } from '../api/get-course-students';
import { useInstructorCourses } from '../api/get-instructor-courses';
import { courseColour } from '../utils/course-colour';
import { CourseAnalytics } from './analytics/course-analytics';

const count = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

/** The course page: header, the course analytics (filters, Overview and Breakdown), then its students and assignments. */
export function CourseDetail({ courseCode }: { courseCode: string }) {
  const [search] = useSearchParams();
  const courses = useInstructorCourses();
  const students = useCourseStudents(courseCode);
  const assignments = useCourseAssignments(courseCode);
  const fromList = courses.data?.find((c) => c.course_code.toUpperCase() === courseCode.toUpperCase());
  const notFound = students.error instanceof ApiError && students.error.status === 404;

  const name = fromList?.course_name ?? search.get('courseName') ?? courseCode;
  const grade = fromList?.course_class ?? search.get('courseClass') ?? '';
  // Spec: a course-data failure empties the data.
  const studentList = students.data?.student_list ?? [];
  const assignmentList = assignments.data ?? [];
  const studentCount = students.data ? studentList.length : (fromList?.student_count ?? count(search.get('studentCount')));
  const assignmentCount = assignments.data ? assignmentList.length : (fromList?.assignment_count ?? count(search.get('assignmentCount')));
  const colour = courseColour(fromList?.course_code ?? courseCode);

  const back = (
    <Link to="/instructor/courses" className="button button-secondary teach-back">
      <ArrowLeftIcon /> Back to Courses
    </Link>
  );

  if (notFound) {
    return (
      <div className="page">
        <div className="teach-toolbar">{back}</div>
        <EmptyState title="Course not found">This course does not exist or you do not teach it.</EmptyState>
      </div>
    );
  }

  return (
    <div className="page">
      <div className="teach-toolbar">{back}</div>
      <header className="card teach-head" data-colour={colour}>
        <span className={`teach-card-bar course-colour-${colour}`} aria-hidden="true" />
        <div className="teach-head-body">
          <p className="teach-card-code mono">{fromList?.course_code ?? courseCode}</p>
          <h2 className="page-title">{name}</h2>
          <div className="teach-card-meta">
            {grade && <span className="chip">Grade {grade}</span>}
            <span className="teach-card-count">
              {studentCount} {studentCount === 1 ? 'Student' : 'Students'}
            </span>
            <span className="teach-card-count">
              {assignmentCount} {assignmentCount === 1 ? 'Assignment' : 'Assignments'}
            </span>
          </div>
        </div>
      </header>

      <CourseAnalytics
        courseCode={courseCode}
        assignments={assignments.data}
        assignmentsFailed={assignments.isError}
        onRetryAssignments={() => void assignments.refetch()}
      />

      <div className="teach-columns">
        <section className="card teach-section" aria-labelledby="course-students">
          <h3 className="card-title" id="course-students">
            <UsersIcon /> Students
          </h3>
          {students.isPending ? (
            <Spinner label="Loading students" />
          ) : studentList.length === 0 ? (
            <EmptyState title="No students enrolled yet">Your school administrator enrols students in this course.</EmptyState>
          ) : (
            <ul className="teach-rows" aria-label="Students">
              {studentList.map((s) => (
                <li key={s.student_id} className="teach-row">
                  <span className="avatar-dot" aria-hidden="true">
                    {initials(s.name)}
                  </span>
                  <span>{s.name}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card teach-section" aria-labelledby="course-assignments">
          <h3 className="card-title" id="course-assignments">
            <BookIcon /> Assignments
          </h3>
          {assignments.isPending ? (
            <Spinner label="Loading assignments" />
          ) : assignmentList.length === 0 ? (
            <EmptyState title="No assignments yet">Published assignments of this course will appear here.</EmptyState>
          ) : (
            <ul className="teach-rows" aria-label="Assignments">
              {assignmentList.map((a) => (
                <li key={a.assignment_id} className="teach-row teach-row-split">
                  <span className="teach-row-title">{a.title}</span>
                  <span className="text-muted teach-row-due">
                    <CalendarIcon width={14} height={14} /> Due {formatDate(a.due_date)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase() ?? '')
    .join('');
}
