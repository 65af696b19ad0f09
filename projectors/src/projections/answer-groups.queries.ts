import type { SqlClient } from '@evergrade/platform/sql';
import type { AnswerGroupSplitRow } from './answer-groups';

export type { AnswerGroupSplitRow } from './answer-groups';

/** The splits of one question's answer groups (table `ag_splits`): the only SQL outside the projection naming it. */
export async function answerGroupSplitsOf(
  db: SqlClient,
  tenant: string,
  assignmentId: number,
  questionId: number,
): Promise<AnswerGroupSplitRow[]> {
  const { rows } = await db.query<{ r: AnswerGroupSplitRow }>(
    'SELECT to_jsonb(s.*) AS r FROM ag_splits s WHERE s.tenant = $1 AND s.assignment_id = $2 AND s.question_id = $3',
    [tenant, assignmentId, questionId],
  );
  return rows.map((x) => x.r);
}
