import { useParams } from 'react-router';
import { InstructorCourseList } from '../../../features/courses/components/course-list';
import { CourseDetail } from '../../../features/courses/components/course-detail';

/** /instructor/courses — 'My Courses'. Lazy-loaded with the course page (one chunk). */
export function InstructorCoursesRoute() {
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h2 className="page-title">My Courses</h2>
          <p className="text-muted">The courses you teach, with their students and assignments.</p>
        </div>
      </div>
      <InstructorCourseList />
    </div>
  );
}

/** /instructor/courses/:courseCode */
export function InstructorCourseRoute() {
  const { courseCode = '' } = useParams();
  return <CourseDetail key={courseCode} courseCode={courseCode} />;
}
