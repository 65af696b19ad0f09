import { LIBRARY_PROJECTIONS, type EventOf, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';

/**
 * The question library behind Smart Builder: one row per question with a weighted tsvector (topics and
 * subject A, question text B, source D) under a GIN index, ranked with ts_rank. Works the same on PGlite.
 */
export type LibraryRow = {
  question_id: number; subject: string; question_type: string; question_text: string; answer: string;
  grading_instructions: string; marks_possible: number; topics: string[]; source_title: string;
  source_document_id: string | number | null; original_question_number: string | number | null; grade: string;
};

/** Pure: the row an added question becomes. */
export function libraryRow(d: EventOf<'LibraryQuestionAdded'>['data']): LibraryRow {
  return {
    question_id: d.questionId, subject: d.subject, question_type: d.questionType, question_text: d.questionText,
    answer: d.answer, grading_instructions: d.gradingInstructions, marks_possible: d.marksPossible, topics: d.topics,
    source_title: d.sourceTitle, source_document_id: d.sourceDocumentId, original_question_number: d.originalQuestionNumber,
    grade: d.grade ?? '',
  };
}

async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'LibraryQuestionAdded') return null;
  const tenant = tenantOf(recorded);
  const r = libraryRow(event.data);
  await tx.query(
    `INSERT INTO library_questions (tenant, question_id, subject, question_type, question_text, answer, grading_instructions,
       marks_possible, topics, source_title, source_document_id, original_question_number, grade, search)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
       setweight(to_tsvector('english', array_to_string($9::text[], ' ')), 'A')
       || setweight(to_tsvector('english', $3), 'A')
       || setweight(to_tsvector('english', $5), 'B')
       || setweight(to_tsvector('english', $10), 'D'))
     ON CONFLICT DO NOTHING`,
    [tenant, r.question_id, r.subject, r.question_type, r.question_text, r.answer, r.grading_instructions, r.marks_possible,
      r.topics, r.source_title, JSON.stringify(r.source_document_id), JSON.stringify(r.original_question_number), r.grade]);
  return { tenant, keys: ['question-library'] };
}

export const questionLibraryProjection: Projection = perEventProjection({
  name: LIBRARY_PROJECTIONS.questionLibrary,
  version: 1,
  tables: ['library_questions'],
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
  apply,
});
