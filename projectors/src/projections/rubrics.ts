import { LIBRARY_PROJECTIONS, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** One rubric criterion: shared rows (tenant SHARED_LIBRARY_TENANT) and each school's own. Serves get-rubrics. */
export type RubricRow = {
  tenant: string;
  rubric_id: number;
  rubric_name: string;
  criterion: string;
  description: string;
  added_by: number | null;
  added_at: string;
};

const rubricsTable: TableSpec<RubricRow> = {
  table: 'rubrics',
  key: ['tenant', 'rubric_id'],
  columns: ['tenant', 'rubric_id', 'rubric_name', 'criterion', 'description', 'added_by', 'added_at'],
};

type State = { rubrics: RowSet<RubricRow> };

/** Pure: a rubric is added once; a redelivered RubricAdded changes nothing. */
export function evolveRubrics(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'RubricAdded') return null;
  const tenant = tenantOf(recorded);
  const d = event.data;
  if (state.rubrics.has({ tenant, rubric_id: d.rubricId })) return { tenant, keys: ['rubrics'] };
  state.rubrics.put({
    tenant,
    rubric_id: d.rubricId,
    rubric_name: d.rubricName,
    criterion: d.criterion,
    description: d.description,
    added_by: d.addedBy,
    added_at: d.addedAt,
  });
  return { tenant, keys: ['rubrics'] };
}

export const rubricsProjection = defineProjection<State>({
  name: LIBRARY_PROJECTIONS.rubrics,
  version: 1,
  tables: ['rubrics'],
  handles: ['RubricAdded'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS rubrics (
      tenant text NOT NULL, rubric_id integer NOT NULL, rubric_name text NOT NULL, criterion text NOT NULL,
      description text NOT NULL, added_by integer, added_at timestamptz NOT NULL,
      PRIMARY KEY (tenant, rubric_id))`);
  },
  init: () => ({ rubrics: new RowSet(rubricsTable) }),
  async load(tx, state, events) {
    await state.rubrics.load(
      tx,
      ofTypes(events, 'RubricAdded').map((e) => ({ tenant: tenantOf(e), rubric_id: Number(e.data.rubricId) })),
    );
  },
  evolve: evolveRubrics,
});
