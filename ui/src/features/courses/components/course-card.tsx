import { Link } from 'react-router';
import { BookIcon, UsersIcon } from '../../../components/icons';
import type { InstructorCourse } from '@evergrade/contracts';
import { courseColour, courseHref } from '../utils/course-colour';

/** One course on 'My Courses': colour bar, name and code, grade, and the non-zero counts. Opens the course page. */
export function InstructorCourseCard({ course }: { course: InstructorCourse }) {
  const colour = courseColour(course.course_code);
  return (
    <Link
      to={courseHref(course)}
      className="card teach-card"
      data-colour={colour}
      data-testid={`course-card-${course.course_code}`}
      aria-label={`${course.course_name} (${course.course_code})`}
    >
      <span className={`teach-card-bar course-colour-${colour}`} aria-hidden="true" />
      <div className="teach-card-body">
        <p className="teach-card-code mono">{course.course_code}</p>
        <h3 className="teach-card-name">{course.course_name}</h3>
        <div className="teach-card-meta">
          <span className="chip">Grade {course.course_class}</span>
        </div>
      </div>
      {(course.student_count > 0 || course.assignment_count > 0) && (
        <div className="teach-card-foot">
          {course.student_count > 0 && (
            <span className="teach-card-count">
              <UsersIcon aria-hidden="true" />
              {course.student_count} Students
            </span>
          )}
          {course.assignment_count > 0 && (
            <span className="teach-card-count">
              <BookIcon aria-hidden="true" />
              {course.assignment_count} Assignments
            </span>
          )}
        </div>
      )}
    </Link>
  );
}
