/**
 * Pure rules over a textbook's extracted text (issue 13): which lines are headings, how a page splits into
 * passages that keep their page, and the example queries drawn from the headings. The command side uses them
 * for the example queries of TextbookIndexed; the textbook-passages projection splits pages with them.
 */

/** A passage holds about this many words: a paragraph or a few, never more than MAX unless one sentence is longer. */
export const PASSAGE_MIN_WORDS = 60;
export const PASSAGE_MAX_WORDS = 200;
/** A passage's id: its book's id times this, plus its page times 1,000, plus its place on the page (from 1). */
export const PASSAGE_ID_BOOK_FACTOR = 10_000_000;
const PER_PAGE = 1_000;

export const passageIdOf = (textbookId: number, page: number, index: number): number =>
  textbookId * PASSAGE_ID_BOOK_FACTOR + page * PER_PAGE + Math.min(index, PER_PAGE - 1) + 1;

const wordsIn = (s: string): number => (s.trim() === '' ? 0 : s.trim().split(/\s+/).length);

/** Page furniture: a page number alone ("12", "Page 12", "12 of 80", "- 12 -"). */
export function isPageNumberLine(line: string): boolean {
  return /^[-–—\s]*(?:page\s+)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?[-–—\s]*$/i.test(line.trim());
}

const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'nor',
  'of',
  'in',
  'on',
  'at',
  'to',
  'for',
  'by',
  'with',
  'from',
  'as',
  'into',
  'vs',
  'vs.',
  'per',
  'via',
  'its',
  'is',
  'are',
]);

export type Heading = {
  /** The heading without its numbering ("Newton's Second Law"). */
  text: string;
  /** "2.1" for a numbered heading; null for an unnumbered title-case line. */
  number: string | null;
  /** A chapter-level heading ("Chapter 2: Forces", "2 Forces") rather than a section ("2.1 ..."). */
  chapter: boolean;
};

const NUMBERED = /^(?:(chapter|section|unit|part|lesson)\s+)?(\d{1,3}(?:\.\d{1,3}){0,3})[.:)]?\s*[:.\-–—]?\s+(\S.*)$/i;
const CHAPTER_ONLY = /^(chapter|unit|part|lesson)\s+(\d{1,3}|[ivxlc]{1,6})[.:]?$/i;

/** Whether most words of a short phrase are capitalised (small words aside), as headings are. */
function titleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return false;
  if (!/^[\p{Lu}\d"“'(]/u.test(text)) return false;
  const big = words.filter((w, i) => i === 0 || !SMALL_WORDS.has(w.toLowerCase()));
  const capitalised = big.filter((w) => /^["“'(]?[\p{Lu}\d]/u.test(w)).length;
  return capitalised / Math.max(1, big.length) >= 0.7;
}

/** A heading-like line: a numbered section or chapter title, or a short title-case line without closing punctuation. */
export function headingOf(line: string): Heading | null {
  const text = line.trim().replace(/\s+/g, ' ');
  if (text.length < 3 || text.length > 120 || isPageNumberLine(text)) return null;
  if (/[.,;]$/.test(text)) return null;
  // A title wrapped onto two lines ("Algebra, Equations and" / "Geometry") is not two headings.
  if (SMALL_WORDS.has(text.split(' ').pop()!.toLowerCase())) return null;
  const only = CHAPTER_ONLY.exec(text);
  if (only) return { text, number: only[2]!, chapter: true };
  const numbered = NUMBERED.exec(text);
  if (numbered) {
    const rest = numbered[3]!.trim();
    const label = numbered[1];
    const number = numbered[2]!;
    if (wordsIn(rest) > 12 || !/^["“'(]?\p{Lu}/u.test(rest) || (rest.match(/\p{L}/gu) ?? []).length < 3) return null;
    // "2 cups of flour" is a list line, not a heading: the text after the number must read like a title.
    if (!label && !number.includes('.') && !titleCase(rest)) return null;
    return { text: rest, number, chapter: Boolean(label && !/section/i.test(label)) || !number.includes('.') };
  }
  if (wordsIn(text) > 8 || (text.match(/\p{L}/gu) ?? []).length < 4) return null;
  if (/[:!]$/.test(text)) return null;
  return titleCase(text) ? { text, number: null, chapter: false } : null;
}

export type SplitPassage = {
  /** The passage's own text (a heading that opens it included). */
  text: string;
  /** The headings in force: the section it sits in (carried from earlier pages) and any it opens. */
  heading: string;
  index: number;
};

type Block = { heading: string | null; text: string };

/** A page's lines as headings and paragraphs (a paragraph ends at a short line closing a sentence). */
function blocksOf(text: string): Block[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter((l) => l !== '' && !isPageNumberLine(l));
  const bodyLengths = lines.filter((l) => !headingOf(l)).map((l) => l.length);
  const full = bodyLengths.length ? Math.max(...bodyLengths) : 0;
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ heading: null, text: paragraph.join(' ').replace(/(\p{L})- (\p{Ll})/gu, '$1$2') });
    paragraph = [];
  };
  for (const line of lines) {
    const heading = headingOf(line);
    if (heading) {
      endParagraph();
      blocks.push({ heading: heading.text, text: line });
      continue;
    }
    paragraph.push(line);
    if (/[.!?:"”)]$/.test(line) && line.length < full * 0.85) endParagraph();
  }
  endParagraph();
  return blocks;
}

/** A paragraph longer than PASSAGE_MAX_WORDS, cut at sentence ends into pieces of at most that many words. */
function cutLong(text: string): string[] {
  if (wordsIn(text) <= PASSAGE_MAX_WORDS) return [text];
  const sentences = text.match(/[^.!?]+(?:[.!?]+["”)]?|$)\s*/g) ?? [text];
  const pieces: string[] = [];
  let piece = '';
  for (const s of sentences) {
    if (piece && wordsIn(piece) + wordsIn(s) > PASSAGE_MAX_WORDS) {
      pieces.push(piece.trim());
      piece = '';
    }
    piece += s;
  }
  if (piece.trim()) pieces.push(piece.trim());
  return pieces;
}

/**
 * One page's text as passages of about PASSAGE_MIN_WORDS-PASSAGE_MAX_WORDS words that never leave the page: a heading
 * opens a new passage (unless the one before is only a few words), paragraphs are joined until the next would pass the
 * maximum, and a short last piece joins the one before. `carried` is the heading in force from the pages before;
 * `lastHeading` is the one in force at the page's end.
 */
export function splitPagePassages(text: string, carried: string | null): { passages: SplitPassage[]; lastHeading: string | null } {
  type Draft = { parts: string[]; words: number; headings: string[]; opensWithHeading: boolean };
  const drafts: Draft[] = [];
  let section = carried;
  let current: Draft | null = null;
  const start = (opensWithHeading: boolean): Draft => {
    const draft: Draft = { parts: [], words: 0, headings: section ? [section] : [], opensWithHeading };
    drafts.push(draft);
    return draft;
  };
  for (const block of blocksOf(text)) {
    if (block.heading !== null) {
      if (!current || current.words >= 30) {
        section = block.heading;
        current = start(true);
        current.headings = [block.heading];
      } else {
        section = block.heading;
        current.headings.push(block.heading);
      }
      current.parts.push(block.text);
      current.words += wordsIn(block.text);
      continue;
    }
    for (const piece of cutLong(block.text)) {
      const w = wordsIn(piece);
      if (!current || (current.words + w > PASSAGE_MAX_WORDS && current.words >= PASSAGE_MIN_WORDS)) current = start(false);
      current.parts.push(piece);
      current.words += w;
    }
  }
  // A short piece that does not open a section joins the passage before it on the page.
  for (let i = drafts.length - 1; i > 0; i--) {
    const d = drafts[i]!;
    const before = drafts[i - 1]!;
    if (d.words < PASSAGE_MIN_WORDS && !d.opensWithHeading && before.words + d.words <= PASSAGE_MAX_WORDS + PASSAGE_MIN_WORDS) {
      before.parts.push(...d.parts);
      before.words += d.words;
      drafts.splice(i, 1);
    }
  }
  const passages = drafts
    .filter((d) => d.words > 0)
    .map((d, index) => ({ text: d.parts.join('\n'), heading: [...new Set(d.headings)].join(' · '), index }));
  return { passages, lastHeading: section };
}

/** Words of a heading kept as written in a question: names, acronyms, "Newton's". */
const keepCase = (word: string, first: boolean): boolean =>
  /^\p{Lu}{2,}/u.test(word) || /\p{Ll}\p{Lu}/u.test(word) || /['’]s$/.test(word) || (first && /^I$/.test(word)) || /\d/.test(word);

function asPhrase(heading: string): string {
  return heading
    .replace(/[?:]+$/, '')
    .split(' ')
    .map((w, i) => (keepCase(w, i === 0) ? w : w.toLowerCase()))
    .join(' ');
}

const INTERROGATIVE = /^(how|why|what|when|where|which|who)\b/i;

/** "What is {heading}?" or "Explain {heading}", by the heading's shape. */
export function questionFromHeading(heading: string, i: number): string {
  const phrase = asPhrase(heading);
  if (INTERROGATIVE.test(heading)) return `Explain ${phrase}`;
  const head = (phrase.split(/\s+(?:of|in|on|for|and|at|from|with)\s+/)[0] ?? phrase).split(' ').pop() ?? '';
  const plural = /[^su'’]s$/i.test(head) && !/(ss|us|is|ics)$/i.test(head);
  if (i % 2 === 1) return `Explain ${phrase}`;
  return `What ${plural ? 'are' : 'is'} ${phrase}?`;
}

/**
 * Example queries from a book's headings: section headings first (numbered "2.1 ..."), else chapter headings, else
 * short title-case lines that are not the book's title, author or subject and do not repeat on many pages (running
 * headers). Spread over the book, at most `count`.
 */
export function exampleQueriesFrom(
  pages: readonly { page: number; text: string }[],
  count: number,
  book: { title: string; author?: string; subject: string },
): string[] {
  const seen = new Map<string, { heading: Heading; pages: Set<number>; order: number }>();
  let order = 0;
  for (const { page, text } of pages)
    for (const line of text.split(/\r?\n/)) {
      const heading = headingOf(line);
      if (!heading || /^(chapter|unit|part|lesson)\s/i.test(heading.text)) continue;
      const key = heading.text.toLowerCase();
      const entry = seen.get(key) ?? { heading, pages: new Set<number>(), order: order++ };
      entry.pages.add(page);
      seen.set(key, entry);
    }
  const skip = new Set([book.title, book.author ?? '', book.subject].map((s) => s.trim().toLowerCase()));
  const all = [...seen.entries()]
    .filter(([key, e]) => !skip.has(key) && (e.pages.size < 3 || e.pages.size < pages.length / 4) && wordsIn(e.heading.text) <= 8)
    .sort((a, b) => a[1].order - b[1].order)
    .map(([, e]) => e.heading);
  const sections = all.filter((h) => h.number !== null && !h.chapter);
  const chapters = all.filter((h) => h.number !== null && h.chapter);
  const plain = all.filter((h) => h.number === null);
  const pool = sections.length >= count ? sections : [...sections, ...chapters, ...plain].slice(0, Math.max(count, sections.length));
  const picked: Heading[] = [];
  if (pool.length <= count) picked.push(...pool);
  else for (let i = 0; i < count; i++) picked.push(pool[Math.floor((i * pool.length) / count)]!);
  return picked.map((h, i) => questionFromHeading(h.text, i));
}
