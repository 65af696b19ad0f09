import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { instructorAssignmentKeys } from './keys';

/** POST /grader/previous-assignments: the assignments of the courses the instructor teaches. */
export const getInstructorAssignments = ({ signal }: { signal?: AbortSignal } = {}) =>
  callApi('previousAssignments', { body: {}, signal, minPosition: minPositionFor(instructorAssignmentKeys.list()) });

export const instructorAssignmentsQueryOptions = () =>
  queryOptions({ queryKey: instructorAssignmentKeys.list(), queryFn: getInstructorAssignments });

/** Refetched on every mount: the list reloads whenever the user returns to the route. */
export const useInstructorAssignments = () => useQuery({ ...instructorAssignmentsQueryOptions(), refetchOnMount: 'always' });
