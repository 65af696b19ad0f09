import { PROJECTIONS, passageIdOf, splitPagePassages, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/**
 * The textbooks' text as passages the assistant searches (issue 13): each page split into paragraph-ish passages of
 * about 60-200 words that never leave their page, stored with a tsvector ('english': the section heading weight A, the
 * passage's text B) under a GIN index. Only books whose indexing finished answer; a removed book's passages are deleted.
 *
 * Its own copy of each book's title and state (`textbook_passage_books`), so a search reads no other read model.
 */
export type PassageBookRow = {
  tenant: string;
  textbook_id: number;
  title: string;
  /** 'indexing' until TextbookIndexed; 'removed' rows hold no passages (kept so a redelivered event stays ignored). */
  status: 'indexing' | 'ready' | 'failed' | 'removed';
  /** Passages stored for the book (a search's corpus size, for the terms' weights). */
  passages: number;
  /** Words in them (for the average passage length). */
  words: number;
  /** The section heading in force at the end of the last page read: the next page's passages start in it. */
  last_heading: string | null;
  /** The position of the last event that changed the row. */
  position: string;
};

/** One passage. Its `search` vector is computed in SQL when it is written, so it is not part of the row. */
export type TextbookPassageRow = {
  tenant: string;
  passage_id: number;
  textbook_id: number;
  page: number;
  heading: string;
  text: string;
  /** Words in `text`: a long passage's matches count for a little less. */
  words: number;
};

const booksTable: TableSpec<PassageBookRow> = {
  table: 'textbook_passage_books',
  key: ['tenant', 'textbook_id'],
  columns: ['tenant', 'textbook_id', 'title', 'status', 'passages', 'words', 'last_heading', 'position'],
};

/** How many of a book's passages have each word (lexeme): a search weighs the question's words from it. */
export type PassageTermRow = { tenant: string; textbook_id: number; lexeme: string; df: number };

/** Written by `save` with the passages (counted from their vectors), deleted with the book's passages. */
const termsTable: TableSpec<PassageTermRow> = {
  table: 'textbook_passage_terms',
  key: ['lexeme', 'tenant', 'textbook_id'],
  columns: ['tenant', 'textbook_id', 'lexeme', 'df'],
};

/** Written by `save` (insert with the computed vector, delete by book), not through a RowSet. */
const passagesTable: TableSpec<TextbookPassageRow> = {
  table: 'textbook_passages',
  key: ['tenant', 'passage_id'],
  columns: ['tenant', 'passage_id', 'textbook_id', 'page', 'heading', 'text', 'words'],
};
const PASSAGE_COLUMNS = passagesTable.columns;

type State = {
  books: RowSet<PassageBookRow>;
  /** Passages made in this batch, inserted in one statement by `save`. */
  added: TextbookPassageRow[];
  /** Books removed in this batch: their stored passages are deleted in one statement. */
  removed: { tenant: string; textbook_id: number }[];
};

const HANDLED = ['TextbookAdded', 'TextbookPagesExtracted', 'TextbookIndexed', 'TextbookIndexingFailed', 'TextbookRemoved'] as const;

/** Pure: folds one textbook event into the batch's rows. Events at or before a book's position change nothing. */
export function evolveTextbookPassages(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (!(HANDLED as readonly string[]).includes(event.type)) return null;
  const tenant = tenantOf(recorded);
  const textbookId = Number((event.data as { textbookId: number }).textbookId);
  const key = { tenant, textbook_id: textbookId };
  const row = state.books.get(key);
  if (row && row.position >= recorded.globalPosition) return null;
  const book: PassageBookRow = row
    ? { ...row, position: recorded.globalPosition }
    : {
        tenant,
        textbook_id: textbookId,
        title: '',
        status: 'indexing',
        passages: 0,
        words: 0,
        last_heading: null,
        position: recorded.globalPosition,
      };
  if (book.status === 'removed') return null;
  switch (event.type) {
    case 'TextbookAdded':
      book.title = event.data.title;
      break;
    case 'TextbookPagesExtracted': {
      let heading = book.last_heading;
      for (const { page, text } of [...event.data.pages].sort((a, b) => a.page - b.page)) {
        const split = splitPagePassages(text, heading);
        heading = split.lastHeading;
        for (const p of split.passages) {
          const words = p.text.split(/\s+/).filter(Boolean).length;
          book.words += words;
          state.added.push({
            tenant,
            passage_id: passageIdOf(textbookId, page, p.index),
            textbook_id: textbookId,
            page,
            heading: p.heading,
            text: p.text,
            words,
          });
        }
        book.passages += split.passages.length;
      }
      book.last_heading = heading;
      break;
    }
    case 'TextbookIndexed':
      book.status = 'ready';
      break;
    case 'TextbookIndexingFailed':
      book.status = 'failed';
      break;
    case 'TextbookRemoved':
      book.status = 'removed';
      book.passages = 0;
      book.words = 0;
      state.added = state.added.filter((p) => !(p.tenant === tenant && p.textbook_id === textbookId));
      state.removed.push(key);
      break;
    default:
      return null;
  }
  state.books.put(book);
  return null;
}

/** The search vector of a passage row (alias `r`). */
const SEARCH_SQL = `setweight(to_tsvector('english', r.heading), 'A') || setweight(to_tsvector('english', r.text), 'B')`;

export const textbookPassagesProjection = defineProjection<State>({
  name: PROJECTIONS.textbookPassages,
  version: 3,
  tables: ['textbook_passage_books', 'textbook_passages', 'textbook_passage_terms'],
  handles: [...HANDLED],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS textbook_passage_books (
      tenant text NOT NULL, textbook_id integer NOT NULL, title text NOT NULL, status text NOT NULL,
      passages integer NOT NULL, words integer NOT NULL, last_heading text, position text NOT NULL,
      PRIMARY KEY (tenant, textbook_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS textbook_passages (
      tenant text NOT NULL, passage_id bigint NOT NULL, textbook_id integer NOT NULL, page integer NOT NULL,
      heading text NOT NULL, text text NOT NULL, words integer NOT NULL, search tsvector NOT NULL,
      PRIMARY KEY (tenant, passage_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS textbook_passages_search ON textbook_passages USING GIN (search)');
    await db.query('CREATE INDEX IF NOT EXISTS textbook_passages_book ON textbook_passages (tenant, textbook_id, page)');
    await db.query(`CREATE TABLE IF NOT EXISTS textbook_passage_terms (
      tenant text NOT NULL, textbook_id integer NOT NULL, lexeme text NOT NULL, df integer NOT NULL,
      PRIMARY KEY (lexeme, tenant, textbook_id))`);
  },
  init: () => ({ books: new RowSet(booksTable), added: [], removed: [] }),
  carry: ['books'],
  async load(tx, state, events) {
    await state.books.load(
      tx,
      ofTypes(events, ...HANDLED).map((e) => ({ tenant: tenantOf(e), textbook_id: Number(e.data.textbookId) })),
    );
  },
  evolve: evolveTextbookPassages,
  /** The books' rows (one upsert); removed books' passages and terms deleted; the new passages and their terms in one statement. */
  async save(tx, state) {
    await state.books.flush(tx);
    if (state.removed.length > 0) {
      const removed = [JSON.stringify(state.removed)];
      const books = `(SELECT r.tenant, r.textbook_id FROM jsonb_to_recordset($1::jsonb) AS r(tenant text, textbook_id integer))`;
      state.books.statements += 2;
      await tx.query(`DELETE FROM textbook_passages WHERE (tenant, textbook_id) IN ${books}`, removed);
      await tx.query(`DELETE FROM textbook_passage_terms WHERE (tenant, textbook_id) IN ${books}`, removed);
    }
    if (state.added.length === 0) return;
    state.books.statements++;
    const cols = PASSAGE_COLUMNS.join(', ');
    // One statement: the passages, and the count of new passages having each word added to the book's terms.
    await tx.query(
      `WITH inserted AS (
         INSERT INTO textbook_passages (${cols}, search)
         SELECT ${PASSAGE_COLUMNS.map((c) => `r.${c}`).join(', ')}, ${SEARCH_SQL}
         FROM jsonb_to_recordset($1::jsonb)
           AS r(tenant text, passage_id bigint, textbook_id integer, page integer, heading text, text text, words integer)
         ON CONFLICT (tenant, passage_id) DO NOTHING
         RETURNING tenant, textbook_id, search
       )
       INSERT INTO textbook_passage_terms (${termsTable.columns.join(', ')})
       SELECT i.tenant, i.textbook_id, l, count(*)::int FROM inserted i, unnest(tsvector_to_array(i.search)) AS l
       GROUP BY i.tenant, i.textbook_id, l
       ON CONFLICT (lexeme, tenant, textbook_id) DO UPDATE SET df = textbook_passage_terms.df + EXCLUDED.df`,
      [JSON.stringify(state.added)],
    );
  },
});
