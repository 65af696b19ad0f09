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
const TERM_WEIGHTS = '{0.1,0.2,1,1}';
/** A question's word in the passage's section heading adds this share of the word's weight. */
const HEADING_BONUS = 0.3;
/** The question's words weighed, the rarest first. */
const MAX_TERMS = 8;
/**
 * Passages are looked for by the question's rarer words only: a word in more than this share of the passages searched
 * (and in more than MIN_COMMON of them) still adds its small weight to a passage that has it, but does not bring
 * passages in by itself (on 10 books × 500 pages it would bring thousands).
 */
const COMMON_SHARE = 0.02;
const MIN_COMMON = 50;

type TermRow = { term: string; df: string | number; n: string | number | null; words: string | number | null };

/** A lexeme as a tsquery literal (lexemes with a backslash are dropped before). */
const lexemeQuery = (lexeme: string, weights = '') => `'${lexeme.replace(/'/g, "''")}'${weights}`;

/**
 * The passages of ready books best matching a question, best first. It ranks BM25-like: each of the question's words
 * (stemmed, stop words dropped; the MAX_TERMS rarest) weighs ln(N / passages having it) over the books searched (read
 * from the read model's counts: rare words count, a word in every passage counts for nothing); a passage adds the
 * weight of each word it has, times 0.5 + 0.5 × ts_rank of that word in it (more occurrences count a little more,
 * saturating), plus HEADING_BONUS of it when the word is in its section heading; the sum is divided by
 * (1 - b + b × its length / the average length), and PostgreSQL's ts_rank_cd of the question's words (how close
 * together they are) is added to order near ties. A passage is a candidate when it has any of the question's rarer
 * words (the GIN index), so a natural question matches without having every word in one passage. The constants were
 * chosen on the shipped books' 40 retrieval questions (each right first, in its book and across the three). Two
 * statements: the words' counts, then the ranking. Both are written so the plan holds without table statistics
 * (PGlite never analyzes): the counts are looked up by word (the terms' key starts with it), and the candidates are
 * found by the GIN index alone (the only condition of `found`), then kept to the books asked.
 */
export async function searchPassages(db: SqlClient, search: PassageSearch): Promise<PassageHit[]> {
  if (search.query.trim() === '' || search.tenants.length === 0 || search.limit <= 0) return [];
  const tenants = [...search.tenants];
  const ids = search.textbookIds ? [...search.textbookIds] : null;
  const books = `SELECT tenant, textbook_id, title, passages, words FROM textbook_passage_books
    WHERE tenant = ANY($1::text[]) AND status = 'ready' AND ($2::int[] IS NULL OR textbook_id = ANY($2::int[]))`;
  const { rows: counted } = await db.query<TermRow>(
    `WITH books AS (${books}),
     terms AS (
       SELECT DISTINCT l AS term FROM unnest(tsvector_to_array(to_tsvector('english', $3))) AS l WHERE strpos(l, chr(92)) = 0
     )
     SELECT t.term,
       (SELECT coalesce(sum(s.df), 0) FROM textbook_passage_terms s
        JOIN books b ON b.tenant = s.tenant AND b.textbook_id = s.textbook_id WHERE s.lexeme = t.term) AS df,
       (SELECT sum(passages) FROM books) AS n, (SELECT sum(words) FROM books) AS words
     FROM terms t`,
    [tenants, ids, search.query.slice(0, 4000)],
  );
  const n = Number(counted[0]?.n ?? 0);
  if (n === 0) return [];
  const avg = Math.max(1, Number(counted[0]?.words ?? 0) / n);
  const terms = counted
    .map((t) => ({ term: t.term, df: Number(t.df) }))
    .filter((t) => t.df > 0)
    .map((t) => ({ ...t, weight: Math.max(0, Math.log((n + 1) / (t.df + 0.5))) }))
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : 1))
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return [];
  const common = Math.max(MIN_COMMON, n * COMMON_SHARE);
  const finding = terms.filter((t, i) => i === 0 || t.df <= common);

  const params: unknown[] = [tenants, ids, search.limit, LENGTH_WEIGHT, avg, TERM_WEIGHTS, HEADING_BONUS];
  const param = (v: unknown) => `$${params.push(v)}`;
  const anyOf = (list: typeof terms) => param(list.map((t) => lexemeQuery(t.term)).join(' | '));
  const findQuery = anyOf(finding);
  const allQuery = anyOf(terms);
  const weighed = terms
    .map((t) => {
      const q = `${param(lexemeQuery(t.term))}::tsquery`;
      const inHeading = `${param(lexemeQuery(t.term, ':A'))}::tsquery`;
      const w = `${param(t.weight)}::float8`;
      return `CASE WHEN p.search @@ ${q} THEN ${w} * (0.5 + 0.5 * ts_rank($6::float4[], p.search, ${q}) + CASE WHEN p.search @@ ${inHeading} THEN $7::float8 ELSE 0 END) ELSE 0 END`;
    })
    .join(' + ');
  const { rows } = await db.query<HitRow>(
    `WITH books AS (${books}),
     found AS MATERIALIZED (
       SELECT p.tenant, p.passage_id, p.textbook_id, p.words, p.search FROM textbook_passages p WHERE p.search @@ ${findQuery}::tsquery
     ),
     best AS (
       SELECT p.tenant, p.passage_id, b.title,
         (${weighed}) / (1 - $4::float8 + $4::float8 * p.words / $5::float8) + ts_rank_cd(p.search, ${allQuery}::tsquery) AS score
       FROM found p JOIN books b ON b.tenant = p.tenant AND b.textbook_id = p.textbook_id
       ORDER BY score DESC, p.passage_id
       LIMIT $3
     )
     SELECT p.passage_id, p.textbook_id, best.title, p.page, p.text, best.score
     FROM best JOIN textbook_passages p ON p.tenant = best.tenant AND p.passage_id = best.passage_id
     ORDER BY best.score DESC, p.passage_id`,
    params,
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
