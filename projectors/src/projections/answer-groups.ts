import { ANSWER_GROUPS_PROJECTION, noticeKeys, type AnswerGroupSplit, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/**
 * Where the instructor's splits put a response (ag_splits): the answer group `group_key` while the response's own key
 * is still `natural_key` (contracts' evolveAnswerGroupSplits, as rows). Groups themselves are computed from the
 * grading read model's texts when they are read.
 */
export type AnswerGroupSplitRow = {
  tenant: string;
  response_id: number;
  assignment_id: number;
  question_id: number;
  natural_key: string;
  group_key: string;
  position: string;
};

const splitsTable: TableSpec<AnswerGroupSplitRow> = {
  table: 'ag_splits',
  key: ['tenant', 'response_id'],
  columns: ['tenant', 'response_id', 'assignment_id', 'question_id', 'natural_key', 'group_key', 'position'],
};

type State = { splits: RowSet<AnswerGroupSplitRow> };

/** Pure: each moved response's latest split wins; a redelivered event changes nothing. */
export function evolveAnswerGroups(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'AnswerGroupSplit') return null;
  const tenant = tenantOf(recorded);
  const d = (event as AnswerGroupSplit).data;
  for (const m of d.members) {
    const row = state.splits.get({ tenant, response_id: m.responseId });
    if (row && row.position >= recorded.globalPosition) continue;
    state.splits.put({
      tenant,
      response_id: m.responseId,
      assignment_id: d.assignmentId,
      question_id: d.questionId,
      natural_key: m.naturalKey,
      group_key: d.key,
      position: recorded.globalPosition,
    });
  }
  return { tenant, keys: [noticeKeys.assignment(d.assignmentId)] };
}

/** Splits of answer groups. Serves POST /grader/get-answer-groups with the grading read model. */
export const answerGroupsProjection = defineProjection<State>({
  name: ANSWER_GROUPS_PROJECTION,
  version: 1,
  tables: ['ag_splits'],
  handles: ['AnswerGroupSplit'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS ag_splits (
      tenant text NOT NULL, response_id integer NOT NULL, assignment_id integer NOT NULL, question_id integer NOT NULL,
      natural_key text NOT NULL, group_key text NOT NULL, position text NOT NULL,
      PRIMARY KEY (tenant, response_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS ag_splits_question ON ag_splits (tenant, assignment_id, question_id)');
  },
  init: () => ({ splits: new RowSet(splitsTable) }),
  async load(tx, state, events) {
    await state.splits.load(
      tx,
      ofTypes(events, 'AnswerGroupSplit').flatMap((e) =>
        (e.data as AnswerGroupSplit['data']).members.map((m) => ({ tenant: tenantOf(e), response_id: Number(m.responseId) })),
      ),
    );
  },
  evolve: evolveAnswerGroups,
});
