import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { noticeKeys } from '@evergrade/contracts';
import { invalidateAt } from '../../../lib/positions';
import { onProjectionUpdated, watchAssignment } from '../../../lib/socket';
import { gradingKeys } from '../api/keys';

/**
 * While an assignment's submissions are on screen: join its room and refetch them whenever a read
 * model names the assignment (another instructor's upload, grade, edit or resolved flag).
 */
export function useGradingLive(assignmentId: number): void {
  const client = useQueryClient();
  useEffect(() => {
    const key = noticeKeys.assignment(assignmentId);
    const release = watchAssignment(assignmentId);
    const off = onProjectionUpdated((n) => {
      if (n.keys.includes(key)) void invalidateAt(client, gradingKeys.submissions(assignmentId), n.position);
    });
    return () => {
      off();
      release();
    };
  }, [assignmentId, client]);
}
