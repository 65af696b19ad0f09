/** Explanations: the key's ideas, each in the key's words, looked for in the response. */
import type { CheckAnswerResult } from './check';
import { andList, phrase, sentences } from './feedback';
import { compoundReason, matchPhrase, slipNote, tokenize, type Slip } from './match';
import { checkPoints, withCompoundNames } from './ideas';
import { fmt, toQuarter } from './points';
import { findQuantities, normaliseMaths } from './quantity';
import { isContentWord, isRealWord, relate, stem, words } from './text';
import { checkBanded } from './words';

/** Answers longer than this many words are judged by a teacher: term overlap says too little. */
const LONG_ANSWER_WORDS = 45;
const MAX_KEY_TERMS = 14;
/** Share of key terms that earns full marks: wording differs, and a key lists more than a good answer needs. */
const FULL_COVERAGE = 0.75;

type Term = { word: string; stem: string };

/** The key's content words, without those the question already says (echoing it earns nothing). */
export function keyTerms(key: string, question: string): Term[] {
  const questionWords = words(normaliseMaths(question)).filter(isContentWord);
  const all: Term[] = [];
  const seen = new Set<string>();
  for (const word of words(key).filter(isContentWord)) {
    const s = stem(word);
    if (seen.has(s)) continue;
    seen.add(s);
    all.push({ word, stem: s });
  }
  const inQuestion = (t: Term) =>
    questionWords.some((q) => {
      const r = relate(t.word, q, false);
      return r === 'exact' || r === 'form';
    });
  const fresh = all.filter((t) => !inQuestion(t));
  return fresh.length > 0 ? fresh : all;
}

/** The key cut into ideas at punctuation and linking words: "Plants use sunlight | to make glucose | oxygen is released". */
export function ideasOf(key: string): string[] {
  return key
    .replace(/\([^)]*\)/g, ' ')
    .split(/[.;:,\n]|\s(?:because|so|which|but|while|whereas|therefore|when)\s/i)
    .map((s) =>
      s
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^(?:and|or|then|when|if|as|because|so|since|while)\s+/i, ''),
    )
    .filter((s) => words(s).some(isContentWord))
    .map((s) => (/^[A-Z][a-z]+\b/.test(s) && isRealWord(s.split(' ')[0]!.toLowerCase()) ? s.charAt(0).toLowerCase() + s.slice(1) : s));
}

export function checkTerms(question: string, key: string, response: string, possible: number, type: string): CheckAnswerResult {
  // "2 marks for all three; 1 mark for two correct": marks by how many items are right.
  const banded = type.includes('long') ? null : checkBanded(key, response, possible);
  if (banded) return banded;
  const terms = keyTerms(key, question);
  const tokens = tokenize(normaliseMaths(withCompoundNames(response)));
  const base = { pointsPossible: possible, method: 'terms' as const };
  if (terms.length === 0) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [],
      confident: false,
      reason: 'The answer key has no key terms to look for',
      feedback: 'This answer could not be checked automatically: a teacher will look at it.',
    };
  }
  if (!type.includes('long') && words(key).length <= LONG_ANSWER_WORDS * 2) {
    const byPoint = checkPoints(question, key, tokens, possible);
    if (byPoint) return { ...base, ...byPoint };
  }
  const slips: Slip[] = [];
  const compounds: Slip[] = [];
  let negatedTerm = false;
  const matched: Term[] = [];
  for (const t of terms) {
    const m = matchPhrase(t.word, tokens);
    if (m.found || numberIn(t.word, response)) {
      matched.push(t);
      slips.push(...m.slips);
      compounds.push(...m.compounds);
    } else if (m.negated) negatedTerm = true;
  }
  const missing = terms.filter((t) => !matched.includes(t));
  const coverage = matched.length / terms.length;
  const points = toQuarter(possible * Math.min(1, coverage / FULL_COVERAGE), possible);

  const keyNegates = words(key).some((w) => ['not', 'no', 'never', 'cannot', 'without'].includes(w));
  const reasons: string[] = [];
  if (type.includes('long') || words(key).length > LONG_ANSWER_WORDS || terms.length > MAX_KEY_TERMS)
    reasons.push("Long answers need a teacher's judgement");
  if (tokens.length > LONG_ANSWER_WORDS * 2) reasons.push('The response is long');
  if (points > 0 && points < possible) reasons.push('Only some of the key ideas matched: the wording may differ from the key');
  if (compounds.length && points > 0) reasons.push(compoundReason(compounds));
  if (negatedTerm && !keyNegates) reasons.push('The response negates a key term');
  if (points === 0 && coverage > 0) reasons.push('A few key terms matched: the wording may differ from the key');
  if (points === 0 && coverage === 0 && tokens.length > 12) reasons.push('A longer response: the ideas may be in other words');
  if (terms.length === 1 && matched.length === 1 && tokens.length > 12) reasons.push('One key term in a long response');

  const isMatched = (w: string) => matched.some((t) => t.word === w);
  const isTerm = (w: string) => terms.some((t) => t.word === w);
  const ideas = ideasOf(key)
    .map((text) => {
      const own = words(text).filter(isTerm);
      return { text, own, got: own.filter(isMatched).length };
    })
    .filter((i) => i.own.length > 0);
  const covered = ideas.filter((i) => i.got === i.own.length).map((i) => phrase(i.text));
  const partIdeas = ideas.filter((i) => i.got > 0 && i.got < i.own.length);
  const partly = partIdeas.map((i) => phrase(i.text));
  const absent = ideas.filter((i) => i.got === 0).map((i) => phrase(i.text));
  // The key's words an idea still lacks, as the key runs them together: "carbon dioxide", "glucose".
  const lacking = partIdeas.flatMap((i) => runs(i.text, (w) => isTerm(w) && !isMatched(w))).sort((a, b) => b.length - a.length);

  const feedback =
    points === possible
      ? sentences(
          `Correct: ${tell(
            'your answer says',
            'mentions',
            ideas.filter((i) => i.got > 0).map((i) => phrase(i.text)),
            'your answer mentions',
          )}.`,
          absent.length ? `For a complete answer, also ${tell('say', 'mention', absent, 'mention')}.` : '',
          slipNote(slips),
        )
      : sentences(
          points > 0 ? `Partly correct (${fmt(points)} of ${fmt(possible)}).` : 'Not correct.',
          covered.length ? `You correctly ${tell('said', 'mentioned', covered, 'mentioned')}.` : '',
          partly.length
            ? sentences(
                `You partly ${tell('said', 'mentioned', partly, 'mentioned')}.`,
                lacking.length ? `To complete ${partly.length > 1 ? 'them' : 'it'}, mention ${andList(lacking.slice(0, 3))}.` : '',
              )
            : '',
          absent.length ? `Your answer does not ${tell('say', 'mention', absent, 'mention')}: add this in your own words.` : '',
          negatedTerm && !keyNegates ? 'Check the "not": your answer says the opposite of the key.' : '',
          slipNote(slips),
        );
  return {
    ...base,
    pointsObtained: points,
    matched: matched.map((t) => t.word),
    missing: missing.map((t) => t.word),
    feedback,
    confident: reasons.length === 0,
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
  };
}

/**
 * The key's ideas in a sentence: clauses are said ("said that the light reaches us first"), single terms mentioned
 * ("mentioned water and glucose"); `alone` is the verb when there are only terms.
 */
function tell(say: string, mention: string, ideas: readonly string[], alone: string): string {
  const clauses = ideas.filter((i) => words(i).length >= 3);
  const terms = ideas.filter((i) => words(i).length < 3);
  if (clauses.length === 0) return `${alone} ${andList(terms)}`;
  return `${say} that ${andList(clauses)}${terms.length ? `, and ${mention} ${andList(terms)}` : ''}`;
}

/** Runs of consecutive words of `text` that pass `keep`, in the text's own spelling. */
function runs(text: string, keep: (w: string) => boolean): string[] {
  const out: string[] = [];
  let run: string[] = [];
  for (const w of text.split(/\s+/)) {
    const norm = words(w)[0] ?? '';
    if (norm && keep(norm)) run.push(w.replace(/[^\p{L}\p{N}'’-]/gu, ''));
    else if (run.length) {
      out.push(run.join(' '));
      run = [];
    }
  }
  if (run.length) out.push(run.join(' '));
  return [...new Set(out)];
}

/** A number key term counts when the response holds that value. */
function numberIn(word: string, response: string): boolean {
  if (!/^[0-9]/.test(word)) return false;
  const value = Number(word);
  return Number.isFinite(value) && findQuantities(response).some((q) => q.value === value);
}
