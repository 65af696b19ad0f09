/**
 * Full-text relevance in memory (BM25): the command side works from the event streams, so it needs no read
 * model and sees a school's newest questions at once. AI Express uses it to order the library questions that
 * relevance.ts found on the topic (BM25 alone credits any shared word, so it never decides what is on it).
 * Smart Builder's search box uses PostgreSQL full-text search on the question-library read model instead.
 */
const STOPWORDS = new Set(
  (
    'a an and are as at be by for from has have how i in is it its of on or that the this to was were what when ' +
    'which who why will with about into than then them they their there these those can could should would do does make create ' +
    'give write assignment assignments question questions quiz test worksheet please some each marks mark total students student ' +
    'grade class year level using use based include including my our me we you your'
  ).split(' '),
);

/** Lower-case words without stopwords, lightly stemmed so 'equations' finds 'equation' and 'forces' finds 'force'. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);
}

function stem(word: string): string {
  if (word.length <= 4 || /^\d+$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  if (word.endsWith('ing') && word.length > 6) return word.slice(0, -3);
  return word;
}

export type RankedDocument<T> = { item: T; score: number };

/** Weighted fields: a word in the topics counts more than one in the text. */
export type Fields = { text: string; weight: number }[];

const K1 = 1.2;
const B = 0.75;

/** BM25 of every item against the query; items with no query word score 0. Stable: ties keep input order. */
export function rankByRelevance<T>(items: readonly T[], query: string, fieldsOf: (item: T) => Fields): RankedDocument<T>[] {
  const terms = [...new Set(tokenize(query))];
  const docs = items.map((item) => {
    const tf = new Map<string, number>();
    let length = 0;
    for (const field of fieldsOf(item)) {
      for (const token of tokenize(field.text)) {
        tf.set(token, (tf.get(token) ?? 0) + field.weight);
        length += field.weight;
      }
    }
    return { item, tf, length };
  });
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(docs.length, 1) || 1;
  const idf = new Map(
    terms.map((t) => {
      const n = docs.filter((d) => d.tf.has(t)).length;
      return [t, Math.log(1 + (docs.length - n + 0.5) / (n + 0.5))];
    }),
  );
  return docs.map(({ item, tf, length }) => ({
    item,
    score: terms.reduce((sum, t) => {
      const f = tf.get(t) ?? 0;
      return f === 0 ? sum : sum + (idf.get(t)! * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * length) / avgLength));
    }, 0),
  }));
}
