/** Words, stop words, word forms and spelling slips: what compares an answer key's words with a student's. */
import { createRequire } from 'node:module';
import { distance } from 'fastest-levenshtein';
import porter2 from 'wink-porter2-stemmer';
import { derivedForms, pertainsTo, synonymsOf } from './wordnet';

export const STOP_WORDS = new Set(
  (
    'a an the and or but if then so than that this these those there their they them it its is are was were be been being ' +
    'am do does did done has have had having of in on at to for from by with without about into onto over under as ' +
    'up down out off again once also too very can could would should may might must will shall just only own same such ' +
    'each every any all both few more most other some no nor not what which who whom whose when where why how i you he ' +
    'she we me my your his her our us e g eg ie etc per via while because until through during before after above below ' +
    'between one s t answer answers correct example examples use used using give gives given like much many lot lots really enough'
  ).split(' '),
);

export const NEGATIONS = new Set(
  'not no never none cannot cant isnt arent doesnt dont didnt wont wasnt werent neither nor without hasnt havent aint shouldnt couldnt wouldnt'.split(
    ' ',
  ),
);

/** Lower-case word tokens; apostrophes dropped so "doesn't" reads as "doesnt". */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      // "sœur" as "soeur": a ligature is its two letters.
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[’']/g, '')
      .split(/[^a-z0-9.]+/)
      .map((w) => w.replace(/^\.+|\.+$/g, ''))
      .filter(Boolean)
      // No word is longer (LONGEST_WORD): a longer token ("aaaa…", "1212…" of a whole answer) is cut, still no word,
      // so that no string of the answer's length is looked up, hashed and compared again and again.
      .map((w) => (w.length > LONGEST_WORD ? w.slice(0, LONGEST_WORD + 1) : w))
  );
}

/**
 * `f` remembering its answers, word by word: a long answer says the same words again and again, and each is stemmed,
 * lemmatised and compared with the key's words once. Cleared when it holds `limit` words (a bound on memory).
 */
export function perWord<T>(f: (word: string) => T, limit = 50_000): (word: string) => T {
  const known = new Map<string, T>();
  return (word) => {
    const got = known.get(word);
    if (got !== undefined || known.has(word)) return got!;
    const value = f(word);
    if (known.size >= limit) known.clear();
    known.set(word, value);
    return value;
  };
}

/**
 * The longest token read as a word (stemmed, lemmatised, compared): no English word is longer ("pneumonoultra…" is 45,
 * no answer's word). A longer run of letters ("aaaa…" of 100,000) is no word: it stays as written, unrelated to any other,
 * and the stemmer's and lemmatizer's patterns (slow on a long token) never see it.
 */
export const LONGEST_WORD = 45;

/** The Porter2 stem: 'volatility' and 'volatile' → 'volatil'; 'running' and 'runs' → 'run'. */
export const stem = perWord((word: string): string => {
  if (word.length > LONGEST_WORD || /^[0-9.]+$/.test(word)) return word;
  return porter2(word);
});

export const isContentWord = (w: string) => !STOP_WORDS.has(w) && (w.length >= 3 || /^[0-9]/.test(w));

// ---- the English word list (about 275,000 words), loaded on first use --------------------------

type Lemmatizer = { noun(word: string): string; verb(word: string): string; adjective(word: string): string };
let lemmas: Lemmatizer | null = null;
/** wink-lemmatizer (its lexicon takes a moment to load), on first use. */
const lemmatizer = (): Lemmatizer => {
  if (!lemmas) {
    const wink = createRequire(import.meta.url)('wink-lemmatizer') as Lemmatizer;
    const asWord = (f: (w: string) => string) => perWord((w) => (w.length > LONGEST_WORD ? w : f(w)));
    lemmas = { noun: asWord((w) => wink.noun(w)), verb: asWord((w) => wink.verb(w)), adjective: asWord((w) => wink.adjective(w)) };
  }
  return lemmas;
};

let dictionary: Set<string> | null = null;
/** True for a word of the English word list (lower case). Proper names are mostly not in it. */
export function isRealWord(word: string): boolean {
  if (!dictionary) {
    const require = createRequire(import.meta.url);
    dictionary = new Set(require('an-array-of-english-words') as string[]);
  }
  return dictionary.has(word);
}

// ---- comparing a key word with a response word ---------------------------------------------------

/**
 * How a response word relates to a key word:
 * - 'exact': the same word (also British / American spelling: colour / color, vaporise / vaporize);
 * - 'form': another form of it (mitochondria / mitochondrion, newtons, leaves / leaf, storing / stores);
 * - 'slip': a misspelling that is no English word (photosynthesys, mitocondria);
 * - 'other-word': close in spelling but a different real word (ran for run, dioxide for monoxide, effect for affect);
 * - null: unrelated.
 */
export type WordRelation = 'exact' | 'form' | 'slip' | 'compound' | 'other-word' | null;

const spelling = perWord((w: string) =>
  w
    .replace(/our(s?)$/, 'or$1')
    .replace(/is(e|ed|es|ing|ation|ations)$/, 'iz$1')
    .replace(/ys(e|ed|es|ing)$/, 'yz$1')
    .replace(/([^aeiou])re$/, '$1er')
    .replace(/ae/g, 'e')
    .replace(/oe/g, 'e'),
);

/** A word as it sounds, roughly: "chlorophyll" and "clorofil" both read "klorofil". */
const sound = perWord((w: string) =>
  w
    .replace(/ph/g, 'f')
    .replace(/ch|ck|c(?=[aou])|q/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/y/g, 'i')
    // "mightycondria": "igh" says "i"; "-burgh" and "-borough" say the same ("Edinborough").
    .replace(/b[ou]r(?:o|ou)?gh$/, 'bra')
    .replace(/igh/g, 'i')
    .replace(/(.)\1+/g, '$1')
    .replace(/e$/, ''),
);

/**
 * A word as a British speaker says it, more loosely than `sound`: a silent final e lengthens the vowel before it
 * (plane, plain), "ai", "ay", "ei", "ey" are one sound (vains, veins), an "r" before a consonant is not heard (larva,
 * lava), "i" and "e" before a vowel sound alike (ilium, ileum).
 */
const spoken = perWord((w: string) =>
  sound(
    w
      .toLowerCase()
      .replace(
        /([aeiou])([^aeiou])e(s?)$/,
        (_, v: string, c: string, s: string) => `${v === 'a' ? 'ai' : v === 'o' ? 'oa' : v + v}${c}${s}`,
      )
      // "heart" as "hart", "mantle" as "mantel": "ear" before a t is "ar"; a final "le" after a consonant is "el".
      .replace(/ear(?=t)/g, 'ar')
      .replace(/(?<=[^aeiou])le(s?)$/, 'el$1')
      .replace(/eigh|ay|ei|ey/g, 'ai')
      .replace(/ee|ea/g, 'ee')
      .replace(/(?<![aeiou])([aeiou])r(?=[^aeiou\s])/g, '$1')
      .replace(/[ie](?=[aou])/g, 'i'),
  ),
);

/** Two different words that sound the same: "larva" for lava, "plane" for plain, "sell" for cell, "vains" for veins. */
export const soundsAlike = (a: string, b: string) => a !== b && a.length >= 3 && b.length >= 3 && spoken(a) === spoken(b);

export const nounLemma = (w: string) => lemmatizer().noun(w);

/** A verb's base form ("add", "filter"), not a plural or past form ("chemicals", "added"). */
export const isBaseVerb = (w: string) => /^[a-z]{2,}$/.test(w) && !/(?:s|ed|ing)$/.test(w) && lemmatizer().verb(w) === w && isRealWord(w);

/**
 * Another form of the same word: the same noun lemma (mitochondria / mitochondrion, leaves / leaf), a regular
 * verb form (stores / storing / stored; not ran / run), or the same stem where one word grows from the other
 * (volatile / volatility, gravity / gravitational; not organ / organism, carbon / carbonate).
 */
function sameForm(a: string, b: string): boolean {
  if (nounLemma(a) === nounLemma(b) || lemmatizer().adjective(a) === lemmatizer().adjective(b)) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const grows = long.startsWith(short.slice(0, Math.max(3, short.length - 1)));
  if (lemmatizer().verb(a) === lemmatizer().verb(b) && grows) return true;
  const [sa, sl] = [stem(short), stem(long)];
  if (sa === sl) return long.length - short.length <= 2 || (short.length >= 7 && grows);
  return short.length >= 7 && grows && (sl.startsWith(sa) || sa.startsWith(sl));
}

/** Endings that make a noun of a stem, each a different kind of thing: the doer (-or), the act (-ion), the state (-ity)… */
const NOUN_ENDING = /(?:or|er|ion|ment|ity|ance|ence|ure|ant|ent|ist|ism)(?=s?$)/;

/**
 * Two real nouns of one stem with different noun endings name different things: equator / equation,
 * conductor / conduction, respirator / respiration; not forms of one word.
 */
function otherNoun(a: string, b: string): boolean {
  if (!isRealWord(a) || !isRealWord(b)) return false;
  const [ea, eb] = [NOUN_ENDING.exec(nounLemma(a)), NOUN_ENDING.exec(nounLemma(b))];
  if (!ea || !eb || ea[0] === eb[0]) return false;
  const [ra, rb] = [nounLemma(a).slice(0, ea.index), nounLemma(b).slice(0, eb.index)];
  return ra.length >= 4 && (ra === rb || stem(a) === stem(b));
}

/** The edits one slip may take: none below 5 letters, one up to 7, two from 8 on. */
export const slipLimit = (word: string) => (word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0);

/**
 * How `got` (a response word) relates to `key` (a key word). With `allowSlips` false (a spelling question) only the
 * exact word counts.
 */
export function relate(key: string, got: string, allowSlips = true): WordRelation {
  if (key === got) return 'exact';
  // Pure, and asked of the same two words for every wording of every point: once per pair and mode.
  const byKey = allowSlips ? relations : exactRelations;
  let known = byKey.get(key);
  if (!known) {
    if (byKey.size >= 2_000) byKey.clear();
    byKey.set(key, (known = new Map()));
  }
  const relation = known.get(got);
  if (relation !== undefined) return relation;
  const fresh = relateOnce(key, got, allowSlips);
  if (known.size >= 100_000) known.clear();
  known.set(got, fresh);
  return fresh;
}
/** By key word, then by response word (a Map of Maps: no pair of words joined into a new string at every look-up). */
const relations = new Map<string, Map<string, WordRelation>>();
const exactRelations = new Map<string, Map<string, WordRelation>>();

function relateOnce(key: string, got: string, allowSlips: boolean): WordRelation {
  // A token longer than any word is no word: only itself (above) is the same.
  if (key.length > LONGEST_WORD || got.length > LONGEST_WORD) return null;
  if (allowSlips && numberWord(key) !== null && numberWord(key) === numberWord(got)) return 'exact';
  // "Henry VII": a regnal number, the same in any form (7th, seventh, VII) and a different person in another.
  const [regnal, said] = [romanValue(key), ordinalValue(got)];
  if (regnal !== null && said !== null) return regnal === said ? 'exact' : 'other-word';
  if (/^[0-9]/.test(key) || /^[0-9]/.test(got)) return null;
  if (!allowSlips) return distance(key, got) <= Math.max(1, slipLimit(key)) || sameForm(key, got) ? 'other-word' : null;
  if (spelling(key) === spelling(got)) return 'exact';
  if (otherNoun(key, got)) return 'other-word';
  if (sameForm(key, got)) return isRealWord(got) || isRealWord(nounLemma(got)) || got.length < 5 ? 'form' : 'slip';
  if (derived(key, got) || sameComparison(key, got) || pertains(key, got)) return 'form';
  if (synonyms(key, got)) return LOOSE_SYNONYMS.some((g) => g.includes(key) || g.includes(got)) ? 'compound' : 'form';
  // Two neighbouring letters swapped ("nuclues" for "nucleus") is one slip, not two.
  if (key.length >= 4 && !isRealWord(got) && transposed(key, got)) return 'slip';
  // "vains" for veins: no word, but said as the key's word is.
  if (!isRealWord(got) && (soundsAlike(key, got) || soundsAlike(key.replace(/s$/, ''), got.replace(/s$/, '')))) return 'slip';
  // "sunlight" for "light": a compound of the key word, to be looked at (hydroxide is no oxide).
  if (key.length >= 4 && got.length > key.length + 2 && got.endsWith(key) && isRealWord(got)) return 'compound';
  const limit = slipLimit(key);
  if (limit === 0 || got.length < 4) return null;
  const d = Math.min(distance(key, got), distance(nounLemma(key), nounLemma(got)), distance(sound(key), sound(got)));
  if (d > limit) return null;
  // A doubled or single letter is a variant spelling when the word list has both (chlorophyl / chlorophyll).
  if (key.replace(/(.)\1/g, '$1') === got.replace(/(.)\1/g, '$1')) return 'slip';
  if (isRealWord(got) || isRealWord(nounLemma(got))) return 'other-word';
  if (otherEnding(key, got)) return 'other-word';
  return 'slip';
}

/**
 * "chloroplasm" for chloroplast: a slip of a consonant that ends in another word ("plasm", of cytoplasm) is a mix of
 * two terms, not a clear slip of one; "membrain" (a vowel slip) sounds like membrane and is a slip.
 */
function otherEnding(key: string, got: string): boolean {
  // Slips of vowels keep the word's sound (membrain, sedimentry): only a consonant changed makes another word's ending.
  const consonants = (w: string) => sound(w).replace(/[aeiou]/g, '');
  if (consonants(key) === consonants(got)) return false;
  let common = 0;
  while (common < Math.min(key.length, got.length) && key[common] === got[common]) common++;
  for (let start = Math.max(2, got.length - 7); start <= Math.min(common, got.length - 5); start++) {
    const tail = got.slice(start);
    if (isRealWord(tail) && !key.endsWith(tail)) return true;
  }
  return false;
}

/** A suffix that makes a noun, adjective or agent of a word (move → movement, dense → density, conduct → conductor). */
const DERIVING_SUFFIX = /(?:ment|ion|ity|ness|er|or|ance|ence|ancy|ency|al|ive|ing|ure|age|ant|ent|able|ible|ful|ous)s?$/;
/** New substances or actions, not the same word's forms: carbon / carbonate, oxide / oxidise, organ / organic. */
const NEW_WORD_SUFFIX = /(?:ate|ates|ize|ise|izes|ises|ify|ic|ist|ism)$/;

/**
 * One word derived from the other, as WordNet records it and as its spelling shows (a shared beginning and a
 * deriving suffix): movement / move, density / dense, conductor / conducts, collisions / collide.
 */
export function derived(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length < 3 || !DERIVING_SUFFIX.test(long) || NEW_WORD_SUFFIX.test(long)) return false;
  let common = 0;
  while (common < short.length && short[common] === long[common]) common++;
  if (common < Math.max(3, short.length - 3)) return false;
  const [fs, fl] = [bases(short), bases(long)];
  return (
    [...fs].some((x) => [...fl].some((y) => derivedForms(x).has(y))) || [...fl].some((y) => [...fs].some((x) => derivedForms(y).has(x)))
  );
}

/** An adjective and the noun it is "of": thermal / heat, solar / sun, lunar / moon (WordNet's pertainyms). */
export const pertains = (a: string, b: string) =>
  /^[a-z]{4,}$/.test(a) && /^[a-z]{3,}$/.test(b) && (pertainsTo(a).has(lemmatizer().noun(b)) || pertainsTo(b).has(lemmatizer().noun(a)));

/**
 * Comparisons of one direction: "lower density" says "less dense", "more surface area" says "larger surface area",
 * "bigger than its weight" says "greater than its weight".
 */
const COMPARISONS = ['more greater larger bigger higher', 'less lower smaller fewer'].map((g) => g.split(' '));
export const sameComparison = (a: string, b: string) => a !== b && COMPARISONS.some((g) => g.includes(a) && g.includes(b));

// ---- numbers in words, transpositions, everyday synonyms ----------------------------------------

const SMALL_NUMBERS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ');
/** "six" and "6" are one number. */
const numberWord = (w: string): number | null => {
  if (/^[0-9]+$/.test(w)) return Number(w);
  const i = SMALL_NUMBERS.indexOf(w);
  return i >= 0 ? i : null;
};

const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
/** A Roman numeral of two letters or more ("vii" → 7); single letters are words ("I", "v"). */
function romanValue(w: string): number | null {
  if (w.length < 2 || !/^(?=[ivxlc]+$)c{0,3}(?:x[cl]|l?x{0,3})(?:i[xv]|v?i{0,3})$/.test(w)) return null;
  let total = 0;
  for (let i = 0; i < w.length; i++) {
    const v = ROMAN_VALUES[w[i]!]!;
    const next = ROMAN_VALUES[w[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}
const ORDINALS = 'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth'.split(' ');
/** A number said as a regnal number: "8", "8th", "eighth", "VIII". */
function ordinalValue(w: string): number | null {
  const m = /^([0-9]+)(?:st|nd|rd|th)?$/.exec(w);
  if (m) return Number(m[1]);
  const i = ORDINALS.indexOf(w);
  return i >= 0 ? i + 1 : romanValue(w);
}

/** `got` is `key` with two neighbouring letters swapped. */
function transposed(key: string, got: string): boolean {
  if (key.length !== got.length) return false;
  const diff = [...key].flatMap((c, i) => (c === got[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === diff[0]! + 1 && key[diff[0]!] === got[diff[1]!] && key[diff[1]!] === got[diff[0]!];
}

/**
 * Everyday words a student uses for a key's word, each group one meaning in school answers (not a thesaurus: "big"
 * and "large" are one, "hot" and "warm" are not).
 */
const SYNONYM_GROUPS = [
  'fast quick rapid speedy',
  'faster quicker',
  'big large huge',
  'small little tiny',
  'rotate spin turn',
  'provide give supply',
  'make produce create form',
  'reach arrive',
  'continue keep',
  'burn combust',
  'burning combustion',
  'fire flame',
  'young baby offspring',
  'glucose sugar',
  'many lots numerous',
  'remove eliminate',
  'shine glow',
  'need require',
  'stop prevent',
  'begin start',
  'finish end',
  'show display',
  'thin narrow',
  'sun solar',
  'moon lunar',
].map((g) => g.split(' '));
/** Groups teachers differ on ("sugar" for "glucose"): taken, but flagged for a teacher to confirm. */
const LOOSE_SYNONYMS = [['glucose', 'sugar']];

export const bases = perWord((w: string): ReadonlySet<string> => {
  const l = lemmatizer();
  return new Set([w, l.noun(w), l.verb(w), l.adjective(w)]);
});

/** True when the two words are everyday synonyms (in any of their forms). */
export function synonyms(a: string, b: string): boolean {
  const [ga, gb] = [synonymGroupsOf(a), synonymGroupsOf(b)];
  if (ga.length === 0 || gb.length === 0) return false;
  const [ba, bb] = [bases(a), bases(b)];
  return ga.some((g) => gb.includes(g) && !g.some((w) => ba.has(w) && bb.has(w)));
}
/** The groups that hold any form of the word (most words: none), in the groups' order. */
const synonymGroupsOf = perWord((w: string) => {
  const forms = bases(w);
  return SYNONYM_GROUPS.filter((g) => g.some((x) => forms.has(x)));
});

/** Opposites: "doesn't get hot" says "stays cool", "not slow" says "fast". */
const ANTONYM_PAIRS = [
  'hot cold',
  'hot cool',
  'warm cool',
  'fast slow',
  'quick slow',
  'high low',
  'increase decrease',
  'rise fall',
  'more less',
  'big small',
  'large small',
  'strong weak',
  'sink float',
  'same different',
  'bright dark',
  'open closed',
  'good poor',
  'gain lose',
].map((p) => p.split(' ') as [string, string]);

/** True when the two words are opposites (in any of their forms). */
export function antonyms(a: string, b: string): boolean {
  const [ba, bb] = [bases(a), bases(b)];
  return ANTONYM_PAIRS.some(([x, y]) => (ba.has(x) && bb.has(y)) || (ba.has(y) && bb.has(x)));
}

/**
 * Words of kindred meaning, loosely: a form or slip of each other, or sharing any sense in WordNet ("tired" and
 * "exhausted", "keep" and "hold"). Used only to decide whether other words may make a point (a flag), never to mark.
 */
export function kin(a: string, b: string): boolean {
  // Asked of a key word and each word of a long response: once per pair (WordNet's synonyms are no quick look-up).
  let known = kinship.get(a);
  if (!known) {
    if (kinship.size >= 2_000) kinship.clear();
    kinship.set(a, (known = new Map()));
  }
  let k = known.get(b);
  if (k === undefined) {
    if (known.size >= 100_000) known.clear();
    known.set(b, (k = kinOnce(a, b)));
  }
  return k;
}
const kinship = new Map<string, Map<string, boolean>>();

function kinOnce(a: string, b: string): boolean {
  const r = relate(a, b);
  if (r && r !== 'other-word') return true;
  if (!/^[a-z]{3,}$/.test(a) || !/^[a-z]{3,}$/.test(b)) return false;
  const [ba, bb] = [bases(a), bases(b)];
  return [...ba].some((x) => {
    const syn = synonymsOf(x, { similar: true });
    return [...bb].some((y) => syn.has(y) || derivedForms(x).has(y));
  });
}

/**
 * "1: particles move faster; 1: they collide more often", "1 mark: …; 1 mark: …", "1 – …; 1 – …", "1 pt …; 1 pt …":
 * marks written before each marking point, as the key's notes after it are ("particles move faster (1); they collide
 * more often (1)"). So are "(1) … (1) …", "[1] … [1] …" and ticks ("✓ … ✓ …", a mark each). A ratio ("1 : 8") is none.
 */
export function marksAfterPoints(key: string): string {
  if (!/[a-z]{3,}/i.test(key)) return key;
  const before = marksBeforePoints(key);
  if (before) return before;
  if (!/^\s*\d:\s+\S/.test(key)) return key;
  return key
    .split(/\s*(?:;|\n)\s*/)
    .map((part) => {
      const m = /^(\d):\s+(.*\S)\s*$/s.exec(part);
      return m && /[a-z]{2,}|\d/i.test(m[2]!) ? `${m[2]} (${m[1]})` : part;
    })
    .join('; ');
}

/** A mark written before its point: "(1)", "[1]", "✓", "1 mark:", "1 –", "1 pt". */
const MARK_BEFORE =
  /(?:^|(?<=[\s;.]))(?:[([]\s*(\d)\s*(?:marks?|pts?)?\s*[)\]]|([✓✔])|(\d)\s*(?:(?:marks?|pts?|points?)\s*[:–—-]?|[:–—]|-(?=\s)))\s+(?=\S)/giu;

/**
 * The key of marks before its points as the usual notes after them; null unless the key opens with such a mark and has
 * two or more, each before words. A point's later sentences ("NOT distance from Sun") stay after its mark, as notes.
 */
function marksBeforePoints(key: string): string | null {
  const text = key.trim();
  const found = [...text.matchAll(MARK_BEFORE)];
  if (found.length < 2 || found[0]!.index !== 0) return null;
  // One style throughout: "(1) … (1)", "✓ … ✓", "1 mark: … 1 mark:" (a number inside a point is no mark).
  const style = (m: RegExpMatchArray) => (m[1] ? 'bracket' : m[2] ? 'tick' : 'lead');
  if (found.some((m) => style(m) !== style(found[0]!))) return null;
  const points: string[] = [];
  for (const [i, m] of found.entries()) {
    const end = i + 1 < found.length ? found[i + 1]!.index : text.length;
    const part = text.slice(m.index! + m[0].length, end).replace(/[\s;,]+$/, '');
    // "1 – 2": no words, no point.
    if (!/\p{L}{2,}/u.test(part)) return null;
    const marks = m[1] ?? m[3] ?? '1';
    // "… orbit. NOT distance from Sun": the mark after the point's first sentence, the rest a note after it.
    const cut = /^(.*?\S)\.\s+(?=\p{Lu}|['‘"“])(.*)$/su.exec(part);
    points.push(cut ? `${cut[1]} (${marks}). ${cut[2]}` : `${part.replace(/\.$/, '')} (${marks})`);
  }
  return points.join('; ');
}
