import { z } from 'zod';

/**
 * Answer groups (issue 14 item 6): the responses to one question grouped by equivalence (the key is
 * @evergrade/grading's `groupKey`, computed from the response text, so a group needs no event to exist). The
 * instructor's splits are events on the question's own stream `answer-groups:{tenant}:{assignmentId}:{questionId}`,
 * so groups stay as the instructor left them and rebuild from the log. A group grade is one ResponseMarkEdited per
 * member on each student's grading stream, naming the group (`answerGroup`).
 */

/** The read model of splits (notice key: the assignment). */
export const ANSWER_GROUPS_PROJECTION = 'answer-groups';

/** A group key: `empty`, a kind letter and a digest, and `.n` per split (`t-3f2a….2`). */
export const ANSWER_GROUP_KEY_PATTERN = /^[a-z0-9][a-z0-9.-]{0,79}$/;

/** Responses moved out of a group into a new group of their own. */
export const AnswerGroupSplitSchema = z.object({
  type: z.literal('AnswerGroupSplit'),
  data: z.object({
    assignmentId: z.number().int(),
    questionId: z.number().int(),
    /** The group they left. */
    fromKey: z.string(),
    /** The new group's key (unique on the stream). */
    key: z.string(),
    /** Each moved response with its own key when it moved: it stays in the new group while its answer keeps that key. */
    members: z.array(z.object({ responseId: z.number().int(), naturalKey: z.string() })),
    by: z.number().int(),
    splitAt: z.iso.datetime({ offset: true }),
  }),
});
export type AnswerGroupSplit = z.infer<typeof AnswerGroupSplitSchema>;

export const ANSWER_GROUP_EVENT_SCHEMAS = [AnswerGroupSplitSchema] as const;

/** The splits of one question: where each moved response is, and how many splits there were. */
export type AnswerGroupSplits = {
  splits: number;
  overrides: Record<number, { naturalKey: string; key: string }>;
};

export const initialAnswerGroupSplits = (): AnswerGroupSplits => ({ splits: 0, overrides: {} });

/** Pure: the one fold of a question's splits (the split decider's `evolve` and the answer-groups projection). */
export function evolveAnswerGroupSplits(state: AnswerGroupSplits, event: AnswerGroupSplit): AnswerGroupSplits {
  const overrides = { ...state.overrides };
  for (const m of event.data.members) overrides[m.responseId] = { naturalKey: m.naturalKey, key: event.data.key };
  return { splits: state.splits + 1, overrides };
}

/** The key of a question's next split group: unique on the stream, readable as a child of the group split. */
export const splitGroupKey = (fromKey: string, splitsSoFar: number): string => `${fromKey.split('.')[0]}.${splitsSoFar + 1}`;
