import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ANSWER_GROUPS_PROJECTION,
  GRADING_PROJECTION,
  MARKING_POLICIES_PROJECTION,
  NOTIFICATIONS_PROJECTION,
  REGRADE_REQUESTS_PROJECTION,
  REGRADE_JOBS_PROJECTION,
  PRACTICE_PROJECTION,
  PROJECTIONS,
  TIMED_SESSIONS_PROJECTION,
  type ProjectionUpdated,
} from '@evergrade/contracts';
import { assignmentsQueryKey } from '../features/assignments/api/get-assignments';
import { courseKeys } from '../features/courses/api/keys';
import { instructorAssignmentKeys } from '../features/instructor-assignments/api/keys';
import { gradingKeys } from '../features/grading/api/keys';
import { regradeJobsKey } from '../features/grading/api/regrade-job';
import { assignmentInsightKeys } from '../features/insights/api/keys';
import { questionsBaseKey, questionsQueryKey } from '../features/assignments/api/get-assignment-questions';
import { timedSessionBaseKey, timedSessionKey } from '../features/assignments/api/sessions';
import { timedSessionsBaseKey, timedSessionsKey } from '../features/instructor-assignments/api/timed-sessions';
import { auraKeys } from '../features/aura/api/conversations';
import { textbookKeys } from '../features/textbooks/api/keys';
import { invalidateAt } from '../lib/positions';
import { notificationKeys, regradeKeys } from '../api/regrade-requests';
import { markingPolicyKeys } from '../api/marking-policy';
import { connectSocket, onProjectionUpdated, onReconnect } from '../lib/socket';

const idsOf = (keys: string[], kind: string) =>
  keys.flatMap((k) => {
    const [prefix, id] = k.split(':');
    return prefix === kind && id && /^\d+$/.test(id) ? [Number(id)] : [];
  });

/** Map a projection notice onto the query keys it makes stale. */
export function applyNotice(client: QueryClient, n: ProjectionUpdated): void {
  switch (n.projection) {
    case PROJECTIONS.studentAssignments:
      void invalidateAt(client, assignmentsQueryKey, n.position);
      void invalidateAt(client, courseKeys.all, n.position);
      return;
    case PROJECTIONS.assignmentQuestions: {
      const ids = idsOf(n.keys, 'assignment');
      if (ids.length === 0) void invalidateAt(client, questionsBaseKey, n.position);
      for (const id of ids) void invalidateAt(client, questionsQueryKey(id), n.position);
      return;
    }
    case PROJECTIONS.instructorAssignments: {
      // The instructor's list and question sheets (keys: assignment, course and user notices).
      const ids = idsOf(n.keys, 'assignment');
      void invalidateAt(client, instructorAssignmentKeys.list(), n.position);
      if (ids.length === 0) void invalidateAt(client, instructorAssignmentKeys.sheets(), n.position);
      for (const id of ids) void invalidateAt(client, instructorAssignmentKeys.sheet(id), n.position);
      return;
    }
    case GRADING_PROJECTION: {
      // Submissions, marks, feedback and flags of an assignment (keys: assignment and user notices).
      const ids = idsOf(n.keys, 'assignment');
      if (ids.length === 0) void invalidateAt(client, gradingKeys.all, n.position);
      for (const id of ids) void invalidateAt(client, gradingKeys.submissions(id), n.position);
      return;
    }
    case ANSWER_GROUPS_PROJECTION:
      // An answer group was split (keys: assignment): the grade-by-question view sits under the submissions key.
      for (const id of idsOf(n.keys, 'assignment')) void invalidateAt(client, gradingKeys.submissions(id), n.position);
      return;
    case REGRADE_REQUESTS_PROJECTION:
      // A regrade request asked or resolved, or a window set (keys: assignment and the student's user notice).
      void invalidateAt(client, regradeKeys.all, n.position);
      return;
    case REGRADE_JOBS_PROJECTION:
      // A regrade-all job started, went on or finished (key: assignment): the assignment's job list.
      for (const id of idsOf(n.keys, 'assignment')) void invalidateAt(client, regradeJobsKey(id), n.position);
      return;
    case MARKING_POLICIES_PROJECTION:
      // An assignment's marking policy set (key: assignment), perhaps by another instructor of the course.
      for (const id of idsOf(n.keys, 'assignment')) void invalidateAt(client, markingPolicyKeys.of(id), n.position);
      return;
    case NOTIFICATIONS_PROJECTION:
      // The signed-in user's notifications (key: their user notice).
      void invalidateAt(client, notificationKeys.all, n.position);
      return;
    case PRACTICE_PROJECTION:
      // A student's practice list and sheets (keys: their user and practice notices).
      void invalidateAt(client, [PRACTICE_PROJECTION], n.position);
      return;
    case TIMED_SESSIONS_PROJECTION: {
      // A session started, was given extra time or was submitted: the student's timer and the instructor's panel.
      const ids = idsOf(n.keys, 'assignment');
      if (ids.length === 0) {
        void invalidateAt(client, timedSessionBaseKey, n.position);
        void invalidateAt(client, timedSessionsBaseKey, n.position);
      }
      for (const id of ids) {
        void invalidateAt(client, timedSessionKey(id), n.position);
        void invalidateAt(client, timedSessionsKey(id), n.position);
      }
      return;
    }
    case PROJECTIONS.conversations:
      // AURA: the instructor's saved chats (keys: their user notice).
      void invalidateAt(client, auraKeys.all, n.position);
      return;
    case PROJECTIONS.textbooks:
      // A book added, indexed, failed or removed (key: textbooks): every textbook list and picker refetches.
      void invalidateAt(client, textbookKeys.all, n.position);
      return;
    case PROJECTIONS.insights: {
      // Course grades and item analysis (keys: course:{id}, which the pages know by code: every open course refetches).
      void invalidateAt(client, courseKeys.insights, n.position);
      // An assignment's statistics, item analysis and rubric scores (keys: assignment:{id}).
      const ids = idsOf(n.keys, 'assignment');
      for (const id of ids) void invalidateAt(client, assignmentInsightKeys.assignment(id), n.position);
      if (ids.length === 0 && !n.keys.some((k) => k.startsWith('course:')))
        void invalidateAt(client, assignmentInsightKeys.all, n.position);
      return;
    }
    case PROJECTIONS.summaries: {
      // Written student and class summaries of an assignment (keys: assignment:{id}).
      const ids = idsOf(n.keys, 'assignment');
      if (ids.length === 0) void invalidateAt(client, assignmentInsightKeys.all, n.position);
      for (const id of ids) {
        void invalidateAt(client, assignmentInsightKeys.students(id), n.position);
        void invalidateAt(client, assignmentInsightKeys.classSummary(id), n.position);
      }
      return;
    }
    case PROJECTIONS.directory:
      // users and courses: names shown in the header and on assignment cards
      void invalidateAt(client, ['users'], n.position);
      void invalidateAt(client, assignmentsQueryKey, n.position);
      void invalidateAt(client, ['admin'], n.position);
      void invalidateAt(client, courseKeys.all, n.position);
      void invalidateAt(client, instructorAssignmentKeys.all, n.position);
      return;
    default:
      // Anything on a school's admin screens (noticeKeys.school()).
      if (n.keys.includes('school')) void invalidateAt(client, ['admin'], n.position);
      return;
  }
}

/** While signed in: keep the socket open and turn notices into refetches (other tabs see changes). */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  useEffect(() => {
    connectSocket();
    const offNotice = onProjectionUpdated((n) => applyNotice(client, n));
    const offReconnect = onReconnect(() => void client.invalidateQueries());
    return () => {
      offNotice();
      offReconnect();
    };
  }, [client]);
}
