import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /students/get-courses for the wizard's course select; failures are logged and show no courses. */
export function useStudentCourses() {
  const query = useQuery({
    queryKey: ['practice', 'student-courses'],
    queryFn: ({ signal }) =>
      callApi('getStudentCourses', { signal }).catch((err: unknown) => {
        console.error('Failed to fetch courses', err);
        return [];
      }),
  });
  return { courses: query.data ?? [], loading: query.isPending };
}

/** POST /grader/validate-and-upload-url-pdf (open to students): the server fetches and stores the PDF. */
export const storeUrlPdf = (url: string, createdBy: string, title: string) =>
  callApi('validateUrlPdf', { body: { url, created_by: createdBy, title } });
