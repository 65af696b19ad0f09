import type { Passage, PassageHit } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';

export type { PassageBookRow, TextbookPassageRow } from './textbook-passages';

export type PassageSearch = {
  /** Whose books: normally the shared library and the asker's school. */
  tenants: readonly string[];
  /** Only these books (the ones the asker chose); null or absent: every ready book of the tenants. */
  textbookIds?: readonly number[] | null;
  /** The question as typed. */
  query: string;
  limit: number;
};

type HitRow = { passage_id: string | number; textbook_id: number; title: string; page: number; text: string; score: number };

const typed = (r: HitRow): PassageHit => ({
  passage_id: Number(r.passage_id),
  textbook_id: Number(r.textbook_id),
  title: r.title,
  page: Number(r.page),
  text: r.text,
  score: Number(r.score),
});

/** BM25's b: how much a passage's length (against the average) discounts its words' weights. */
const LENGTH_WEIGHT = 0.4;
/** ts_rank's weights (D, C, B, A): a word in the text (B) or the section heading (A) alike; its count is what matters. */
const TERM_WEIGHTS = [0.1, 0.2, 1, 1];
/** A question's word in the passage's section heading adds this share of the word's weight. */
const HEADING_BONUS = 0.3;

/**
 * The passages of ready books best matching a question, best first. A natural question rarely has every word in one
 * passage, so a passage matches when it has any of the question's words (stemmed, stop words dropped: an OR query over
 * the GIN index). It ranks BM25-like: each word it has adds the word's weight, ln(N / passages having it) over the
 * books searched (rare words count, a word in every passage counts for nothing, so a passage with the question's key
 * words comes first), times 0.5 + 0.5 × ts_rank of that word in it (more occurrences count a little more, saturating)
 * plus HEADING_BONUS when the word is in its section heading; the sum is divided by (1 - b + b × its length / the
 * average length), and PostgreSQL's ts_rank_cd of the whole question (how close together the words are) is added to
 * order near ties. The constants were chosen on the shipped books' retrieval questions (all 40 right first, in their
 * book and across the three). One statement. `corpus` and `weights` are MATERIALIZED: `weights` is read by the
 * correlated subquery of every hit, and inlined it was recomputed for each (a question with a word in most passages of
 * ten 500-page books ran for minutes; materialized, well under a second).
 */
export async function searchPassages(db: SqlClient, search: PassageSearch): Promise<PassageHit[]> {
  if (search.query.trim() === '' || search.tenants.length === 0 || search.limit <= 0) return [];
  const { rows } = await db.query<HitRow>(
    `WITH terms AS (
       SELECT DISTINCT l AS term, quote_literal(l)::tsquery AS tq, (quote_literal(l) || ':A')::tsquery AS tqa FROM unnest(tsvector_to_array(to_tsvector('english', $1))) AS l
       WHERE strpos(l, chr(92)) = 0
     ), anyword AS (
       SELECT string_agg(quote_literal(term), ' | ')::tsquery AS q FROM terms
     ), books AS (
       SELECT tenant, textbook_id, title, passages, words FROM textbook_passage_books
       WHERE tenant = ANY($2::text[]) AND status = 'ready' AND ($3::int[] IS NULL OR textbook_id = ANY($3::int[]))
     ), corpus AS MATERIALIZED (
       SELECT greatest(coalesce(sum(passages), 0), 1) AS n, greatest(coalesce(sum(words), 0), 1)::float8 / greatest(coalesce(sum(passages), 0), 1) AS avg
       FROM books
     ), hits AS MATERIALIZED (
       SELECT p.passage_id, p.textbook_id, b.title, p.page, p.text, p.words, p.search
       FROM textbook_passages p JOIN books b ON b.tenant = p.tenant AND b.textbook_id = p.textbook_id, anyword
       WHERE anyword.q IS NOT NULL AND p.search @@ anyword.q
     ), weights AS MATERIALIZED (
       SELECT t.tq, t.tqa, greatest(ln((corpus.n + 1.0) / (count(h.passage_id) + 0.5)), 0) AS w
       FROM terms t CROSS JOIN corpus JOIN hits h ON h.search @@ t.tq
       GROUP BY t.tq, t.tqa, corpus.n
     )
     SELECT h.passage_id, h.textbook_id, h.title, h.page, h.text,
       (SELECT coalesce(sum(w.w * (0.5 + 0.5 * ts_rank($6::float4[], h.search, w.tq) + CASE WHEN h.search @@ w.tqa THEN $7::float8 ELSE 0 END)), 0) FROM weights w WHERE h.search @@ w.tq) / (1 - $5::float8 + $5::float8 * h.words / corpus.avg)
         + ts_rank_cd(h.search, anyword.q) AS score
     FROM hits h, anyword, corpus
     ORDER BY score DESC, h.passage_id
     LIMIT $4`,
    [
      search.query.slice(0, 4000),
      [...search.tenants],
      search.textbookIds ? [...search.textbookIds] : null,
      search.limit,
      LENGTH_WEIGHT,
      `{${TERM_WEIGHTS.join(',')}}`,
      HEADING_BONUS,
    ],
  );
  return rows.map(typed);
}

/** One passage of a ready book of these tenants, or null. */
export async function passageById(db: SqlClient, tenants: readonly string[], passageId: number): Promise<Passage | null> {
  if (!Number.isSafeInteger(passageId)) return null;
  const { rows } = await db.query<Omit<HitRow, 'score'>>(
    `SELECT p.passage_id, p.textbook_id, b.title, p.page, p.text
     FROM textbook_passages p JOIN textbook_passage_books b ON b.tenant = p.tenant AND b.textbook_id = p.textbook_id
     WHERE p.tenant = ANY($1::text[]) AND p.passage_id = $2 AND b.status = 'ready'`,
    [[...tenants], passageId],
  );
  const r = rows[0];
  return r
    ? { passage_id: Number(r.passage_id), textbook_id: Number(r.textbook_id), title: r.title, page: Number(r.page), text: r.text }
    : null;
}

/** The passages of one page of a ready book, in order (to show a citation's page around its passage). */
export async function passagesOfPage(db: SqlClient, tenants: readonly string[], textbookId: number, page: number): Promise<Passage[]> {
  const { rows } = await db.query<Omit<HitRow, 'score'>>(
    `SELECT p.passage_id, p.textbook_id, b.title, p.page, p.text
     FROM textbook_passages p JOIN textbook_passage_books b ON b.tenant = p.tenant AND b.textbook_id = p.textbook_id
     WHERE p.tenant = ANY($1::text[]) AND p.textbook_id = $2 AND p.page = $3 AND b.status = 'ready'
     ORDER BY p.passage_id`,
    [[...tenants], textbookId, page],
  );
  return rows.map((r) => ({
    passage_id: Number(r.passage_id),
    textbook_id: Number(r.textbook_id),
    title: r.title,
    page: Number(r.page),
    text: r.text,
  }));
}
