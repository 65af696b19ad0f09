import { LIBRARY_PROJECTIONS, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';

/** Textbooks: shared rows and each school's own. Serves list-textbooks. */
async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'TextbookAdded') return null;
  const tenant = tenantOf(recorded);
  const d = event.data;
  await tx.query(
    'INSERT INTO textbooks (tenant, textbook_id, title, author, subject) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
    [tenant, d.textbookId, d.title, d.author ?? null, d.subject]);
  return { tenant, keys: ['textbooks'] };
}

export const textbooksProjection: Projection = perEventProjection({
  name: LIBRARY_PROJECTIONS.textbooks,
  version: 1,
  tables: ['textbooks'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS textbooks (
      tenant text NOT NULL, textbook_id integer NOT NULL, title text NOT NULL, author text, subject text NOT NULL,
      PRIMARY KEY (tenant, textbook_id))`);
  },
  apply,
});
