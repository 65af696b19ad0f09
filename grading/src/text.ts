/** Words, stop words and a small suffix stemmer: enough to compare an answer key's terms with a student's. */

export const STOP_WORDS = new Set(
  (
    'a an the and or but if then so than that this these those there their they them it its is are was were be been being ' +
    'am do does did done has have had having of in on at to for from by with without about into onto over under as ' +
    'up down out off again once also too very can could would should may might must will shall just only own same such ' +
    'each every any all both few more most other some no nor not what which who whom whose when where why how i you he ' +
    'she we me my your his her our us e g eg ie etc per via while because until through during before after above below ' +
    'between one s t answer answers correct example examples use used using give gives given like'
  ).split(' '),
);

export const NEGATIONS = new Set([
  'not',
  'no',
  'never',
  'none',
  'cannot',
  'cant',
  'isnt',
  'arent',
  'doesnt',
  'dont',
  'didnt',
  'wont',
  'wasnt',
  'werent',
  'neither',
  'nor',
  'without',
]);

/** Lower-case word tokens; apostrophes dropped so "doesn't" reads as "doesnt". */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9.]+/)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean);
}

const RULES: [RegExp, string][] = [
  [/ational$/, 'ate'],
  [/ization$/, 'ize'],
  [/isation$/, 'ize'],
  [/iveness$/, 'ive'],
  [/fulness$/, 'ful'],
  [/ousness$/, 'ous'],
  [/ities$/, ''],
  [/ity$/, ''],
  [/ness$/, ''],
  [/ment$/, ''],
  [/ies$/, 'y'],
  [/ied$/, 'y'],
  [/sses$/, 'ss'],
  [/ing$/, ''],
  [/edly$/, ''],
  [/ed$/, ''],
  [/ly$/, ''],
  [/es$/, ''],
  [/([^su])s$/, '$1'],
  [/ation$/, 'ate'],
];

/** 'volatility' and 'volatile' → 'volatil'; 'running' and 'runs' → 'run'. Short words stay as they are. */
export function stem(word: string): string {
  if (word.length <= 3 || /^[0-9.]+$/.test(word)) return word;
  let w = word;
  for (const [pattern, replacement] of RULES) {
    if (pattern.test(w)) {
      const next = w.replace(pattern, replacement);
      if (next.length >= 3) {
        w = next;
        break;
      }
    }
  }
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  return w;
}

export const isContentWord = (w: string) => !STOP_WORDS.has(w) && (w.length >= 3 || /^[0-9]/.test(w));
