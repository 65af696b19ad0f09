import { EmptyState } from '../../../components/empty-state';
import { LayersIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { useInstructorCourses } from '../api/get-instructor-courses';
import { InstructorCourseCard } from './course-card';

/** 'My Courses': a grid of cards. Spec (error catalogue): a failed load empties the list silently. */
export function InstructorCourseList() {
  const courses = useInstructorCourses();
  if (courses.isPending && courses.fetchStatus !== 'idle') return <Spinner label="Loading courses" />;
  const list = courses.data ?? [];
  if (list.length === 0) {
    return (
      <EmptyState title="No courses yet" icon={<LayersIcon width={28} height={28} />}>
        Your school administrator assigns instructors to courses. The courses you teach will appear here.
      </EmptyState>
    );
  }
  return (
    <div className="teach-grid" aria-label="My courses" role="list">
      {list.map((c) => (
        <div role="listitem" key={c.course_code}>
          <InstructorCourseCard course={c} />
        </div>
      ))}
    </div>
  );
}
