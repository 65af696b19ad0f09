import { z } from 'zod';
import { MarkingPolicySchema } from '../marking-policy';
import { CommandReplySchema, route } from './route';

const assignmentId = z.number({ error: 'assignment_id must be a number' }).int().positive();

export const SetMarkingPolicyBodySchema = z.object({
  assignment_id: assignmentId,
  /** The whole policy: a switch left out is unset (the checker's usual behaviour). */
  policy: MarkingPolicySchema,
});
export type SetMarkingPolicyBody = z.input<typeof SetMarkingPolicyBodySchema>;

export const MarkingPolicyReplySchema = z.object({
  policy: MarkingPolicySchema,
  /** When it was last set (null: never, every switch unset). */
  set_at: z.string().nullable(),
});
export type MarkingPolicyReply = z.infer<typeof MarkingPolicyReplySchema>;

/** An assignment's marking policy (issue 14): the switches its offline grading follows where teachers differ. */
export const markingPolicyRoutes = {
  getMarkingPolicy: route({
    method: 'POST',
    path: '/grader/get-marking-policy',
    kind: 'query',
    access: 'instructor',
    summary: 'The marking policy of an assignment the instructor teaches (every switch unset until it is first set).',
    body: z.object({ assignment_id: assignmentId }),
    reply: MarkingPolicyReplySchema,
  }),
  setMarkingPolicy: route({
    method: 'POST',
    path: '/grader/set-marking-policy',
    kind: 'command',
    access: 'instructor',
    summary:
      'Set the marking policy of an assignment the instructor teaches: the whole policy, switches left out unset. Gradings from now on follow it; a regrade applies it to marks already given.',
    body: SetMarkingPolicyBodySchema,
    reply: CommandReplySchema,
  }),
};
