/**
 * Numbers as people write them, rewritten to digits the quantity parser reads: number words ("twelve",
 * "forty-five", "one and a half", "two thirds", "a quarter", "three point five"), digit groups ("1 000",
 * "1.000,5") and the unicode minus. A small closed vocabulary, so a table and a fold rather than a library:
 * the npm packages for number words are unmaintained and do not read fractions.
 */

import { distance } from 'fastest-levenshtein';
import { isRealWord, perWord, slipLimit } from './text';

const UNITS: Record<string, number> = {
  zero: 0,
  nought: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  // A teen or a ten built on the unit's own name ("fiveteen", "fivety", "threety"), as "fourty" is.
  fiveteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  fivety: 50,
  threety: 30,
  twoty: 20,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1e6, billion: 1e9, dozen: 12 };
/** Denominators as words: "two thirds", "a quarter", "three fifths". */
const DENOMINATORS: Record<string, number> = {
  half: 2,
  halves: 2,
  third: 3,
  thirds: 3,
  quarter: 4,
  quarters: 4,
  fourth: 4,
  fourths: 4,
  fifth: 5,
  fifths: 5,
  sixth: 6,
  sixths: 6,
  seventh: 7,
  sevenths: 7,
  eighth: 8,
  eighths: 8,
  ninth: 9,
  ninths: 9,
  tenth: 10,
  tenths: 10,
  ...Object.fromEntries(
    (
      [
        ['eleventh', 11],
        ['twelfth', 12],
        ['thirteenth', 13],
        ['fourteenth', 14],
        ['fifteenth', 15],
        ['sixteenth', 16],
        ['seventeenth', 17],
        ['eighteenth', 18],
        ['nineteenth', 19],
        ['twentieth', 20],
        ['thirtieth', 30],
        ['fortieth', 40],
        ['fiftieth', 50],
        ['sixtieth', 60],
        ['seventieth', 70],
        ['eightieth', 80],
        ['ninetieth', 90],
      ] as const
    ).flatMap(([w, n]) => [
      [w, n],
      [`${w}s`, n],
    ]),
  ),
  hundredth: 100,
  hundredths: 100,
  thousandth: 1000,
  thousandths: 1000,
};

const isWhole = (w: string) => w in UNITS || w in SCALES || /^\d+(\.\d+)?$/.test(w);

/** A run of whole-number words ("three hundred and forty-five") to its value; null when it is not one. */
function wholeValue(tokens: string[]): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const t of tokens) {
    if (t === 'and') continue;
    if (/^\d+(\.\d+)?$/.test(t)) {
      current += Number(t);
    } else if (t in UNITS) {
      current += UNITS[t]!;
    } else if (t in SCALES) {
      const scale = SCALES[t]!;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else return null;
    seen = true;
  }
  return seen ? total + current : null;
}

type Token = { word: string; start: number; end: number };

/** Every word a number is written with. */
const VOCABULARY = [...Object.keys(UNITS), ...Object.keys(SCALES), ...Object.keys(DENOMINATORS), 'point', 'minus', 'negative'];
const vocabulary = new Set(VOCABULARY);

/**
 * A number word as its writer meant it: "hundreths", "ninty", "fourty" are slips of one word of the vocabulary (one
 * edit in five letters, two from eight), and no English word of their own; "seventh" or "for" stay what they are.
 */
export const numberWord = perWord(numberWordOf);

function numberWordOf(word: string): string {
  if (vocabulary.has(word) || /\d/.test(word)) return word;
  const limit = slipLimit(word);
  if (limit === 0) return word;
  let best: string | null = null;
  let bestDistance = Infinity;
  let ties = 0;
  for (const v of VOCABULARY) {
    if (Math.abs(v.length - word.length) > limit) continue;
    const d = distance(v, word);
    if (d < bestDistance) [best, bestDistance, ties] = [v, d, 1];
    else if (d === bestDistance) ties++;
  }
  // Two words as near ("ninty": ninety, ninth): a letter left out is the commonest slip, so the one word the slip's
  // letters are all in, in order, is meant.
  if (best && ties > 1 && bestDistance <= limit) {
    const within = VOCABULARY.filter((v) => distance(v, word) === bestDistance && isSubsequence(word, v));
    best = within.length === 1 ? within[0]! : null;
  }
  return best && bestDistance <= limit && !isRealWord(word) ? best : word;
}

/** Every letter of `part` in `whole`, in order ("ninty" in "ninety"). */
function isSubsequence(part: string, whole: string): boolean {
  let i = 0;
  for (const c of whole) if (c === part[i]) i++;
  return i === part.length;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(/[a-zA-Z]+|\d+(?:\.\d+)?/g))
    tokens.push({ word: numberWord(m[0].toLowerCase()), start: m.index, end: m.index + m[0].length });
  return tokens;
}

/**
 * Only spaces, hyphens or "and" between two tokens keeps them in one number; a comma too after a scale above a hundred
 * ("forty thousand, six hundred and seven", "two million, five hundred thousand"), as numbers are written out.
 */
const joined = (text: string, a: Token, b: Token) =>
  /^[\s-]*$/.test(text.slice(a.end, b.start)) ||
  (/^\s*,\s*$/.test(text.slice(a.end, b.start)) && SCALES[a.word] !== undefined && SCALES[a.word]! >= 1000 && b.word in UNITS);

/**
 * Rewrites the number words of a text as digits, leaving everything else as it was:
 * "forty-five km" → "45 km", "one and a half hours" → "(3/2) hours", "two thirds" → "(2/3)",
 * "minus three point five" → "-3.5". Words that are not part of a number ("one of them") stay words
 * only when no number can be read: "one" alone becomes 1.
 */
export function numberWordsToDigits(text: string): string {
  // Every number this reads has a word ("one", "half", "point", "and", "minus"): digits alone stay as written.
  if (!/[a-zA-Z]/.test(text)) return text;
  const tokens = tokenize(text);
  const out: string[] = [];
  let cursor = 0;
  let i = 0;
  while (i < tokens.length) {
    const read = readNumberAt(text, tokens, i);
    if (!read || (read.digitsOnly && !read.fraction)) {
      i++;
      continue;
    }
    const first = tokens[i]!;
    const last = tokens[read.next - 1]!;
    out.push(text.slice(cursor, first.start), read.text);
    cursor = last.end;
    i = read.next;
  }
  out.push(text.slice(cursor));
  return out.join('');
}

/** The digits said one by one after "point" ("point one four"), from token `from`; null when none follow. */
function pointDigits(text: string, tokens: Token[], from: number): { text: string; next: number } | null {
  const digits: string[] = [];
  let k = from;
  while (tokens[k] && UNITS[tokens[k]!.word] !== undefined && UNITS[tokens[k]!.word]! < 10 && joined(text, tokens[k - 1]!, tokens[k]!)) {
    digits.push(String(UNITS[tokens[k]!.word]));
    k++;
  }
  return digits.length ? { text: digits.join(''), next: k } : null;
}

/** The words of a number from `from` on (up to a comma or another word) name no scale as large as `scale`. */
function smallerAfter(text: string, tokens: Token[], from: number, scale: number): boolean {
  for (let k = from; k < tokens.length && (k === from || /^[\s-]*$/.test(text.slice(tokens[k - 1]!.end, tokens[k]!.start))); k++) {
    const w = tokens[k]!.word;
    if (!isWhole(w) && w !== 'and') break;
    if ((SCALES[w] ?? 0) >= scale) return false;
  }
  return true;
}

type Read = { text: string; next: number; digitsOnly: boolean; fraction: boolean };

/**
 * The most words one number is read from ("three hundred and forty-five thousand, six hundred and seven" is 10): a longer
 * run ("one one one …", "one and one and …" of a deliberately odd answer) is read no further, so that a long text of
 * them is read once, not again from each of its words.
 */
const LONGEST_NUMBER_WORDS = 24;
/** How many "and"s one number reads on through ("one and a half", "two and three quarters"). */
const DEEPEST_AND = 4;

function readNumberAt(text: string, tokens: Token[], i: number, depth = 0): Read | null {
  let j = i;
  let sign = '';
  if (tokens[j]?.word === 'minus' || tokens[j]?.word === 'negative') {
    if (!tokens[j + 1] || !joined(text, tokens[j]!, tokens[j + 1]!)) return null;
    sign = '-';
    j++;
  }
  // "point six": a decimal below one, its nought left unsaid.
  if (
    tokens[j]!.word === 'point' &&
    !/^(?:the|this|that|a|any|some|each|every|which|what|no|one|boiling|melting|freezing)$/.test(tokens[j - 1]?.word ?? '')
  ) {
    const digits = pointDigits(text, tokens, j + 1);
    return digits ? { text: `${sign}0.${digits.text}`, next: digits.next, digitsOnly: false, fraction: false } : null;
  }
  // "a half", "a quarter", "half": a unit fraction on its own.
  const lone = tokens[j]!.word === 'a' || tokens[j]!.word === 'an' ? j + 1 : j;
  const loneDen = tokens[lone] ? DENOMINATORS[tokens[lone]!.word] : undefined;
  if (loneDen && (lone === j || joined(text, tokens[j]!, tokens[lone]!)) && (lone > j || tokens[lone]!.word.startsWith('half'))) {
    if (tokens[lone]!.word.endsWith('s')) return null;
    return { text: `${sign}(1/${loneDen})`, next: lone + 1, digitsOnly: false, fraction: true };
  }
  // The longest run of whole-number words.
  let end = j;
  while (
    end < tokens.length &&
    end - j < LONGEST_NUMBER_WORDS &&
    (isWhole(tokens[end]!.word) ||
      (tokens[end]!.word === 'and' &&
        end > j &&
        tokens[end - 1]!.word in SCALES &&
        isWhole(tokens[end + 1]?.word ?? '') &&
        !(tokens[end + 1]!.word in SCALES))) &&
    (end === j || joined(text, tokens[end - 1]!, tokens[end]!))
  ) {
    // Two plain digit groups are two numbers ("2 3"), not one.
    if (end > j && /^\d/.test(tokens[end]!.word)) break;
    // After a comma, only a smaller part continues the number: "one thousand, two thousand" are two numbers.
    if (
      end > j &&
      /,/.test(text.slice(tokens[end - 1]!.end, tokens[end]!.start)) &&
      !smallerAfter(text, tokens, end, SCALES[tokens[end - 1]!.word]!)
    )
      break;
    end++;
  }
  if (end === j) return null;
  const runTokens = tokens.slice(j, end).map((t) => t.word);
  // A trailing "and" belongs to what follows ("one and a half").
  while (runTokens[runTokens.length - 1] === 'and') {
    runTokens.pop();
    end--;
  }
  const whole = wholeValue(runTokens);
  if (whole === null) return null;
  const digitsOnly = runTokens.every((w) => /^\d+(\.\d+)?$/.test(w));
  let next = end;
  let body = String(whole);
  let fraction = false;

  const after = tokens[next];
  if (after && joined(text, tokens[next - 1]!, after)) {
    // "three point one four"
    if (after.word === 'point') {
      const digits = pointDigits(text, tokens, next + 1);
      if (digits) return { text: `${sign}${body}.${digits.text}`, next: digits.next, digitsOnly: false, fraction: false };
    }
    // "two thirds", "3 quarters"
    const den = DENOMINATORS[after.word];
    if (den && !(whole === 1 && after.word.endsWith('s')) && !(whole !== 1 && !after.word.endsWith('s') && after.word !== 'half')) {
      return { text: `${sign}(${body}/${den})`, next: next + 1, digitsOnly: false, fraction: true };
    }
    // "one and a half", "two and three quarters"
    if (after.word === 'and') {
      const rest = tokens[next + 1] && depth < DEEPEST_AND ? readNumberAt(text, tokens, next + 1, depth + 1) : null;
      if (rest?.fraction && !rest.text.startsWith('-')) {
        body = `(${body}+${rest.text})`;
        next = rest.next;
        fraction = true;
      }
    }
  }
  return { text: `${sign}${body}`, next, digitsOnly: digitsOnly && !sign, fraction };
}

/**
 * Digit groups and separators to plain digits: "1 000 000" → "1000000", "1.000,5" → "1000.5" (a European
 * decimal comma after dot-grouped thousands), "3,5" stays as written (a list or a decimal comma: the caller
 * decides). The unicode minus and dashes become '-'.
 */
export function normaliseDigits(text: string): string {
  return text
    .replace(/[−–—]/g, '-')
    .replace(
      /(?<![\d.,])(\d{1,3})((?:\.\d{3})+),(\d+)(?![\d.,])/g,
      (_, head: string, groups: string, dec: string) => `${head}${groups.replace(/\./g, '')}.${dec}`,
    )
    .replace(/(?<![\d.,])(\d{1,3})((?:\.\d{3}){2,})(?![\d.,])/g, (_, head: string, groups: string) => `${head}${groups.replace(/\./g, '')}`)
    .replace(/(?<![\d.,/])(\d{1,3})((?: \d{3})+)(?![\d.,/])/g, (_, head: string, groups: string) => `${head}${groups.replace(/ /g, '')}`);
}

/** A decimal comma ("3,5", "0,25") where a single number is expected: the value it most likely means. */
export function decimalComma(text: string): string | null {
  const m = /^\s*(-?\d+),(\d{1,2}|\d{4,})\s*([^\d,].*)?$/.exec(text);
  return m ? `${m[1]}.${m[2]}${m[3] ? ` ${m[3]}` : ''}` : null;
}

/** A number word in the text ("1.25 million", "twelve"): the text does not write its number in figures only. */
export const hasNumberWords = (text: string) => tokenize(text).some((t) => t.word in UNITS || t.word in SCALES);

/** The number words of a text read as slips of others ("milion" as "million"), as written and as read. */
export const misspeltNumberWords = (text: string) =>
  [...text.matchAll(/[a-zA-Z]+/g)]
    .map((m) => ({ written: m[0], as: numberWord(m[0].toLowerCase()) }))
    .filter((w) => w.as !== w.written.toLowerCase());
