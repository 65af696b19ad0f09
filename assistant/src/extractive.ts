import { CHAT_MESSAGES, type Citation, type PassageHit } from '@evergrade/contracts';

/**
 * The offline answer (issue 13): no model, so nothing is written that the book does not say. The sentences of the
 * retrieved passages that best match the question are quoted, each with its book and page; when nothing matches,
 * CHAT_MESSAGES.notFoundInBook. Pure.
 */
export const QUOTES_PER_ANSWER = 3;
const QUOTE_MAX_CHARS = 360;
const MIN_SENTENCE_WORDS = 4;

const STOP = new Set(
  (
    'a an the and or but if then than so of to in on at by for with from into onto about as is are was were be been being am do ' +
    'does did doing have has had having it its this that these those there here what which who whom whose when where why how ' +
    'i me my we our you your he him his she her they them their not no nor can could would should will shall may might must ' +
    'also just only very more most less least some any all each every both either neither such same other another own ' +
    'tell explain describe define please give show mean means meaning example examples between over under up down out off ' +
    'again once via per vs much many lot'
  ).split(' '),
);

/** Lower-cased words without stop words, lightly stemmed (plurals, -ing, -ed, -ly), so "cells" finds "cell". */
export function keyTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w))).map(stem);
}

function stem(w: string): string {
  if (w.length <= 4) return w;
  for (const [suffix, keep] of [
    ['ies', 'y'],
    ['sses', 'ss'],
    ['ing', ''],
    ['ed', ''],
    ['ly', ''],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3 && !(suffix === 's' && w.endsWith('ss'))) {
      return w.slice(0, w.length - suffix.length) + keep;
    }
  }
  return w;
}

/** Two stems name the same word when equal, or one starts the other and they share at least five letters. */
const sameWord = (a: string, b: string) =>
  a === b ||
  (a.length >= 5 && b.length >= 5 && (a.startsWith(b.slice(0, 5)) || b.startsWith(a.slice(0, 5))) && a.slice(0, 5) === b.slice(0, 5));

/** A passage's sentences: lines split at sentence ends; headings and scraps (fewer than four words) dropped. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.replace(/\s+/g, ' ').trim();
    if (trimmed === '') continue;
    for (const s of trimmed.split(/(?<=[.!?])["”’)]?\s+(?=["“‘(]?[\p{Lu}\p{N}$\\])/u)) {
      const sentence = s.trim();
      if (sentence.split(' ').length >= MIN_SENTENCE_WORDS) out.push(sentence);
    }
  }
  return out;
}

type Candidate = { hit: PassageHit; rank: number; index: number; text: string; terms: Set<string> };

export type Quote = { text: string; citation: Citation };

/**
 * The best sentences for the question, best first: each scores the weights of the question's key words it has
 * (rare words weigh more: ln(1 + sentences / sentences having it)), a little for its passage's rank, and a word
 * already quoted counts half again, so the quotes cover the question rather than repeat one word.
 */
export function bestSentences(query: string, hits: readonly PassageHit[], max = QUOTES_PER_ANSWER): Quote[] {
  const qTerms = [...new Set(keyTerms(query))];
  if (qTerms.length === 0 || hits.length === 0) return [];
  const candidates: Candidate[] = [];
  hits.forEach((hit, rank) =>
    sentencesOf(hit.text).forEach((text, index) => {
      const terms = new Set<string>();
      for (const w of keyTerms(text)) for (const q of qTerms) if (sameWord(w, q)) terms.add(q);
      if (terms.size > 0) candidates.push({ hit, rank, index, text, terms });
    }),
  );
  if (candidates.length === 0) return [];
  const weight = new Map(
    qTerms.map((q) => [q, Math.log(1 + candidates.length / Math.max(1, candidates.filter((c) => c.terms.has(q)).length))]),
  );
  const covered = new Map<string, number>();
  const chosen: Candidate[] = [];
  const score = (c: Candidate) => {
    let s = 0;
    for (const q of c.terms) s += (weight.get(q) ?? 0) * 0.5 ** (covered.get(q) ?? 0);
    // Ties: the better-ranked passage, then the earlier sentence.
    return s + 0.05 * (1 - c.rank / hits.length) - 0.001 * c.index;
  };
  while (chosen.length < max) {
    let best: Candidate | null = null;
    let bestScore = -Infinity;
    for (const c of candidates) {
      if (chosen.includes(c)) continue;
      const s = score(c);
      if (s > bestScore) [best, bestScore] = [c, s];
    }
    // A further quote must still add something: a key word not yet quoted, or a strong match of its own.
    if (!best || (chosen.length > 0 && ![...best.terms].some((q) => !covered.has(q)) && best.terms.size < Math.min(2, qTerms.length)))
      break;
    chosen.push(best);
    for (const q of best.terms) covered.set(q, (covered.get(q) ?? 0) + 1);
  }
  return chosen.map((c) => ({
    text: clip(c.text),
    citation: { textbookId: c.hit.textbook_id, title: c.hit.title, page: c.hit.page, passageId: c.hit.passage_id },
  }));
}

function clip(sentence: string): string {
  if (sentence.length <= QUOTE_MAX_CHARS) return sentence;
  const cut = sentence.slice(0, QUOTE_MAX_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), QUOTE_MAX_CHARS - 40)).trimEnd()} …`;
}

/** A quote as shown: `> "…" — {title}, p. {page}`. */
export const quoteLine = (q: Quote): string => `> "${q.text.replace(/"/g, '\u201d')}" — ${q.citation.title}, p. ${q.citation.page}`;

/** The books' titles as one phrase: "Biology", "Biology or Physics". */
export function titlesPhrase(titles: readonly string[]): string {
  const unique = [...new Set(titles)];
  if (unique.length <= 1) return unique[0] ?? 'the textbook';
  return `${unique.slice(0, -1).join(', ')} or ${unique.at(-1)}`;
}

export type ExtractiveAnswer = { text: string; sources: Citation[]; found: boolean };

/** The whole offline answer: the quotes under a line naming the book(s), or "I could not find this in {title}." */
export function extractiveAnswer(query: string, hits: readonly PassageHit[], searchedTitles: readonly string[]): ExtractiveAnswer {
  const quotes = bestSentences(query, hits);
  if (quotes.length === 0) return { text: CHAT_MESSAGES.notFoundInBook(titlesPhrase(searchedTitles)), sources: [], found: false };
  const books = [...new Set(quotes.map((q) => q.citation.title))];
  const lead = books.length === 1 ? `From *${books[0]}*:` : 'From your textbooks:';
  const sources: Citation[] = [];
  for (const q of quotes) if (!sources.some((s) => s.passageId === q.citation.passageId)) sources.push(q.citation);
  return { text: [lead, ...quotes.map(quoteLine)].join('\n\n'), sources, found: true };
}

/** An answer cut into chunks for the socket: at line ends, and long lines every ~80 characters at a space. */
export function chunksOf(text: string, size = 80): string[] {
  const out: string[] = [];
  for (const part of text.split(/(?<=\n)/)) {
    let rest = part;
    while (rest.length > size) {
      const space = rest.lastIndexOf(' ', size);
      const at = space > size / 2 ? space + 1 : size;
      out.push(rest.slice(0, at));
      rest = rest.slice(at);
    }
    if (rest !== '') out.push(rest);
  }
  return out;
}
