import { z } from 'zod';
import { ANSWER_GROUP_KEY_PATTERN } from '../answer-group-events';
import { richTextToPlainText } from '../rich-text';
import { RICH_TEXT_MAX_CHARS } from './grader';
import { FEEDBACK_MAX_TEXT, GRADING_MESSAGES } from './grading';
import { CommandReplySchema, route } from './route';

/**
 * Grade by question with answer groups (issue 14 item 6): per question, the responses of all students grouped by
 * equivalence; a group is graded once (one ResponseMarkEdited per member, each naming the group) and can be split.
 */

export const ANSWER_GROUP_MESSAGES = {
  groupNotFound: 'This answer group no longer exists: its answers changed or it was split. Reload the groups.',
  questionNotFound: 'Question not found',
  noMembers: 'Choose at least one answer to move out of the group',
  notMembers: 'Some of the chosen answers are not in this group any more. Reload the groups.',
  wholeGroup: 'A split must leave at least one answer in the group',
} as const;

const assignmentIdSchema = z.coerce
  .number({ error: 'assignment_id is required' })
  .int('assignment_id must be an integer')
  .positive('assignment_id is required');
const questionIdSchema = z.coerce
  .number({ error: 'question_id is required' })
  .int('question_id must be an integer')
  .positive('question_id is required');
const groupKeySchema = z
  .string({ error: 'group_key is required' })
  .regex(ANSWER_GROUP_KEY_PATTERN, 'group_key must be a key get-answer-groups returned');

export const GetAnswerGroupsBodySchema = z.object({
  assignment_id: assignmentIdSchema,
  /** The question to group; absent: the assignment's first question. */
  question_id: questionIdSchema.optional(),
});

export const AnswerGroupMemberSchema = z.object({
  response_id: z.number().int(),
  student_id: z.number().int(),
  student_name: z.string(),
  response: z.string(),
  points_obtained: z.number(),
  feedback: z.string(),
  graded: z.boolean(),
  /** Who set the current mark: a model's name, 'offline', 'instructor', or '' before any. */
  graded_by: z.string(),
  flagged_for_review: z.string(),
  flag_resolved: z.boolean(),
  version: z.number().int(),
});
export type AnswerGroupMember = z.infer<typeof AnswerGroupMemberSchema>;

export const AnswerGroupSchema = z.object({
  /** Stable while the answers stay the same: pass it to grade-answer-group and split-answer-group. */
  key: z.string(),
  /** How the answers were found equal: empty, one value (number), maths as written, or words. */
  kind: z.enum(['empty', 'unreadable', 'number', 'maths', 'text']),
  /** The group was made by a split. */
  split: z.boolean(),
  /** The first member's answer. */
  representative: z.string(),
  size: z.number().int(),
  graded_count: z.number().int(),
  flagged_count: z.number().int(),
  /** The marks the members have now, lowest first (one value when the group agrees). */
  marks: z.array(z.number()),
  members: z.array(AnswerGroupMemberSchema),
});
export type AnswerGroup = z.infer<typeof AnswerGroupSchema>;

export const AnswerGroupQuestionSchema = z.object({
  question_id: z.number().int(),
  question_number: z.number().int(),
  question: z.string(),
  answer: z.string(),
  points_possible: z.number(),
});
export type AnswerGroupQuestion = z.infer<typeof AnswerGroupQuestionSchema>;

export const AnswerGroupsReplySchema = z.object({
  assignment_title: z.string(),
  questions: z.array(AnswerGroupQuestionSchema),
  /** The question grouped (null: the assignment has no questions). */
  question_id: z.number().int().nullable(),
  /** Largest group first. */
  groups: z.array(AnswerGroupSchema),
});
export type AnswerGroupsReply = z.infer<typeof AnswerGroupsReplySchema>;

export const GradeAnswerGroupBodySchema = z.object({
  assignment_id: assignmentIdSchema,
  question_id: questionIdSchema,
  group_key: groupKeySchema,
  points_obtained: z
    .number({ error: 'points_obtained must be a number' })
    .min(0, 'Marks must be 0 or more')
    .refine((p) => Math.abs(p * 4 - Math.round(p * 4)) < 1e-9, GRADING_MESSAGES.pointsStep),
  feedback: z
    .string({ error: 'feedback must be text' })
    .max(RICH_TEXT_MAX_CHARS, 'Feedback is too long')
    .refine((f) => richTextToPlainText(f).length <= FEEDBACK_MAX_TEXT, 'Feedback is too long'),
  /** Also resolve the members' review flags (default false). */
  flag_resolved: z.boolean().optional(),
});
export type GradeAnswerGroupBody = z.input<typeof GradeAnswerGroupBodySchema>;

export const GradeAnswerGroupReplySchema = CommandReplySchema.extend({
  /** Members in the group when it was graded. */
  members: z.number().int(),
  /** Members whose mark or feedback changed (the others had them already). */
  changed: z.number().int(),
});

const idList = (field: string) =>
  z
    .array(
      z
        .number({ error: `${field} must be numbers` })
        .int()
        .positive(),
      { error: `${field} must be a list of ids` },
    )
    .max(5000)
    .default([]);

export const SplitAnswerGroupBodySchema = z
  .object({
    assignment_id: assignmentIdSchema,
    question_id: questionIdSchema,
    group_key: groupKeySchema,
    /** The responses to move out. */
    response_ids: idList('response_ids'),
    /** Or the students whose responses move (a typed answer not yet recorded for grading has no response id yet). */
    student_ids: idList('student_ids'),
  })
  .refine((b) => b.response_ids.length + b.student_ids.length > 0, { message: ANSWER_GROUP_MESSAGES.noMembers, path: ['response_ids'] });
export type SplitAnswerGroupBody = z.input<typeof SplitAnswerGroupBodySchema>;

export const SplitAnswerGroupReplySchema = CommandReplySchema.extend({ group_key: z.string() });

export const answerGroupRoutes = {
  getAnswerGroups: route({
    method: 'POST',
    path: '/grader/get-answer-groups',
    kind: 'query',
    access: 'instructor',
    summary:
      "One question's responses of every student, grouped by equivalent answer (same value and unit, same words modulo case, punctuation and filler words; empty answers apart), largest group first, with each member's mark and flag.",
    body: GetAnswerGroupsBodySchema,
    reply: AnswerGroupsReplySchema,
  }),
  gradeAnswerGroup: route({
    method: 'POST',
    path: '/grader/grade-answer-group',
    kind: 'command',
    access: 'instructor',
    summary:
      "Give every member of an answer group one mark and feedback: one mark edit per member on the student's grading history, naming the group. 404 when the group no longer exists.",
    body: GradeAnswerGroupBodySchema,
    reply: GradeAnswerGroupReplySchema,
  }),
  splitAnswerGroup: route({
    method: 'POST',
    path: '/grader/split-answer-group',
    kind: 'command',
    access: 'instructor',
    summary:
      'Move some answers (by response_ids and/or student_ids) out of a group into a new group of their own, kept while those answers stay the same. Replies with the new group key.',
    body: SplitAnswerGroupBodySchema,
    reply: SplitAnswerGroupReplySchema,
  }),
};
