import { useEffect } from 'react';
import { watchAssignment } from '../../../lib/socket';

/**
 * While an assignment's submissions are on screen, join its room: the grading read model's notices
 * name `assignment:{id}`, and app/live-updates.ts turns them into refetches of the submissions, so
 * two instructors on one assignment see each other's uploads, grades, edits and resolved flags.
 */
export function useGradingLive(assignmentId: number): void {
  useEffect(() => watchAssignment(assignmentId), [assignmentId]);
}
