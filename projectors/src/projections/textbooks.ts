import { LIBRARY_PROJECTIONS, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** One textbook: shared rows (tenant SHARED_LIBRARY_TENANT) and each school's own. Serves list-textbooks. */
export type TextbookRow = { tenant: string; textbook_id: number; title: string; author: string | null; subject: string };

const textbooksTable: TableSpec<TextbookRow> = {
  table: 'textbooks',
  key: ['tenant', 'textbook_id'],
  columns: ['tenant', 'textbook_id', 'title', 'author', 'subject'],
};

type State = { textbooks: RowSet<TextbookRow> };

/** Pure: a textbook is added once; a redelivered TextbookAdded changes nothing. */
export function evolveTextbooks(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'TextbookAdded') return null;
  const tenant = tenantOf(recorded);
  const d = event.data;
  if (!state.textbooks.has({ tenant, textbook_id: d.textbookId })) {
    state.textbooks.put({ tenant, textbook_id: d.textbookId, title: d.title, author: d.author ?? null, subject: d.subject });
  }
  return { tenant, keys: ['textbooks'] };
}

export const textbooksProjection = defineProjection<State>({
  name: LIBRARY_PROJECTIONS.textbooks,
  version: 1,
  tables: ['textbooks'],
  handles: ['TextbookAdded'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS textbooks (
      tenant text NOT NULL, textbook_id integer NOT NULL, title text NOT NULL, author text, subject text NOT NULL,
      PRIMARY KEY (tenant, textbook_id))`);
  },
  init: () => ({ textbooks: new RowSet(textbooksTable) }),
  async load(tx, state, events) {
    await state.textbooks.load(
      tx,
      ofTypes(events, 'TextbookAdded').map((e) => ({ tenant: tenantOf(e), textbook_id: Number(e.data.textbookId) })),
    );
  },
  evolve: evolveTextbooks,
});
