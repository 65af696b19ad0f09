import type { CheckAnswerResult } from './check';

/**
 * Questions that change a quoted sentence ("Change to the past tense: 'She brings her lunch.'"), keyed by the changed
 * sentence ("She brought her lunch."): the words that differ from the quoted sentence are the answer. A response of
 * those words alone is right; the sentence with other words in their place is wrong (an inflection must be exact).
 * Null when the question quotes no sentence the key changes, or the response is neither, so the other checks decide.
 */
const tokens = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** The words of `b` outside a longest common subsequence with `a`, with their positions. */
function changed(a: string[], b: string[]): { at: number; word: string }[] {
  const n = a.length;
  const m = b.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: { at: number; word: string }[] = [];
  let [i, j] = [0, 0];
  while (j < m) {
    if (i < n && a[i] === b[j]) [i, j] = [i + 1, j + 1];
    else if (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else out.push({ at: j, word: b[j++]! });
  }
  return out;
}

export function checkTransformation(question: string, key: string, response: string, possible: number): CheckAnswerResult | null {
  const quoted = /['"‘“]([^'"‘’“”]+?)['"’”](?=\s*(?:\(|$|\.|\?))/.exec(question.trim())?.[1];
  if (!quoted) return null;
  const [q, k, r] = [tokens(quoted), tokens(key), tokens(response)];
  if (q.length < 3 || k.length < 3 || r.length === 0) return null;
  const target = changed(q, k);
  if (target.length === 0 || target.length > 3 || target.length === k.length) return null;
  const words = target.map((t) => t.word);
  const base = { pointsPossible: possible, method: 'terms' as const, confident: true };
  if (r.join(' ') === words.join(' '))
    return { ...base, pointsObtained: possible, matched: [key], missing: [], feedback: `Correct: ${words.join(' ')} (${key.trim()}).` };
  // The sentence, the same as the key but for the changed words: those words are wrong.
  if (r.length === k.length && r.join(' ') !== k.join(' ') && k.every((w, i) => r[i] === w || target.some((t) => t.at === i)))
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [key],
      feedback: `Not correct: the sentence needs ${words.map((w) => `"${w}"`).join(' and ')}, not ${target.map((t) => `"${r[t.at]}"`).join(' and ')} (${key.trim()}).`,
    };
  return null;
}
