import { LIBRARY_PROJECTIONS, type EventOf, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/**
 * The question library behind Smart Builder: one row per question with a weighted tsvector (topics and
 * subject A, question text B, source D) under a GIN index, ranked with ts_rank. Works the same on PGlite.
 * The `search` column is computed in SQL when the row is written, from the row's own columns, so it is not part of the row.
 */
export type LibraryQuestionRow = {
  tenant: string;
  question_id: number;
  subject: string;
  question_type: string;
  question_text: string;
  answer: string;
  grading_instructions: string;
  marks_possible: number;
  topics: string[];
  source_title: string;
  source_document_id: string | number | null;
  original_question_number: string | number | null;
  grade: string;
};

const COLUMNS = [
  'tenant',
  'question_id',
  'subject',
  'question_type',
  'question_text',
  'answer',
  'grading_instructions',
  'marks_possible',
  'topics',
  'source_title',
  'source_document_id',
  'original_question_number',
  'grade',
] as const;

const libraryQuestionsTable: TableSpec<LibraryQuestionRow> = {
  table: 'library_questions',
  key: ['tenant', 'question_id'],
  columns: COLUMNS,
};

/** The weighted search vector of a row (alias `r`): topics and subject A, question text B, source D. */
const SEARCH_SQL = `setweight(to_tsvector('english', array_to_string(r.topics, ' ')), 'A')
  || setweight(to_tsvector('english', r.subject), 'A')
  || setweight(to_tsvector('english', r.question_text), 'B')
  || setweight(to_tsvector('english', r.source_title), 'D')`;

type State = { questions: RowSet<LibraryQuestionRow>; added: LibraryQuestionRow[] };

/** Pure: the row an added question becomes. */
export function libraryRow(tenant: string, d: EventOf<'LibraryQuestionAdded'>['data']): LibraryQuestionRow {
  return {
    tenant,
    question_id: d.questionId,
    subject: d.subject,
    question_type: d.questionType,
    question_text: d.questionText,
    answer: d.answer,
    grading_instructions: d.gradingInstructions,
    marks_possible: d.marksPossible,
    topics: d.topics,
    source_title: d.sourceTitle,
    source_document_id: d.sourceDocumentId,
    original_question_number: d.originalQuestionNumber,
    grade: d.grade ?? '',
  };
}

/** Pure: a question is added once; a redelivered LibraryQuestionAdded changes nothing. */
export function evolveQuestionLibrary(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'LibraryQuestionAdded') return null;
  const tenant = tenantOf(recorded);
  if (!state.questions.has({ tenant, question_id: event.data.questionId })) {
    const row = libraryRow(tenant, event.data);
    state.questions.put(row);
    state.added.push(row);
  }
  return { tenant, keys: ['question-library'] };
}

export const questionLibraryProjection = defineProjection<State>({
  name: LIBRARY_PROJECTIONS.questionLibrary,
  version: 1,
  tables: ['library_questions'],
  handles: ['LibraryQuestionAdded'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS library_questions (
      tenant text NOT NULL, question_id integer NOT NULL, subject text NOT NULL, question_type text NOT NULL,
      question_text text NOT NULL, answer text NOT NULL, grading_instructions text NOT NULL, marks_possible numeric NOT NULL,
      topics text[] NOT NULL, source_title text NOT NULL, source_document_id jsonb, original_question_number jsonb,
      grade text NOT NULL, search tsvector NOT NULL,
      PRIMARY KEY (tenant, question_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS library_questions_search ON library_questions USING GIN (search)');
    await db.query('CREATE INDEX IF NOT EXISTS library_questions_subject ON library_questions (tenant, lower(subject))');
  },
  init: () => ({ questions: new RowSet(libraryQuestionsTable), added: [] }),
  async load(tx, state, events) {
    await state.questions.load(
      tx,
      ofTypes(events, 'LibraryQuestionAdded').map((e) => ({ tenant: tenantOf(e), question_id: Number(e.data.questionId) })),
    );
  },
  evolve: evolveQuestionLibrary,
  /** One multi-row insert of the batch's new questions, with the search vector computed from each row. */
  async save(tx, state) {
    if (state.added.length === 0) return;
    state.questions.statements++;
    const cols = COLUMNS.join(', ');
    await tx.query(
      `INSERT INTO library_questions (${cols}, search)
       SELECT ${COLUMNS.map((c) => `r.${c}`).join(', ')}, ${SEARCH_SQL}
       FROM jsonb_populate_recordset(NULL::library_questions, $1::jsonb) r
       ON CONFLICT (tenant, question_id) DO NOTHING`,
      [JSON.stringify(state.added)],
    );
  },
});
