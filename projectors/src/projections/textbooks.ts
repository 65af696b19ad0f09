import { LIBRARY_PROJECTIONS, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/**
 * One textbook: shared rows (tenant SHARED_LIBRARY_TENANT) and each school's own, with where its indexing is
 * (issue 13). Serves list-textbooks. A removed book keeps a row (`removed`, never listed) so an event redelivered
 * after its removal changes nothing.
 */
export type TextbookRow = {
  tenant: string;
  textbook_id: number;
  title: string;
  author: string | null;
  subject: string;
  status: 'indexing' | 'ready' | 'failed';
  /** Pages read so far while indexing; the book's pages once indexed. */
  page_count: number;
  example_queries: string[];
  /** Why indexing failed, else null. */
  failure: string | null;
  removed: boolean;
  added_at: string;
  /** The position of the last event that changed the row. */
  position: string;
};

const textbooksTable: TableSpec<TextbookRow> = {
  table: 'textbooks',
  key: ['tenant', 'textbook_id'],
  columns: [
    'tenant',
    'textbook_id',
    'title',
    'author',
    'subject',
    'status',
    'page_count',
    'example_queries',
    'failure',
    'removed',
    'added_at',
    'position',
  ],
};

type State = { textbooks: RowSet<TextbookRow> };

const HANDLED = ['TextbookAdded', 'TextbookPagesExtracted', 'TextbookIndexed', 'TextbookIndexingFailed', 'TextbookRemoved'] as const;

/** Pure: folds one textbook event into its row; an event at or before the row's position changes nothing. */
export function evolveTextbooks(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (!(HANDLED as readonly string[]).includes(event.type)) return null;
  const tenant = tenantOf(recorded);
  const touched = { tenant, keys: [noticeKeys.textbooks()] };
  const key = { tenant, textbook_id: Number((event.data as { textbookId: number }).textbookId) };
  const row = state.textbooks.get(key);
  if (row && (row.position >= recorded.globalPosition || row.removed)) return touched;
  if (event.type === 'TextbookAdded') {
    const d = event.data;
    if (row) return touched;
    state.textbooks.put({
      ...key,
      title: d.title,
      author: d.author ?? null,
      subject: d.subject,
      status: 'indexing',
      page_count: 0,
      example_queries: [],
      failure: null,
      removed: false,
      added_at: d.addedAt,
      position: recorded.globalPosition,
    });
    return touched;
  }
  // Events of a book whose TextbookAdded is not there: nothing to show.
  if (!row) return null;
  const next: TextbookRow = { ...row, position: recorded.globalPosition };
  switch (event.type) {
    case 'TextbookPagesExtracted':
      next.page_count = Math.max(row.page_count, ...event.data.pages.map((p) => p.page));
      break;
    case 'TextbookIndexed':
      next.status = 'ready';
      next.page_count = event.data.pageCount;
      next.example_queries = event.data.exampleQueries;
      next.failure = null;
      break;
    case 'TextbookIndexingFailed':
      next.status = 'failed';
      next.failure = event.data.reason;
      break;
    case 'TextbookRemoved':
      next.removed = true;
      break;
  }
  state.textbooks.put(next);
  return touched;
}

export const textbooksProjection = defineProjection<State>({
  name: LIBRARY_PROJECTIONS.textbooks,
  version: 2,
  tables: ['textbooks'],
  handles: [...HANDLED],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS textbooks (
      tenant text NOT NULL, textbook_id integer NOT NULL, title text NOT NULL, author text, subject text NOT NULL,
      status text NOT NULL, page_count integer NOT NULL, example_queries jsonb NOT NULL, failure text,
      removed boolean NOT NULL, added_at timestamptz NOT NULL, position text NOT NULL,
      PRIMARY KEY (tenant, textbook_id))`);
  },
  init: () => ({ textbooks: new RowSet(textbooksTable) }),
  carry: ['textbooks'],
  async load(tx, state, events) {
    await state.textbooks.load(
      tx,
      ofTypes(events, ...HANDLED).map((e) => ({ tenant: tenantOf(e), textbook_id: Number(e.data.textbookId) })),
    );
  },
  evolve: evolveTextbooks,
});
