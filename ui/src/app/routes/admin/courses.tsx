import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { PlusIcon } from '../../../components/icons';
import { QueryBoundary } from '../../../components/query-boundary';
import { useAdminCourses } from '../../../features/admin/api/get-courses';
import { useAdminUsers } from '../../../features/admin/api/get-users';
import { CourseCard } from '../../../features/admin/components/course-card';
import { CreateCourseDialog } from '../../../features/admin/components/create-course-dialog';

export function AdminCoursesRoute() {
  const courses = useAdminCourses();
  const users = useAdminUsers();
  const [creating, setCreating] = useState(false);
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h2 className="page-title">Courses</h2>
          <p className="text-muted">Create courses, assign instructors and enrol students.</p>
        </div>
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          <PlusIcon /> New course
        </button>
      </div>
      <QueryBoundary query={courses} label="courses">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No courses yet">Create the first course, then assign its instructors and enrol its students.</EmptyState>
          ) : (
            <div className="course-list">
              {[...list]
                .sort((a, b) => a.course_code.localeCompare(b.course_code))
                .map((c) => (
                  <CourseCard key={c.course_id} course={c} users={users.data ?? []} />
                ))}
            </div>
          )
        }
      </QueryBoundary>
      {creating && <CreateCourseDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
