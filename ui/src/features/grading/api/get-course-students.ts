import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { gradingKeys } from './keys';

/** GET /instructors/get-course-students/{courseCode}: the list files are mapped to, by name. */
export const useCourseStudents = (courseCode: string) =>
  useQuery({
    queryKey: gradingKeys.courseStudents(courseCode),
    queryFn: ({ signal }) =>
      callApi('getCourseStudents', { params: { courseCode }, signal }).then((r) =>
        [...r.student_list].sort((a, b) => a.name.localeCompare(b.name)),
      ),
    enabled: courseCode !== '',
  });
