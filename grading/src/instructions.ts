import { richTextToPlainText } from '@evergrade/contracts';
import { checkAnswer, type CheckAnswerInput, type CheckAnswerResult } from './check';
import { toQuarter } from './points';
import { findQuantities } from './quantity';
import { stem, words } from './text';

/**
 * A teacher's regrade instructions, read offline. Only forms read without doubt are applied; any other sentence
 * makes the whole set "not understood", so a mark never moves on a half-read instruction.
 */
export type InstructionRule =
  /** "also accept: X, Y", "accept X as correct", "accept O2 for oxygen". */
  | { kind: 'accept'; answers: string[]; text: string }
  /** "award full marks if the answer mentions X" (any of the terms; all of them when joined by "and"). */
  | { kind: 'fullIfMentions'; terms: string[]; all: boolean; text: string }
  /** "award 1 mark if the answer mentions X": at least that many marks. */
  | { kind: 'awardIfMentions'; points: number; terms: string[]; text: string }
  /** "give no marks if the answer mentions X". */
  | { kind: 'zeroIfMentions'; terms: string[]; text: string }
  /** "deduct 1 mark for missing units". */
  | { kind: 'deductForMissingUnits'; points: number; text: string }
  /** "give everyone full marks". */
  | { kind: 'fullForAll'; text: string };

export type ParsedInstructions = { rules: InstructionRule[]; notUnderstood: string[] };

/**
 * 'applied': every sentence was understood and applied (the mark may or may not have changed); 'not-understood':
 * at least one sentence was not, nothing was applied; 'none': there were no instructions.
 */
export type InstructionsOutcome = 'applied' | 'not-understood' | 'none';

export type InstructedResult = CheckAnswerResult & {
  instructions: InstructionsOutcome;
  /** What the instructions changed, one sentence each ('' none: the mark stood as the checker gave it). */
  changes: string[];
  /** The sentences not understood. */
  notUnderstood: string[];
};

/** The flag and note when instructions need a model; the same words everywhere. */
export const NEEDS_AI_PROVIDER = 'These instructions need an AI provider';

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, half: 0.5, 'a half': 0.5 };
const COUNT = String.raw`(\d+(?:\.\d+)?|an?|one|two|three|four|five|half|a half)`;
const MENTION_VERB = String.raw`(?:mentions?|contains?|includes?|says|uses|names|gives|states|has)`;
const SUBJECT = String.raw`(?:the\s+)?(?:student(?:'s)?\s+)?(?:answer|response|student|they)`;
const CONDITION = String.raw`(?:(?:if|when|where)\s+${SUBJECT}\s+${MENTION_VERB}|for\s+(?:mentioning|naming|including|any\s+(?:answer|response)\s+(?:that|which)\s+${MENTION_VERB}|(?:answers|responses)\s+(?:that|which)\s+(?:mention|contain|include|say|use|name|give|state)))`;
const GIVE = String.raw`(?:award|give|allow)`;

const FULL_IF = new RegExp(String.raw`^${GIVE}\s+(?:full|all(?:\s+the)?)\s+marks?\s+${CONDITION}\s+(.+)$`, 'i');
const AWARD_IF = new RegExp(String.raw`^${GIVE}\s+${COUNT}\s+marks?\s+${CONDITION}\s+(.+)$`, 'i');
const ZERO_IF = new RegExp(String.raw`^${GIVE}\s+(?:no|zero|0)\s+marks?\s+${CONDITION}\s+(.+)$`, 'i');
const FULL_ALL = new RegExp(
  String.raw`^(?:${GIVE}\s+(?:everyone|every\s+student|all\s+students|all)\s+full\s+marks|${GIVE}\s+full\s+marks\s+(?:to|for)\s+(?:everyone|every\s+student|all\s+students|all\s+answers|every\s+answer))$`,
  'i',
);
const DEDUCT = new RegExp(
  String.raw`^(?:deduct|take\s+off|take\s+away|subtract|remove|dock)\s+${COUNT}\s+marks?\s+(?:for|if|when|where)\s+(.+)$`,
  'i',
);
const MISSING_UNITS =
  /^(?:(?:any|an|the)\s+)?(?:missing|no|omitted|absent)\s+units?$|^(?:the\s+)?units?\s+(?:is|are)\s+(?:missing|omitted|left\s+out|not\s+given)$|^(?:the\s+)?(?:answer|response|student)\s+(?:has|gives|uses|includes)\s+no\s+units?$|^(?:the\s+)?(?:answer|response|student)\s+(?:leaves\s+out|omits|forgets|does\s+not\s+(?:give|include|have)|doesn'?t\s+(?:give|include|have))\s+(?:the\s+)?units?$|^(?:answers|responses)\s+without\s+(?:the\s+)?units?$|^no\s+units?\s+(?:given|stated)$/i;
const ACCEPT = /^(?:(?:please|you\s+may|you\s+can|also|and)\s+)*(?:accept|allow)(?:\s+also)?\s*:?\s*(.+)$/i;
/** An "accept ..." whose object is a description, not an answer ("accept any spelling of", "accept answers that"). */
const DESCRIPTIVE =
  /^(?:any|all|every|answers?|responses?|spellings?|similar|equivalent|reasonable|alternative|other|synonyms?|anything|something|either|both|close|partial|working|methods?)\b/i;

/** The instruction split into sentences: lines, semicolons and full stops (not decimal points). */
export function sentencesOf(text: string): string[] {
  return richTextToPlainText(text)
    .split(/\r?\n|;|\.(?=\s|$)|!(?=\s|$)/)
    .map((s) => s.trim().replace(/^[-*•]\s*/, ''))
    .filter((s) => s !== '');
}

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^["'“‘«]+|["'”’»]+$/g, '')
    .trim();

/** "X, Y or Z" → [X, Y, Z]; `all` when joined by "and" only. */
function listOf(raw: string): { items: string[]; all: boolean } {
  const text = raw.trim().replace(/\s+(?:as\s+well|too|also)$/i, '');
  const hasOr = /\s(?:or|and\/or)\s|,/.test(text);
  const all = !hasOr && /\s(?:and|&)\s/.test(text);
  const items = text
    .split(/\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and\/or|or|and|&)\s+/i)
    .map(unquote)
    .filter((s) => s !== '');
  return { items, all };
}

const countOf = (raw: string): number => NUMBER_WORDS[raw.toLowerCase().replace(/\s+/g, ' ')] ?? Number(raw);

function ruleOf(sentence: string): InstructionRule | null {
  const text = sentence.replace(/\s+/g, ' ').trim();
  let m: RegExpMatchArray | null;
  if (FULL_ALL.test(text)) return { kind: 'fullForAll', text };
  if ((m = text.match(ZERO_IF))) return { kind: 'zeroIfMentions', terms: listOf(m[1]!).items, text };
  if ((m = text.match(FULL_IF))) {
    const { items, all } = listOf(m[1]!);
    return items.length ? { kind: 'fullIfMentions', terms: items, all, text } : null;
  }
  if ((m = text.match(AWARD_IF))) {
    const points = countOf(m[1]!);
    const { items } = listOf(m[2]!);
    return Number.isFinite(points) && points > 0 && items.length ? { kind: 'awardIfMentions', points, terms: items, text } : null;
  }
  if ((m = text.match(DEDUCT))) {
    const points = countOf(m[1]!);
    return Number.isFinite(points) && points > 0 && MISSING_UNITS.test(m[2]!.trim())
      ? { kind: 'deductForMissingUnits', points, text }
      : null;
  }
  if ((m = text.match(ACCEPT))) {
    // "accept X for Y" / "accept X as correct" / "accept X instead of Y": X is the answer accepted.
    const object = m[1]!
      .replace(/\s+(?:as|for)\s+(?:a\s+)?(?:correct|right|valid|full\s+marks)(?:\s+answers?)?$/i, '')
      .replace(/\s+(?:for|instead\s+of|in\s+place\s+of|as\s+well\s+as|in\s+addition\s+to)\s+["'“‘]?[^,"'”’]+["'”’]?$/i, '');
    if (DESCRIPTIVE.test(object.trim())) return null;
    const { items } = listOf(object);
    return items.length && items.every((i) => !DESCRIPTIVE.test(i)) ? { kind: 'accept', answers: items, text } : null;
  }
  return null;
}

/** Pure: the rules read from a teacher's instructions, and the sentences that were not understood. */
export function parseInstructions(instructions: string): ParsedInstructions {
  const rules: InstructionRule[] = [];
  const notUnderstood: string[] = [];
  for (const sentence of sentencesOf(instructions)) {
    const rule = ruleOf(sentence);
    if (rule) rules.push(rule);
    else notUnderstood.push(sentence);
  }
  return { rules, notUnderstood };
}

const NEGATORS = new Set(['not', 'no', 'never', 'isnt', 'doesnt', 'dont', 'cannot', 'cant', 'without', 'nor']);
const stems = (text: string) => words(text).map(stem);

/** Whether the response names a term: its words in order, as stems, not right after a negation. */
export function mentions(response: string, term: string): boolean {
  const r = stems(response);
  const t = stems(term);
  if (t.length === 0) return false;
  for (let i = 0; i + t.length <= r.length; i++) {
    if (t.every((w, j) => r[i + j] === w) && !NEGATORS.has(r[i - 1] ?? '')) return true;
  }
  return false;
}

const quoted = (items: readonly string[]) => items.map((i) => `"${i}"`).join(', ');
const marks = (n: number) => `${n} mark${n === 1 ? '' : 's'}`;

/** Whether the response, taken as a whole, is an accepted answer (checked against it as a key). */
function accepts(input: CheckAnswerInput, response: string, answer: string): boolean {
  const norm = (s: string) => words(s).join(' ');
  if (norm(response) === norm(answer)) return true;
  const asKey = checkAnswer({ ...input, answer, gradingInstructions: '', response });
  return asKey.confident && asKey.pointsObtained >= input.marksPossible;
}

/** Every number in the response comes without a unit (and there is at least one number). */
function missingUnits(response: string): boolean {
  const quantities = findQuantities(response);
  return quantities.length > 0 && quantities.every((q) => !q.unit);
}

/** The mark of the response with the key's unit written after its number; null when the key has no unit. */
function markWithKeyUnit(input: CheckAnswerInput, response: string): number | null {
  const key = findQuantities(richTextToPlainText(input.answer ?? '')).find((q) => q.unit);
  const unit = key?.text.replace(/^[-−+]?[\d\s.,/^()*×x+-]*/, '').trim();
  if (!key || !unit) return null;
  const quantities = findQuantities(response);
  const last = quantities[quantities.length - 1];
  if (!last) return null;
  const at = response.lastIndexOf(last.text);
  const withUnit =
    at < 0 ? `${response} ${unit}` : `${response.slice(0, at + last.text.length)} ${unit}${response.slice(at + last.text.length)}`;
  return checkAnswer({ ...input, gradingInstructions: '', response: withUnit }).pointsObtained;
}

/**
 * The checker's mark, then the teacher's instructions applied on top of it: raises (accepted answers, full marks
 * for a mention, marks for a mention), then deductions, then "no marks if". When any sentence is not understood,
 * nothing is applied and `instructions` is 'not-understood'.
 */
export function checkWithInstructions(input: CheckAnswerInput, instructions: string): InstructedResult {
  const base = checkAnswer(input);
  const parsed = parseInstructions(instructions);
  if (parsed.rules.length === 0 && parsed.notUnderstood.length === 0)
    return { ...base, instructions: 'none', changes: [], notUnderstood: [] };
  if (parsed.notUnderstood.length > 0) return { ...base, instructions: 'not-understood', changes: [], notUnderstood: parsed.notUnderstood };

  const possible = Math.max(0, input.marksPossible);
  const response = richTextToPlainText(input.response ?? '').trim();
  let points = base.pointsObtained;
  let confident = base.confident;
  let feedback = base.feedback;
  let full = false;
  const changes: string[] = [];
  const raiseTo = (to: number, why: string) => {
    if (to <= points) return;
    changes.push(`${why} (${marks(points)} → ${marks(to)}).`);
    points = to;
  };

  if (response !== '') {
    for (const rule of parsed.rules) {
      if (rule.kind === 'fullForAll') {
        raiseTo(possible, 'The teacher gives everyone full marks');
        full = true;
      } else if (rule.kind === 'accept') {
        const hit = rule.answers.find((a) => accepts(input, response, a));
        if (hit) {
          raiseTo(possible, `The teacher accepts "${hit}" as a correct answer`);
          full = true;
        }
      } else if (rule.kind === 'fullIfMentions') {
        const hits = rule.terms.filter((t) => mentions(response, t));
        if (rule.all ? hits.length === rule.terms.length : hits.length > 0) {
          raiseTo(possible, `Full marks: the answer mentions ${quoted(hits)}`);
          full = true;
        }
      } else if (rule.kind === 'awardIfMentions') {
        const hits = rule.terms.filter((t) => mentions(response, t));
        if (hits.length) raiseTo(toQuarter(rule.points, possible), `The answer mentions ${quoted(hits)}`);
      }
    }
    for (const rule of parsed.rules) {
      if (rule.kind !== 'deductForMissingUnits' || !missingUnits(response)) continue;
      // The teacher's penalty replaces the checker's own for the missing unit: the mark the answer gets with the key's
      // unit, less the penalty.
      const withUnit = markWithKeyUnit(input, response) ?? points;
      if (withUnit <= 0) continue;
      const to = toQuarter(Math.max(0, withUnit - rule.points), possible);
      changes.push(`${marks(withUnit - to)} taken off: the answer gives no units (${marks(withUnit)} → ${marks(to)}).`);
      points = to;
      full = false;
    }
    for (const rule of parsed.rules) {
      if (rule.kind !== 'zeroIfMentions' || points === 0) continue;
      const hits = rule.terms.filter((t) => mentions(response, t));
      if (hits.length) {
        changes.push(`No marks: the answer mentions ${quoted(hits)} (${marks(points)} → 0 marks).`);
        points = 0;
        full = false;
        confident = true;
      }
    }
  }
  if (full && points >= possible && changes.length) {
    // An instruction decided the mark: the checker's doubts and missing terms no longer apply.
    confident = true;
    feedback = changes.join(' ');
  } else if (changes.length) {
    // The checker's own count of marks no longer holds once an instruction changed them.
    const stale = base.feedback.replace(/\s*\(\d+(?:\.\d+)? of \d+(?:\.\d+)? marks?\)/g, '');
    feedback = `${stale} ${changes.join(' ')}`.trim();
  }
  const result: InstructedResult = {
    ...base,
    pointsObtained: points,
    feedback,
    confident,
    instructions: 'applied',
    changes,
    notUnderstood: [],
  };
  if (confident) delete result.reason;
  return result;
}
