import { LIBRARY_PROJECTIONS, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';

/** The rubric library: shared rows (tenant SHARED_LIBRARY_TENANT) and each school's own. Serves get-rubrics. */
async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'RubricAdded') return null;
  const tenant = tenantOf(recorded);
  const d = event.data;
  await tx.query(
    `INSERT INTO rubrics (tenant, rubric_id, rubric_name, criterion, description, added_by, added_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [tenant, d.rubricId, d.rubricName, d.criterion, d.description, d.addedBy, d.addedAt]);
  return { tenant, keys: ['rubrics'] };
}

export const rubricsProjection: Projection = {
  name: LIBRARY_PROJECTIONS.rubrics,
  version: 1,
  tables: ['rubrics'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS rubrics (
      tenant text NOT NULL, rubric_id integer NOT NULL, rubric_name text NOT NULL, criterion text NOT NULL,
      description text NOT NULL, added_by integer, added_at timestamptz NOT NULL,
      PRIMARY KEY (tenant, rubric_id))`);
  },
  apply,
};
