import type { SqlClient } from '@evergrade/platform/sql';
import type { LibraryQuestionRow } from './question-library';

export type { LibraryQuestionRow } from './question-library';

export type LibrarySearch = {
  /** to_tsquery terms (e.g. `photosyn:*`), already safe; none: the filters alone choose. */
  terms: readonly string[];
  subject?: string | null;
  questionType?: string | null;
  marksMin?: number | null;
  marksMax?: number | null;
  limit: number;
};

const COLUMNS = `tenant, question_id, subject, question_type, question_text, answer, grading_instructions, marks_possible, topics,
  source_title, source_document_id, original_question_number, grade`;

const typed = (r: LibraryQuestionRow): LibraryQuestionRow => ({
  ...r,
  question_id: Number(r.question_id),
  marks_possible: Number(r.marks_possible),
});

/**
 * The library questions of these tenants matching a search. Questions matching any term rank by ts_rank; those matching
 * every term come first. With no terms, the filters alone choose (by subject, then id).
 */
export async function searchLibraryQuestions(
  db: SqlClient,
  tenants: readonly string[],
  search: LibrarySearch,
): Promise<LibraryQuestionRow[]> {
  const filters = [search.subject || null, search.questionType || null, search.marksMin ?? null, search.marksMax ?? null];
  const where = `tenant = ANY($1::text[])
    AND ($2::text IS NULL OR lower(subject) = lower($2))
    AND ($3::text IS NULL OR lower(question_type) = lower($3))
    AND ($4::numeric IS NULL OR marks_possible >= $4)
    AND ($5::numeric IS NULL OR marks_possible <= $5)`;
  if (search.terms.length === 0) {
    const { rows } = await db.query<LibraryQuestionRow>(
      `SELECT ${COLUMNS} FROM library_questions WHERE ${where} ORDER BY subject, question_id LIMIT $6`,
      [[...tenants], ...filters, search.limit],
    );
    return rows.map(typed);
  }
  const { rows } = await db.query<LibraryQuestionRow>(
    `SELECT ${COLUMNS} FROM library_questions,
       to_tsquery('english', $6) AS any_words, to_tsquery('english', $7) AS all_words
     WHERE ${where} AND search @@ any_words
     ORDER BY (search @@ all_words) DESC, ts_rank(search, any_words) DESC, question_id
     LIMIT $8`,
    [[...tenants], ...filters, search.terms.join(' | '), search.terms.join(' & '), search.limit],
  );
  return rows.map(typed);
}

/** The distinct subjects and question types of these tenants' library, each sorted. */
export async function libraryFacets(db: SqlClient, tenants: readonly string[]): Promise<{ subjects: string[]; question_types: string[] }> {
  const { rows } = await db.query<{ subjects: string[] | null; question_types: string[] | null }>(
    `SELECT array_agg(DISTINCT subject ORDER BY subject) AS subjects, array_agg(DISTINCT question_type ORDER BY question_type) AS question_types
     FROM library_questions WHERE tenant = ANY($1::text[])`,
    [[...tenants]],
  );
  return { subjects: rows[0]?.subjects ?? [], question_types: rows[0]?.question_types ?? [] };
}
