import { z } from 'zod';

/** Sent to the rooms a read-model change concerns; the UI invalidates the matching query keys. */
export const ProjectionUpdatedSchema = z.object({
  projection: z.string(),
  keys: z.array(z.string()),
  position: z.string(),
  /** The read model was rebuilt and swapped in: anything read from it may have changed (sent to every client). */
  rebuilt: z.boolean().optional(),
});
export type ProjectionUpdated = z.infer<typeof ProjectionUpdatedSchema>;

export const SOCKET_EVENTS = {
  projectionUpdated: 'projection.updated',
  watchAssignment: 'watch.assignment',
} as const;

/** Room and notice keys: `user:5`, `assignment:12`, `course:3` (the tenant is added by the gateway). */
export const noticeKeys = {
  user: (id: number) => `user:${id}`,
  assignment: (id: number) => `assignment:${id}`,
  course: (id: number) => `course:${id}`,
  /** Anything on the admin's screens of a school changed. */
  school: () => 'school',
};

export const PROJECTIONS = {
  studentAssignments: 'student-assignments',
  assignmentQuestions: 'assignment-questions',
  directory: 'directory',
  instructorAssignments: 'instructor-assignments',
  /** Assignment statistics, item analysis and course grades (notice keys: assignment and course). */
  insights: 'insights',
  /** Written student and class summaries (notice keys: assignment). */
  summaries: 'summaries',
} as const;
