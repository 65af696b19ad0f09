/** Short answers in words: one answer with its alternatives, lists (all items or "any two of"), yes / no. */
import type { MarkingPolicy } from './policy';
import type { CheckAnswerResult } from './check';
import { distance } from 'fastest-levenshtein';
import { keyCompound } from './chemistry';
import { andList, capitalise, orList, phrase, sentences } from './feedback';
import { matchPoint, withCompoundNames } from './ideas';
import type { KeyItem, KeySpec } from './key';
import { droppedMarks, withoutMarks } from './key-notes';
import { compoundReason, contentWords, matchAny, matchPhrase, slipNote, tokenize, type PhraseMatch, type Slip, type Token } from './match';
import { fmt, toQuarter } from './points';
import { NEGATIONS, bases, isContentWord, isRealWord, kin, nounLemma, relate, soundsAlike, stem, words } from './text';
import { antonymsOf, hypernymsOf, senses, synonymsOf } from './wordnet';

/** policy: the assignment's marking policy (policy.ts); unset switches keep the usual behaviour. */
type Ctx = { question: string; response: string; possible: number; allowSlips: boolean; policy?: MarkingPolicy | undefined };
/** An item's wordings: the key's, those it accepts, and a compound's formula and other names (CO2 for carbon dioxide). */
const wordings = (item: KeyItem) => {
  // Each accepted wording's formula too: "Ne" where the key accepts "any of: helium, neon, …".
  const chemical = [item.text, ...item.accept].flatMap((w) => {
    // "Ne" in a key is the element's symbol (a lone capital letter may be a choice's letter).
    const compound = w.split(/\s+/).length <= 3 ? keyCompound(w, /^[A-Z][a-z]$/.test(w.trim()) ? 'symbol' : '') : null;
    return compound && compound.names.length ? [compound.formula, ...compound.names] : [];
  });
  const bare = headless(item.text);
  const split = [item.text, ...item.accept].flatMap(splitCompound);
  return [...new Set([item.text, ...item.accept, ...chemical, ...(bare ? [bare] : []), ...split])];
};

/**
 * "handwashing" as "hand washing" and "washing hand": a one-word compound of two words the word list has, each of
 * four letters or more, is said in two words in either order ("wash hands").
 */
function splitCompound(wording: string): string[] {
  const w = wording.trim().toLowerCase();
  if (!/^[a-z]{8,}$/.test(w)) return [];
  for (let i = 4; i <= w.length - 4; i++) {
    const [a, b] = [w.slice(0, i), w.slice(i)];
    if (isRealWord(a) && isRealWord(b) && isContentWord(a) && isContentWord(b)) return [`${a} ${b}`, `${b} ${a}`];
  }
  return [];
}

/**
 * A name ending in a generic word ("root hair cells", "alliance system") without it, where WordNet has what is left
 * as a noun ("root hair", "alliance"): the same thing named shorter, taken but flagged for a teacher to confirm.
 */
function headless(text: string): string | null {
  const m = /^(.+?)\s+(?:cells?|system|systems|process)$/i.exec(text.trim());
  if (!m || words(m[1]!).length === 0 || words(m[1]!).length > 2) return null;
  const rest = m[1]!.toLowerCase();
  return senses(rest, 'n').length > 0 ? rest : null;
}
const headlessReason = (item: KeyItem, wording: string) =>
  wording === headless(item.text) ? `Took "${wording}" for "${item.text}": a teacher should confirm` : '';
const result = (
  ctx: Ctx,
  points: number,
  feedback: string,
  matched: string[],
  missing: string[],
  reasons: string[],
): CheckAnswerResult => ({
  pointsObtained: points,
  pointsPossible: ctx.possible,
  method: 'terms',
  matched,
  missing,
  feedback,
  confident: reasons.length === 0,
  ...(reasons.length ? { reason: reasons.join('; ') } : {}),
});

const otherWordNote = (m: PhraseMatch) =>
  m.otherWords
    .map((o) =>
      /^[ivxlc]+$/.test(o.key) && /[0-9]|th$/.test(o.got)
        ? `"${o.got}" is a different number from ${o.key.toUpperCase()}, so it names someone else.`
        : `"${o.got}" is a different word from "${o.key}", so it cannot be accepted.`,
    )
    .join(' ');

/** Words of the response that no key wording used and the question does not already say. */
function extraWords(tokens: readonly Token[], used: Set<number>, question: string): string[] {
  const asked = new Set(words(question));
  return tokens.filter((t, i) => !used.has(i) && isContentWord(t.word) && !asked.has(t.word)).map((t) => t.word);
}

const lookAlike = (a: string, b: string) =>
  a.slice(0, 2) === b.slice(0, 2) && distance(a, b) <= Math.ceil(Math.max(a.length, b.length) / 2);

const sharesAffix = (a: string, b: string) =>
  a.length >= 5 && b.length >= 5 && (a.slice(-4) === b.slice(-4) || a.slice(0, 4) === b.slice(0, 4));

const rejectedIn = (reject: readonly string[], tokens: readonly Token[]) => reject.find((r) => matchPhrase(r, tokens, false).found);

// ---- one answer --------------------------------------------------------------------------------

/** "(include the article)", "with its article", "singular, with article": the question asks for the article. */
const ARTICLE_ASKED = /\b(?:with|include|including|and)\s+(?:the\s+|its\s+|an?\s+)?(?:correct\s+)?(?:definite\s+|indefinite\s+)?article\b/i;
/** A key that opens with an article: "la città", "das Mädchen", "el móvil", "l'école". */
const ARTICLE = /^(der|die|das|den|dem|ein|eine|il|lo|la|i|gli|le|un|una|uno|el|los|las|une|les|l['’])\s*\p{L}/iu;

/**
 * "la città; accept citta'": an accepted spelling of one word of the key's phrase stands in that word's place ("la
 * citta'"), so the rest of the phrase (its article) is still needed.
 */
function inPhrase(accepted: string, text: string): string {
  const fold = (w: string) => withoutMarks(w.replace(/['’]$/, '')).toLowerCase();
  const parts = text.trim().split(/\s+/);
  if (parts.length < 2 || /\s/.test(accepted.trim())) return accepted;
  const at = parts.findIndex((p) => withoutMarks(p) !== p && fold(p) === fold(accepted.trim()));
  return at < 0 ? accepted : parts.map((p, i) => (i === at ? accepted.trim() : p)).join(' ');
}

/** "Who …?", "Which scientist …?": the answer is a person. */
const PERSON_QUESTION =
  /^\s*who\b|\bwhich\s+(?:scientist|person|man|woman|king|queen|monarch|ruler|emperor|artist|painter|author|writer|poet|composer|inventor|explorer|leader|prime\s+minister|president|philosopher|mathematician)\b/i;
const ROMAN = /^(?=[IVXLC]+$)M*(?:C[MD]|D?C{0,3})(?:X[CL]|L?X{0,3})(?:I[XV]|V?I{0,3})$/;

/** A person's name in the key ("Charles Darwin"): the surname alone names them, as teachers accept. */
function surname(item: KeyItem, question: string): string[] {
  if (!PERSON_QUESTION.test(question)) return [];
  const parts = item.text.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > 3 || !parts.every((p) => /^[A-Z][a-z]+$/.test(p)) || ROMAN.test(parts.at(-1)!)) return [];
  return [parts.at(-1)!];
}

/** "any named EM wave" in the key: a response that WordNet files under the key's item or that category is accepted. */
function namedKind(item: KeyItem, response: string): string | null {
  const categories = item.accept.filter((a) => /^any\s+(?:named\s+)?\S/i.test(a));
  if (categories.length === 0) return null;
  const said = words(response).filter(isContentWord);
  if (said.length === 0 || said.length > 3) return null;
  const phraseSaid = said.join(' ');
  const hyper = new Set([
    ...hypernymsOf(phraseSaid),
    ...hypernymsOf(
      said
        .map((w, i) => (i === said.length - 1 ? bases(w) : new Set([w])))
        .map((s) => [...s].pop()!)
        .join(' '),
    ),
  ]);
  const kinds = [item.text, ...categories.map((c) => c.replace(/^any\s+(?:named\s+)?/i, ''))];
  for (const k of kinds) {
    const kw = words(k);
    const forms = [kw.join(' '), [...kw.slice(0, -1), ...[...bases(kw.at(-1) ?? '')].filter((b) => b !== kw.at(-1))].join(' ')];
    if (forms.some((f) => f && hyper.has(f))) return k;
  }
  return null;
}

/**
 * "carbon die oxide" for carbon dioxide, "photo synthesis": one word of the key written in two, the space a slip. The
 * response with the two parts joined, where they make a key's word (or a slip of one) that neither part is alone.
 */
function joinedWord(response: string, wordingsOf: readonly string[]): { text: string; exact: boolean } | null {
  const said = response.trim().split(/\s+/);
  const keyWords = [...new Set(wordingsOf.flatMap((w) => words(w)).filter((w) => w.length >= 6))];
  for (let i = 0; i + 1 < said.length; i++) {
    const [a, b] = [words(said[i]!), words(said[i + 1]!)];
    if (a.length !== 1 || b.length !== 1) continue;
    const joined = a[0]! + b[0]!;
    const whole = keyWords.find((k) => relate(k, joined) === 'exact' || relate(k, joined) === 'form');
    const slip = whole ?? keyWords.find((k) => relate(k, joined) === 'slip' && !relate(k, a[0]!) && !relate(k, b[0]!));
    if (slip) return { text: [...said.slice(0, i), joined, ...said.slice(i + 2)].join(' '), exact: whole !== undefined };
  }
  return null;
}

/**
 * "any of the 13", "any two; accents not needed", "any valid example": a key that names how many answers to take but
 * not the answers themselves. The checker has nothing to compare with: a teacher marks it (never a silent 0).
 */
export function checkOpenKey(key: string, ctx: Ctx): CheckAnswerResult | null {
  const open =
    /^\s*(?:accept\s+)?any\s+(?:(?:one|two|three|four|five|six|\d+)\s*)?(?:of\s+(?:the|these|those|them)\b(?:\s+[\p{L}\d]+){0,2}|(?:correct|valid|suitable|sensible|reasonable|appropriate)\s+(?:answers?|examples?))?\s*(?:[;.]\s*([^,:/]*))?$/iu.exec(
      key,
    );
  if (!open || (open[1] && words(open[1]).length > 6)) return null;
  return {
    pointsPossible: ctx.possible,
    pointsObtained: 0,
    matched: [],
    missing: [],
    method: 'none',
    confident: false,
    reason: 'The key says how many answers to take but does not list them: a teacher should check the answer',
    feedback: 'This answer could not be checked automatically: a teacher will look at it.',
  };
}

export function checkSingle(spec: Extract<KeySpec, { kind: 'single' }>, ctx: Ctx): CheckAnswerResult {
  const first = checkSingleAsWritten(spec, ctx);
  if (first.pointsObtained > 0 || !ctx.allowSlips) return first;
  const joined = joinedWord(ctx.response, wordings(spec.item));
  if (!joined) return first;
  const again = checkSingleAsWritten(spec, { ...ctx, response: joined.text });
  if (again.pointsObtained === 0) return first;
  if (joined.exact) return again;
  const reason = `Read "${ctx.response.trim()}" as "${joined.text}": a word of the key written in two, with a slip`;
  return { ...again, confident: false, reason: again.reason ? `${again.reason}; ${reason}` : reason };
}

function checkSingleAsWritten(spec: Extract<KeySpec, { kind: 'single' }>, ctx: Ctx): CheckAnswerResult {
  // "take O2 round the body": a formula in a sentence is also read as its name.
  // "3.25": a key with a decimal reads the response's decimals whole.
  const decimals = wordings(spec.item).some((w) => /\d[.,]\d/.test(w));
  const tokens = tokenize(ctx.allowSlips && words(ctx.response).length > 1 ? withCompoundNames(ctx.response) : ctx.response, decimals);
  const kind = ctx.allowSlips ? namedKind(spec.item, ctx.response) : null;
  if (kind)
    return result(
      ctx,
      ctx.possible,
      sentences(
        `Correct: ${ctx.response.trim()} ${/s$/i.test(ctx.response.trim()) ? 'are' : 'is'} ${phrase(spec.item.text)}, which the key accepts.`,
      ),
      [spec.item.text],
      [],
      [],
    );
  const item = {
    ...spec.item,
    accept: [...spec.item.accept.map((a) => inPhrase(a, spec.item.text)), ...(ctx.allowSlips ? surname(spec.item, ctx.question) : [])],
  };
  // "to carry oxygen": a key that is an action reads the response's verbs as a marking point's are.
  const m = matchAny(wordings(item), tokens, ctx.allowSlips, ctx.allowSlips && /^\s*to\s+[a-z]/i.test(spec.item.text));
  const answer = phrase(spec.item.text);
  // "reject citta" for "la città": a rejected wording that is a key word without its accent is read with the marks.
  const folded = wordings(item)
    .flatMap((w) => [w, ...w.split(/\s+/)])
    .filter((w) => withoutMarks(w) !== w)
    .map((w) => withoutMarks(w).toLowerCase());
  const markRejects = spec.reject.filter((r) => folded.includes(r.trim().toLowerCase()));
  const rejected = rejectedIn(
    spec.reject.filter((r) => !markRejects.includes(r)),
    tokens,
  );
  if (m.found) {
    // "das Madchen" for "das Mädchen": an accent or umlaut dropped. Where the key holds its words to their marks (it
    // rejects the bare form, asks for exact spelling, or accepts "ae" for "ä"), 0; where the spelling is what is tested
    // and the key does not say, teachers differ: the mark stands, flagged.
    const dropped = droppedMarks(m.wording, ctx.response);
    if (
      dropped.length > 0 &&
      markRejects.some((r) =>
        dropped.some((d) => d.got === r.trim().toLowerCase() || withoutMarks(m.wording).toLowerCase() === r.trim().toLowerCase()),
      )
    )
      return result(
        ctx,
        0,
        sentences(`Not correct: "${dropped[0]!.key}" needs its accent or umlaut ("${dropped[0]!.got}" is not accepted).`),
        [],
        [spec.item.text],
        [],
      );
    // "das Mädchen" for "translate 'the girl' (include the article)": the key's article is needed, and no other.
    const article = ARTICLE_ASKED.test(ctx.question) ? ARTICLE.exec(m.wording.trim().normalize('NFC'))?.[1] : undefined;
    if (article && !words(ctx.response.normalize('NFC').replace(/['’]/g, "' ")).includes(article.toLowerCase().replace(/['’]/g, '')))
      return result(
        ctx,
        0,
        sentences(`Not correct: the question asks for the article too: ${phrase(m.wording)}.`),
        [],
        [spec.item.text],
        [],
      );
    const droppedReason =
      dropped.length > 0 && !ctx.allowSlips
        ? [`"${dropped[0]!.got}" drops the accent or umlaut of "${dropped[0]!.key}": teachers differ on whether that is a spelling error`]
        : [];
    const extra = extraWords(tokens, m.used, ctx.question);
    const reasons: string[] = [...droppedReason];
    if (rejected) reasons.push(`The response also says "${rejected}", which the key does not accept`);
    if (m.compounds.length) reasons.push(compoundReason(m.compounds));
    if (headlessReason(item, m.wording)) reasons.push(headlessReason(item, m.wording));
    // "Lance Armstrong" for Neil Armstrong: the surname with another first name may be someone else.
    if (!wordings(spec.item).includes(m.wording) && extra.length > 0)
      reasons.push(`The surname is right but "${extra.join(' ')}" beside it may name someone else`);
    // "newton metres", "watt hours": a word right after the key's unit names another unit made from it.
    const after = [...m.used].map((i) => tokens[i + 1]).find((t) => t && !m.used.has(tokens.indexOf(t)) && extra.includes(t.word));
    const unitAsked =
      /\bunits?\b/i.test(ctx.question) || /^(?:metres?|meters?|seconds?|hours?|minutes?|grams?|litres?|liters?)$/.test(after?.word ?? '');
    if (after && unitAsked && m.used.size <= 2 && !/\s(?:or|and)\s|[/,&]/i.test(ctx.response))
      reasons.push(`"${after.word}" after the key's word may make it name something else`);
    // "Russia or Germany": two answers offered as a choice, one of them not the key's, is no answer: the teachers who
    // say so mark it 0; flagged, as not every policy says it.
    const choices = ctx.response
      .trim()
      .split(/\s+or\s+|(?<!\d)\s*\/\s*(?!\d)/i)
      .filter((c) => words(c).some(isContentWord));
    const offered =
      ctx.allowSlips &&
      choices.length === 2 &&
      choices.every((c) => words(c).length <= 3 && /[a-z]{2}/i.test(c)) &&
      choices.filter((c) => matchAny(wordings(item), tokenize(c), true).found).length === 1 &&
      !rejected;
    if (offered)
      return result(
        ctx,
        0,
        sentences(`Not correct: the answer offers a choice of two, and only one is right (${answer}).`, 'Give one answer.'),
        [],
        [spec.item.text],
        ['The response may give more than one answer: a choice of two with one wrong is marked 0, as most policies say'],
      );
    const unmarked = lostFormAccent(m.wording, ctx.response, ctx.question);
    if (unmarked)
      return result(
        ctx,
        0,
        sentences(`Not correct: the form asked for is "${unmarked}", with its accent; without it, it is another form of the word.`),
        [],
        [spec.item.text],
        [],
      );
    if (/\s(?:or|and\/or|and)\s|[/,&]/i.test(ctx.response) && extra.length > 0) reasons.push('The response may give more than one answer');
    else if (extra.length > 8) reasons.push('The key answer is in a longer response that may say something else too');
    const alt =
      m.wording === spec.item.text
        ? ''
        : wordings(spec.item).includes(m.wording)
          ? ` (the key also accepts "${m.wording}")`
          : ' (the surname is enough)';
    return result(ctx, ctx.possible, sentences(`Correct: ${answer}${alt}.`, slipNote(m.slips)), [spec.item.text], [], reasons);
  }
  const thesaurus = ctx.allowSlips ? wordQuestion(ctx.question, spec, ctx.response) : null;
  const unsureWord =
    thesaurus?.level === 'unsure'
      ? [
          `"${thesaurus.word}" is not in the key; a thesaurus (WordNet) gives senses of it both like and unlike the answer: a teacher should decide`,
        ]
      : [];
  if (thesaurus && (thesaurus.level === 'same' || thesaurus.level === 'near')) {
    const reasons =
      thesaurus.level === 'near'
        ? [`"${thesaurus.word}" is not in the key; a thesaurus (WordNet) links it to "${thesaurus.to}": a teacher should confirm`]
        : [];
    return result(
      ctx,
      ctx.possible,
      sentences(
        `Correct: "${thesaurus.word}" ${thesaurus.opposite ? 'is an opposite of' : 'means the same as'} "${thesaurus.target}".`,
        `The key gives ${orList([spec.item.text, ...spec.item.accept].map((a) => `"${a}"`))}.`,
      ),
      [thesaurus.word],
      [],
      reasons,
    );
  }
  // "orca" for "Name one sea mammal" (whale, dolphin, …): a thing the thesaurus files under a key's item, by its first
  // sense, is one of them; flagged. Only where the question asks to name one thing, not a type, form or state of one
  // ("granite" names no type of rock, "water" no state of matter).
  const instance =
    ctx.allowSlips &&
    !thesaurus &&
    /\b(?:name|give|state)\s+(?:one|an?|any)\b(?!\s+of\b)/i.test(ctx.question) &&
    !/\b(?:types?|kinds?|categor(?:y|ies)|groups?|class(?:es)?|process(?:es)?|states?|forms?|phases?|stages?)\b/i.test(ctx.question)
      ? instanceOf(item, ctx.response)
      : null;
  if (instance && !rejected)
    return result(
      ctx,
      ctx.possible,
      sentences(`Correct: ${ctx.response.trim()} is a ${instance}, which the key accepts.`),
      [spec.item.text],
      [],
      [`"${ctx.response.trim()}" is not in the key; a thesaurus (WordNet) files it under "${instance}": a teacher should confirm`],
    );
  const reasons: string[] = [...unsureWord];
  // "larva" for lava, "flood plane" for floodplain: a real word that sounds like the key's. Most teachers mark it 0
  // (another word); some accept a homophone whose meaning is clear: 0, flagged.
  const homophone = ctx.allowSlips ? homophoneSlip(wordings(item), ctx.response) : null;
  if (homophone && !rejected)
    reasons.push(
      `"${homophone.got}" sounds like "${homophone.key}" but is another word: teachers differ on a homophone slip (most give 0)`,
    );
  const extra = extraWords(tokens, m.used, ctx.question);
  const absent = contentWords(m.wording).filter((w) => !tokens.some((t) => ['exact', 'form', 'slip'].includes(relate(w, t.word) ?? '')));
  // "carbon monoxide" for "carbon dioxide": a word in place of the missing one, sharing its stem or ending, names something else.
  // "electric potential energy" for "elastic potential energy": one word of a name swapped for another real word,
  // not a synonym of it, names a different thing (unless the key takes "any named …").
  const responseWords = words(ctx.response).filter(isContentWord);
  const substituted =
    absent.length === 1 &&
    extra.length === 1 &&
    m.share > 0 &&
    responseWords.length === contentWords(m.wording).length &&
    isRealWord(absent[0]!) &&
    isRealWord(extra[0]!) &&
    !kin(absent[0]!, extra[0]!) &&
    // Look-alike words only (electric / elastic): a student confusing two terms, not saying one in other words
    // ("movement energy" for "kinetic energy" is for a teacher to judge).
    lookAlike(absent[0]!, extra[0]!) &&
    !spec.item.accept.some((a) => /^any\b/i.test(a));
  const replaced = substituted || m.otherWords.length > 0 || absent.some((w) => extra.some((x) => sharesAffix(w, x)));
  if (m.negated) reasons.push('The response names the answer but negates it');
  else if (m.share > 0 && !replaced) reasons.push('The response gives part of the answer, or says the rest in other words');
  else if (m.share === 0 && extra.length > 8) reasons.push('A longer response: the answer may be in other words');
  else if (m.share === 0 && ctx.allowSlips && reasons.length === 0 && !rejected) {
    // "how hot or cold something is" for "temperature": a phrase where the key has a word or two may define it in
    // other words. The thesaurus's definitions of the key's words decide when they share two words with it; a
    // teacher looks at the rest.
    const defined = definedBy(item, ctx.response);
    if (defined >= 2)
      return result(
        ctx,
        ctx.possible,
        sentences(`Correct: this says in other words what ${answer} means.`, `The key gives ${answer}.`),
        [spec.item.text],
        [],
        ['The response defines the key’s word in other words (by a thesaurus’s definition): a teacher should confirm'],
      );
    if ((responseWords.length >= 2 || words(ctx.response).length >= 3) && contentWords(spec.item.text).length <= 3)
      reasons.push('A phrase where the key has a word or two: it may say the answer in other words');
    else if (reasons.length === 0) {
      // Only where the question asks for one of several ("Name one …"): a key of one answer lists its other wordings.
      const kind = /\b(?:one|any)\b/i.test(ctx.question) ? sameKindAsKey(spec.item, ctx.response) : null;
      if (kind)
        reasons.push(
          `"${ctx.response.trim()}" is not in the key but is a ${kind} as its answers are: the key may not list every right one`,
        );
    }
  }
  const feedback = rejected
    ? sentences(`"${rejected}" is not accepted for this question.`, `The answer is ${answer}.`)
    : sentences(
        'Not correct.',
        ctx.allowSlips ? otherWordNote(m) : '',
        !ctx.allowSlips
          ? `The correct spelling is "${spec.item.text}".`
          : m.share > 0 && !m.negated && !replaced
            ? `Only part of your answer matches the key: the answer is ${answer}.`
            : `The answer is ${answer}.`,
        spec.item.accept.length ? `The key also accepts ${orList(spec.item.accept.map((a) => `"${a}"`))}.` : '',
      );
  // "Tames" for the Thames: a name in the key (no common word) slipped into a common word can be no other answer;
  // some teachers take it as a spelling slip, most as another word: 0, flagged.
  const name = ctx.allowSlips
    ? m.otherWords.find(
        (o) =>
          !isRealWord(o.key) &&
          isRealWord(o.got) &&
          new RegExp(`\\b${o.key}\\b`, 'i').test(spec.item.text) &&
          /^[A-Z]/.test(spec.item.text.split(/\s+/).find((w) => w.toLowerCase() === o.key) ?? ''),
      )
    : undefined;
  if (name) reasons.push(`"${name.got}" is a common word, a slip of the name "${name.key}" that names no other answer: teachers differ`);
  return result(ctx, 0, feedback, [], [spec.item.text], reasons);
}

/** The key's wording a one-word response is a kind of, by the response's first sense (three levels up), or null. */
function instanceOf(item: KeyItem, response: string): string | null {
  const said = words(response).filter(isContentWord);
  if (said.length !== 1 || said[0]!.length < 4) return null;
  const up = hypernymsOf(nounLemma(said[0]!), 3, 1);
  return wordings(item).find((w) => words(w).length <= 2 && !WIDE_KINDS.has(w.toLowerCase()) && up.has(w.toLowerCase())) ?? null;
}

/** Kinds too wide to say two things are alike. */
const WIDE_KINDS = new Set([
  'matter',
  'substance',
  'fluid',
  'compound',
  'chemical compound',
  'entity',
  'object',
  'whole',
  'thing',
  'part',
  'unit',
]);

/**
 * "ozone" for "one greenhouse gas: carbon dioxide / methane / water vapour / …": in a key of three answers or more to
 * choose from, a thing the thesaurus files under the same kind (a gas) as two of them may be a right one the key does
 * not list (for a teacher; "oxygen" is a gas too).
 */
function sameKindAsKey(item: KeyItem, response: string): string | null {
  const options = [item.text, ...item.accept].filter((w) => words(w).length <= 3);
  const said = words(response).filter(isContentWord);
  if (options.length < 3 || said.length === 0 || said.length > 3) return null;
  const kinds = (w: string) => [...hypernymsOf(w.toLowerCase().trim(), 2, 1)].filter((k) => !WIDE_KINDS.has(k));
  const own = kinds(said.join(' '));
  if (own.length === 0) return null;
  // "nitrogen" for a noble gas: the answers' own nearest kind, shared by most of them, which the response is not.
  const nearest = options.map((o) => [...hypernymsOf(o.toLowerCase().trim(), 1, 1)]);
  const common = [...new Set(nearest.flat())].filter((k) => nearest.filter((n) => n.includes(k)).length * 2 > options.length);
  if (common.some((k) => !own.includes(k))) return null;
  const counts = own.map((k) => options.filter((o) => kinds(o).includes(k)).length);
  const best = counts.findIndex((c) => c >= 2);
  return best >= 0 ? own[best]! : null;
}

/** A word of the response that sounds like a key word and, put in its place, makes the response a wording of the key. */
function homophoneSlip(wordingsOf: readonly string[], response: string): { key: string; got: string } | null {
  const said = words(response);
  const keyWords = [...new Set(wordingsOf.flatMap((w) => words(w)).filter((w) => isContentWord(w) && w.length >= 3))];
  for (const got of said) {
    if (!isRealWord(got) && !isRealWord(nounLemma(got))) continue;
    const key = keyWords.find((k) => soundsAlike(k, got) || soundsAlike(nounLemma(k), nounLemma(got)) || soundsAlike(k, nounLemma(got)));
    if (!key) continue;
    const swapped = said.map((w) => (w === got ? key : w)).join(' ');
    if (matchAny(wordingsOf, tokenize(swapped), true).found) return { key, got };
  }
  return null;
}

/** Words the response shares (by stem) with the thesaurus's definitions of the key's words and their wordings. */
function definedBy(item: KeyItem, response: string): number {
  const said = new Set(words(response).filter(isContentWord).map(stem));
  const glossed = new Set<string>();
  for (const wording of [item.text, ...item.accept])
    for (const w of [wording.toLowerCase().trim(), ...contentWords(wording)])
      for (const pos of ['n', 'v', 'a', 'r'] as const)
        for (const sense of senses(w, pos).slice(0, 3))
          for (const g of words(sense.gloss.split(/;\s*["“]/)[0]!)) if (isContentWord(g)) glossed.add(stem(g));
  return [...said].filter((w) => glossed.has(w)).length;
}

/** The stems of the content words of the first sense's definition of a word or phrase, as a noun. */
function glossStems(word: string): Set<string> {
  const sense = senses(word.toLowerCase().trim(), 'n')[0];
  return new Set(
    sense
      ? words(sense.gloss.split(/;\s*["“]/)[0]!)
          .filter(isContentWord)
          .map(stem)
      : [],
  );
}

/**
 * "moisture" for "water", "how hot it is" for "temperature": a part of the response the thesaurus defines by the
 * item (its first sense), or words of the item's definition: it may name the item in other words (for a teacher).
 */
function definesItem(part: string, item: KeyItem): boolean {
  const whole = words(part).filter(isContentWord).join(' ');
  // "carbon dioxide": a name the thesaurus has whole is read whole, not word by word.
  const said = senses(whole, 'n').length ? [whole] : words(part).filter(isContentWord);
  if (said.length === 0) return false;
  return [item.text, ...item.accept].some((wording) => {
    const want = contentWords(wording).filter(isContentWord);
    if (want.length !== 1) return false;
    // "yellow" for "green", "granite" for "igneous": a thing of the same kind as the item, or a kind of it, is another thing.
    const kinds = hypernymsOf(wording.toLowerCase(), 3, 1);
    const kindOf = (w: string) => {
      const up = hypernymsOf(w, 3, 2);
      return [...up].some((h) => kinds.has(h) || h === want[0] || h.split(/\s+/).includes(want[0]!));
    };
    const said1 = said.filter((w) => !kindOf(w));
    const byPart = said1.some((w) => glossStems(w).has(stem(want[0]!)));
    const byItem = said1.some((w) => glossStems(wording).has(stem(w)));
    // "drought" ("a shortage of rainfall") for "famine" (a shortage): defined by a word of the item's own sense, even
    // where the thesaurus files both under one kind: not surely another thing.
    const same = [...synonymsOf(want[0]!)].filter((s) => !s.includes(' ') && isContentWord(s)).map(stem);
    const bySense = said.some((w) => same.some((s) => glossStems(w).has(s)));
    return byPart || byItem || bySense;
  });
}

// ---- synonyms and opposites ------------------------------------------------------------------

/** "Give a synonym for 'happy'", "a word that means the same as 'rapid'", "the opposite of 'generous'". */
const SYNONYM_QUESTION =
  /\bsynonyms?\b|\bmeans?\s+the\s+same\b|\b(?:another|other|a)\s+word\s+(?:for|that\s+means|which\s+means|meaning)\b|\bwords?\s+(?:with|of)\s+(?:a\s+)?(?:similar|the\s+same)\s+meaning\b/i;
const OPPOSITE_QUESTION = /\bopposites?\b|\bantonyms?\b/i;

/** A word and its thesaurus neighbours: the words of its senses, the adjectives similar to them and their "see also". */
const neighbours = (w: string) => new Set([w, ...synonymsOf(w, { similar: true, also: true })]);
const sameSense = (a: string, b: string) => synonymsOf(a).has(b) || synonymsOf(b).has(a);

/**
 * A word question answered with a word the key does not list, looked up in WordNet: 'same' when it shares a sense
 * with the asked word or a key word (taken), 'near' when the thesaurus links them through a similar sense (taken,
 * flagged), 'opposite' when it is the opposite of what is asked (not taken).
 */
export function wordQuestion(
  question: string,
  spec: Extract<KeySpec, { kind: 'single' }>,
  response: string,
): { level: 'same' | 'near' | 'unsure' | 'opposite'; word: string; to: string; target: string; opposite: boolean } | null {
  const opposite = OPPOSITE_QUESTION.test(question);
  if (!opposite && !SYNONYM_QUESTION.test(question)) return null;
  const quoted = /['‘"“]([a-z][a-z -]*?)['’"”]/i.exec(question)?.[1]?.toLowerCase();
  const said = words(response).filter(isContentWord);
  if (said.length === 0 || said.length > 2) return null;
  const word = said.join(' ');
  const keyWords = [spec.item.text, ...spec.item.accept].map((k) => k.toLowerCase()).filter((k) => k.split(/\s+/).length <= 2);
  // What the answer should mean: the key's words, and the asked word itself (or its antonyms for an opposite).
  const targets = [...keyWords, ...(quoted ? (opposite ? [...antonymsOf(quoted)] : [quoted]) : [])];
  const against = quoted ? (opposite ? [quoted] : [...antonymsOf(quoted)]) : [];
  const forms = (w: string) => [...bases(w)];
  const candidates = [word, ...said.flatMap(forms)];
  const target = quoted ?? spec.item.text;
  // Opposite in meaning to what is asked: the asked word's antonyms (or the asked word, for an opposite).
  for (const c of candidates) {
    const bad = against.find((a) => a === c || sameSense(a, c) || neighbours(c).has(a));
    if (bad) return { level: 'opposite', word, to: bad, target, opposite };
  }
  let link: { level: 'same' | 'near'; to: string } | null = null;
  for (const c of candidates) for (const t of targets) if (!link && (t === c || sameSense(t, c))) link = { level: 'same', to: t };
  for (const c of candidates) {
    const near = neighbours(c);
    for (const t of targets) {
      const nt = neighbours(t);
      if (!link && (near.has(t) || nt.has(c) || [...near].some((x) => nt.has(x)))) link = { level: 'near', to: t };
    }
  }
  // A word whose close senses have antonyms among the wanted ones' ("strong": "robust" is the opposite of "frail"):
  // the thesaurus says both, so a teacher decides.
  const wanted = new Set(targets.flatMap((t) => [...neighbours(t)]));
  const clash = candidates
    .flatMap((c) => [...neighbours(c)])
    .flatMap((x) => [...antonymsOf(x)])
    .find((x) => wanted.has(x));
  if (clash) return { level: link ? 'unsure' : 'opposite', word, to: clash, target, opposite };
  if (link) return { ...link, word, target, opposite };
  return null;
}

// ---- an explanation's accepted wordings ------------------------------------------------------------

/**
 * "the class with the highest frequency (accept: most common, most frequent group)": in a key of one mark, a response
 * that says an accepted wording whole earns the mark, as the key allows.
 */
export function checkAccepted(spec: Extract<KeySpec, { kind: 'explanation' }>, ctx: Ctx): CheckAnswerResult | null {
  if (ctx.possible > 1 || spec.accept.length === 0) return null;
  const tokens = tokenize(ctx.response);
  for (const wording of spec.accept) {
    if (contentWords(wording).filter(isContentWord).length === 0) continue;
    const m = matchPhrase(wording, tokens, ctx.allowSlips);
    if (!m.found || m.negated) continue;
    const rejected = rejectedIn(spec.reject, tokens);
    const reasons = rejected ? [`The response also says "${rejected}", which the key does not accept`] : [];
    if (m.compounds.length) reasons.push(compoundReason(m.compounds));
    return result(ctx, ctx.possible, sentences(`Correct: the key accepts "${wording}".`, slipNote(m.slips)), [wording], [], reasons);
  }
  return null;
}

// ---- lists -------------------------------------------------------------------------------------

/** The parts of a list answer: "helium, neon and argon" → 3. */
const responseParts = (response: string) =>
  response
    // "between Britain and Germany", "both A and B": one phrase, not two items.
    .replace(/\b(between|both)\s+((?:the\s+)?\S+)\s+and\s+/gi, '$1 $2 \uE001 ')
    .split(/\s*(?:,|;|\n|\/|\s\band\b\s|\s\bor\b\s|&)\s*/i)
    .map((p) => p.replace(/\uE001/g, 'and').trim())
    .filter((p) => words(p).some(isContentWord));

/** How many of the key's items the parts name, each item once and each part once. */
function itemsIn(parts: readonly string[], items: readonly KeyItem[], allowSlips: boolean): number {
  const left = [...items];
  let n = 0;
  for (const part of parts) {
    const t = tokenize(part);
    const i = left.findIndex((item) => matchAny(wordings(item), t, allowSlips).found);
    if (i >= 0) {
      left.splice(i, 1);
      n++;
    }
  }
  return n;
}

/** Where each key item stands in the response (by its part, or by its word when the response has no separators). */
function positions(items: readonly KeyItem[], response: string, allowSlips: boolean): (number | null)[] {
  const parts = responseParts(response);
  const pieces = parts.length >= 2 ? parts : words(response).filter(isContentWord);
  const taken = new Set<number>();
  return items.map((item) => {
    const i = pieces.findIndex((p, j) => !taken.has(j) && matchAny(wordings(item), tokenize(p), allowSlips).found);
    if (i < 0) return null;
    taken.add(i);
    return i;
  });
}

/** "1 mark each in the correct position": an item earns its mark where the key has it. */
function checkOrdered(spec: Extract<KeySpec, { kind: 'list' }>, ctx: Ctx): CheckAnswerResult {
  const at = positions(spec.items, ctx.response, ctx.allowSlips);
  const right = spec.items.filter((_, i) => at[i] === i);
  const named = spec.items.filter((_, i) => at[i] !== null);
  const points = toQuarter((ctx.possible * right.length) / spec.items.length, ctx.possible);
  const misplaced = named.filter((it) => !right.includes(it));
  const feedback =
    right.length === spec.items.length
      ? `Correct: ${andList(spec.items.map((i) => phrase(i.text)))}, in that order.`
      : sentences(
          right.length
            ? `Partly correct (${fmt(points)} of ${fmt(ctx.possible)}): ${andList(right.map((i) => phrase(i.text)))} in the right place.`
            : 'Not correct.',
          misplaced.length
            ? `${capitalise(andList(misplaced.map((i) => phrase(i.text))))} ${misplaced.length > 1 ? 'are' : 'is'} out of place.`
            : '',
          `The order is ${andList(spec.items.map((i) => phrase(i.text)))}.`,
        );
  return result(
    ctx,
    points,
    feedback,
    right.map((i) => i.text),
    spec.items.filter((i) => !right.includes(i)).map((i) => i.text),
    [],
  );
}

/**
 * "temp" for "temperature", "conc" for "concentration": an item written as the first letters of a key item's word
 * (three or more, the word at least two letters longer) may be the student's shortening of it, for a teacher to read.
 */
function clipped(parts: readonly string[], items: readonly KeyItem[]): string | undefined {
  return parts.find((p) => {
    const w = words(p);
    if (w.length !== 1 || w[0]!.length < 3) return false;
    return items.some((it) =>
      [it.text, ...it.accept].some((a) => words(a).some((k) => k.length >= w[0]!.length + 2 && k.startsWith(w[0]!))),
    );
  });
}

export function checkList(spec: Extract<KeySpec, { kind: 'list' }>, ctx: Ctx): CheckAnswerResult {
  if (spec.ordered) return checkOrdered(spec, ctx);
  if (spec.allOrNothing) {
    // "all three for 1 mark": the list marked as usual, then the marks only when it is complete.
    const each = checkList({ ...spec, allOrNothing: false }, { ...ctx, possible: spec.need });
    const complete = each.pointsObtained >= spec.need;
    const missing = each.missing.map((m) => phrase(m));
    return {
      ...each,
      pointsPossible: ctx.possible,
      pointsObtained: complete ? ctx.possible : 0,
      feedback: complete
        ? each.feedback
        : sentences(
            `Not correct: the mark needs all ${spec.need} items.`,
            missing.length ? `Your answer does not include ${andList(missing)}.` : '',
          ),
    };
  }
  // Only the first n items are marked, as teachers mark lists: a response naming more than asked, item by item, is
  // cut to its first n (a response in sentences is read whole).
  const allParts = responseParts(ctx.response);
  const cut =
    !spec.penalty &&
    allParts.length > spec.need &&
    allParts.every((p) => words(p).length <= 4) &&
    !spec.items.some((i) => words(i.text).length > 3)
      ? allParts.slice(0, spec.need)
      : null;
  const tokens = tokenize(ctx.response);
  const found: { item: KeyItem; m: PhraseMatch & { wording: string } }[] = [];
  const notFound: { item: KeyItem; m: PhraseMatch }[] = [];
  const used = new Set<number>();
  const slips: Slip[] = [];
  const compounds: Slip[] = [];
  let negated = false;
  let unsurePoint = false;
  const thesaurusNames: string[] = [];
  const swappedItems = new Set<KeyItem>();
  for (const item of spec.items) {
    let m = matchAny(wordings(item), tokens, ctx.allowSlips);
    // An item that is a clause ("many alveoli give a large surface area") is a marking point: made in other words.
    if (!m.found && ctx.allowSlips && words(item.text).length >= 3) {
      const p = matchPoint({ text: [item.text, ...item.accept].join(' / '), marks: 1 }, tokens, ctx.question, '', true);
      // Words another item already used make no second item on their own ("surface" once).
      const own = [...p.used].filter((i) => !used.has(i)).length;
      if (p.verdict === 'made' && (own >= 2 || (own === 1 && p.hits === 1))) m = { ...m, found: true, used: p.used, slips: p.slips };
      else if (p.verdict !== 'absent') unsurePoint = true;
      // Swapped, or only a light word of it said ("add more water" for "add a catalyst"): clearly not named.
      else if (p.swapped || p.share < 0.34) swappedItems.add(item);
    }
    // "gullet" for "oesophagus": another name of the item's first sense in the thesaurus is the same thing named.
    if (!m.found && ctx.allowSlips && words(item.text).length === 1) {
      const names = synonymsOf(item.text.toLowerCase(), { pos: 'n', depth: 1 });
      const i = tokens.findIndex((t, j) => !used.has(j) && !t.negated && (names.has(t.word) || names.has(nounLemma(t.word))));
      if (i >= 0) {
        m = { ...m, found: true, used: new Set([i]), wording: tokens[i]!.word };
        thesaurusNames.push(
          `"${tokens[i]!.word}" is not in the key, but a thesaurus (WordNet) gives it as another name for "${item.text}"`,
        );
      }
    }
    if (m.found) {
      found.push({ item, m });
      m.used.forEach((i) => used.add(i));
      slips.push(...m.slips);
      compounds.push(...m.compounds);
    } else notFound.push({ item, m });
    if (m.negated) negated = true;
  }
  // "intestines" for the key's "small intestine" and "large intestine": the organ they share, named once.
  const byHead = new Map<string, typeof notFound>();
  const credited = new Set<string>();
  for (const nf of notFound) {
    const ws = words(nf.item.text);
    if (ws.length === 2) byHead.set(nounLemma(ws[1]!), [...(byHead.get(nounLemma(ws[1]!)) ?? []), nf]);
  }
  for (const [head, group] of byHead) {
    if (group.length < 2) continue;
    const i = tokens.findIndex((t, j) => !used.has(j) && !t.negated && ['exact', 'form'].includes(relate(head, t.word) ?? ''));
    if (i < 0 || group.some((g) => matchPhrase(g.item.text, tokens, ctx.allowSlips).share > 0.5)) continue;
    const first = group[0]!;
    found.push({
      item: { ...first.item, text: tokens[i]!.word },
      m: { ...first.m, found: true, used: new Set([i]), wording: head } as PhraseMatch & { wording: string },
    });
    used.add(i);
    credited.add(head);
    notFound.splice(notFound.indexOf(first), 1);
  }
  const got = Math.min(found.length, spec.need);
  const exact = (ctx.possible * got) / spec.need;
  const parts = allParts;
  // A part that names a found item, or carries a word of one made in a clause ("built close together"), is no extra.
  const partOf = (p: string, { item, m }: (typeof found)[number]) =>
    matchPhrase(m.wording, tokenize(p), ctx.allowSlips).found ||
    (words(item.text).length >= 3 &&
      tokenize(p).some((t) => contentWords(item.text).some((w) => ['exact', 'form', 'slip'].includes(relate(w, t.word) ?? ''))));
  const unmatchedParts = parts.filter((p) => !found.some((f) => partOf(p, f)));
  // The common convention: a wrong item beside the right ones costs an item's marks (flagged below: the key may not
  // list every right answer).
  const extras =
    got >= spec.need && parts.length > spec.need
      ? unmatchedParts.filter((p) => words(p).filter(isContentWord).length > 0 && words(p).length <= 3).slice(0, parts.length - spec.need)
      : [];
  const points = toQuarter(exact - (extras.length * ctx.possible) / spec.need, ctx.possible);
  // Marked as "only the first n": the same mark, or teachers differ (a wrong item after n right ones).
  const firstN = cut ? toQuarter((ctx.possible * itemsIn(cut, spec.items, ctx.allowSlips)) / spec.need, ctx.possible) : points;
  if (cut && firstN === points) {
    // Both ways of marking agree: the first n items, marked and explained, and a word on the rest.
    const first = checkList(spec, { ...ctx, response: cut.join(', ') });
    const rest = allParts.slice(spec.need).map((p) => `"${p}"`);
    const note = `Only the first ${spec.need} items are marked, so ${andList(rest)} ${rest.length > 1 ? 'were' : 'was'} not counted.`;
    return { ...first, feedback: sentences(first.feedback, note) };
  }
  const rejected = rejectedIn(spec.reject, tokens);
  const listPolicy = /\bor\b/i.test(ctx.response) ? undefined : ctx.policy?.listItemsBeyondN;

  const reasons: string[] = [];
  if (negated) reasons.push('The response negates an item of the key');
  reasons.push(...thesaurusNames);
  if (unsurePoint && got < spec.need) reasons.push('An item is only partly made: the wording may differ from the key');
  if (compounds.length) reasons.push(compoundReason(compounds));
  for (const { item, m } of found) if (headlessReason(item, m.wording)) reasons.push(headlessReason(item, m.wording));
  if (/\bin (?:the )?(?:right |correct )?order\b|\border\b.*\b(?:from|starting)\b/i.test(ctx.question))
    reasons.push('The question asks for an order, which the checker does not mark');
  if (got < spec.need) {
    if (Math.abs(exact * 2 - Math.round(exact * 2)) > 1e-9) reasons.push('The partial credit falls between half marks');
    // Words the question says ("plant and animal cells") or a named item already used name no item in part.
    const asked = new Set(words(ctx.question).flatMap((w) => [w, nounLemma(w)]));
    const ownShare = (m: PhraseMatch) =>
      [...m.used].some((i) => !used.has(i) && tokens[i] && !asked.has(tokens[i]!.word) && !asked.has(nounLemma(tokens[i]!.word)));
    if (
      notFound.some(
        ({ item, m }) =>
          m.share > 0 &&
          m.otherWords.length === 0 &&
          !swappedItems.has(item) &&
          ownShare(m) &&
          !credited.has(nounLemma(words(item.text).at(-1) ?? '')),
      )
    )
      reasons.push('An item is partly named: the wording may differ from the key');
    if (unmatchedParts.some((p) => words(p).length > 4)) reasons.push('Part of the answer is in other words than the key');
    else if (
      clipped(
        unmatchedParts,
        notFound.map(({ item }) => item),
      )
    )
      reasons.push(
        `"${clipped(
          unmatchedParts,
          notFound.map(({ item }) => item),
        )}" may be a shortening of an item of the key`,
      );
    else {
      const linked = unmatchedParts.find((p) => notFound.some(({ item }) => definesItem(p, item)));
      if (linked)
        reasons.push(`"${linked}" is not in the key, but a thesaurus (WordNet) defines it close to an item: it may name it in other words`);
    }
  } else if (extras.length && firstN !== points) {
    // The assignment's policy decides it when it says (only the first n, or a wrong item cancelling a right one); not
    // answers offered as a choice ("wind or coal"), a hedge rather than items beyond n.
    if (!(cut && listPolicy))
      reasons.push(
        `Teachers differ on items beyond the ${spec.need} asked: marking only the first ${spec.need} gives ${fmt(firstN)}, a wrong extra item costing a mark gives ${fmt(points)}`,
      );
  } else if (extras.length && !cut && !spec.penalty) {
    reasons.push('An item not in the key cost a mark: a teacher should confirm it is wrong');
  } else if (spec.anyOf && unmatchedParts.length > 0 && parts.length > spec.need) {
    reasons.push('The response gives more items than asked, some not in the key');
  }
  // A rejected wording that is an item of its own earns nothing, as marked; inside a credited item it needs a look.
  const rejectedAlone = rejected && unmatchedParts.some((p) => matchPhrase(rejected, tokenize(p), false).found);
  if (rejected && !rejectedAlone) reasons.push(`The response says "${rejected}", which the key does not accept`);

  const named = found.map(({ item }) => phrase(item.text));
  const missing = notFound.map(({ item }) => phrase(item.text));
  const wrong = unmatchedParts.slice(0, 3).map((p) => `"${p}"`);
  const feedback =
    got >= spec.need && extras.length
      ? sentences(
          `Partly correct (${fmt(points)} of ${fmt(ctx.possible)}): you named ${andList(named)}.`,
          `${capitalise(andList(extras.map((p) => `"${p}"`)))} ${extras.length > 1 ? 'are' : 'is'} not among the answers the key lists, and a wrong item costs a mark: give only the items you are sure of.`,
          slipNote(slips),
        )
      : got >= spec.need
        ? sentences(
            `Correct: you named ${andList(named)}.`,
            spec.anyOf && wrong.length
              ? `${capitalise(andList(wrong))} ${wrong.length > 1 ? 'are' : 'is'} not among the answers the key lists.`
              : '',
            slipNote(slips),
          )
        : sentences(
            got > 0 ? `Partly correct (${fmt(points)} of ${fmt(ctx.possible)}): you correctly named ${andList(named)}.` : 'Not correct.',
            wrong.length ? `${capitalise(andList(wrong))} ${wrong.length > 1 ? 'are' : 'is'} not among the answers the key lists.` : '',
            spec.anyOf
              ? `The question needs ${spec.need}; the key accepts ${orList(spec.items.map((i) => phrase(i.text)))}.`
              : `Your answer does not include ${andList(missing)}: add ${missing.length > 1 ? 'them' : 'it'} to complete the list.`,
            ...notFound.map(({ m }) => otherWordNote(m)),
            slipNote(slips),
          );
  // Teachers differ on a wrong item after n right ones: the mark is the first n's (the usual rule), flagged above.
  // The assignment's policy may say which: "wrong-cancels-right" keeps the mark with the wrong item's cost.
  const differ = extras.length > 0 && cut !== null && firstN !== points && listPolicy !== 'wrong-cancels-right';
  return result(
    ctx,
    differ ? firstN : points,
    differ
      ? sentences(
          `Correct: you named ${andList(named)}.`,
          listPolicy === 'first-n'
            ? `Only the first ${spec.need} items are marked, so ${andList(extras.map((p) => `"${p}"`))} ${extras.length > 1 ? 'were' : 'was'} not counted.`
            : `Only the first ${spec.need} items are marked; ${andList(extras.map((p) => `"${p}"`))} ${extras.length > 1 ? 'are' : 'is'} not among the answers the key lists, and some teachers take a mark off for a wrong extra item: give only the items you are sure of.`,
          slipNote(slips),
        )
      : feedback,
    found.map(({ item }) => item.text),
    notFound.map(({ item }) => item.text),
    reasons,
  );
}

// ---- yes / no -----------------------------------------------------------------------------------

const YES =
  /^(?:yes|yeah|yep|true|correct|right|ja|oui|sì|si|(?:c'est\s+)?vrai|richtig|wahr|vero|(?:it|they|he|she|we|you)\s+(?:is|are|does|do|can|will|was|were|did|has|have)\b(?!\s*n[o']t))/i;
// "Not really, …", "Not its own - …", "Not at all": a no, followed by what the student says instead.
const NO =
  /^(?:no|nope|false|incorrect|wrong|impossible|nein|non|falsch|faux|falso|not\s+(?:true|correct|right|really|at\s+all|possible|(?:its|their|his|her)\s+own)|(?:definitely|certainly|of\s+course)\s+not)\b/i;
/** "I think no, …", "I'd say yes": a mild hedge before the decision, which still commits to it. */
const MILD_HEDGE = /^(?:i\s+(?:think|believe|reckon|guess|would\s+say)|i'd\s+say)\s*,?\s*/i;
/** "not sure, maybe yes": no decision. */
const UNCOMMITTED = /\b(?:not\s+sure|unsure|don'?t\s+know|no\s+idea|maybe|perhaps|possibly)\b/i;

/** A hedge in the answer's first clause ("Maybe, most of them are", "I'm not sure, maybe yes"): no decision. */
const uncommitted = (response: string) =>
  UNCOMMITTED.test(response.trim().toLowerCase().replace(/[’']/g, "'").replace(MILD_HEDGE, '').split(/[,;.]/)[0] ?? '');

/** The response's yes or no: its first word ("No, it does not"), or a "not true" / "it does not" anywhere. */
export function polarity(response: string, question = ''): boolean | null {
  const text = response.trim().toLowerCase().replace(/[’']/g, "'").replace(MILD_HEDGE, '');
  if (uncommitted(response)) return null;
  // "not no, because …", "not yes": a double negative read literally.
  const double = /^not\s+(yes|no)\b/.exec(text);
  if (double) return double[1] === 'no';
  if (NO.test(text)) return false;
  if (/\bnot\s+(?:true|correct|right|the\s+case)\b|\bis\s+false\b|\bisn'?t\s+(?:true|correct|right)\b/.test(text)) return false;
  if (YES.test(text)) return true;
  // "it does not sink, it floats" for "Does ice float?": the denial is of something else, the later clause says yes
  // in the question's own words; "it doesn't, they fall at the same rate" says no first.
  const clauses = text
    .split(/[,;.]|\s(?:but|because|so)\s/)
    .map(words)
    .filter((c) => c.length);
  const asked = words(question).filter(isContentWord);
  const inQuestion = (w: string) => asked.some((q) => ['exact', 'form'].includes(relate(q, w) ?? ''));
  const denies = (c: string[]) => c.some((w) => NEGATIONS.has(w));
  const first = clauses[0] ?? [];
  if (clauses.length > 1 && denies(first)) {
    const said = first.filter((w) => isContentWord(w) && !NEGATIONS.has(w));
    if (said.length === 0 || said.some(inQuestion)) return false;
    const affirmed = clauses.slice(1).some((c) => !denies(c) && c.some((w) => isContentWord(w) && inQuestion(w)));
    if (affirmed) return true;
  }
  const tokens = words(text);
  if (
    tokens.length <= 6 &&
    tokens.some((w) => ['not', 'doesnt', 'dont', 'isnt', 'cannot', 'cant', 'wont', 'never', 'didnt', 'arent'].includes(w))
  )
    return false;
  return null;
}

/**
 * "Is 91 a prime number?" answered "No, … so it's prime": a clause "it is / it's / they are …" that says a word of the
 * question's claim with the opposite polarity to the decision. Returns that clause.
 */
function contradicts(question: string, response: string, said: boolean): string | null {
  const claim = question
    .split(/(?<=[.!?])\s+/)
    .map((q) => /^\s*(?:is|are|was|were)\s+(.+?)\?\s*$/i.exec(q))
    .find(Boolean);
  if (!claim) return null;
  // The claim's words after its subject: "91 a prime number" → prime, number.
  const claimWords = words(claim[1]!).filter(isContentWord).slice(1, 2);
  if (claimWords.length === 0) return null;
  const clauses = response
    .toLowerCase()
    .replace(/[’']/g, "'")
    .split(/[,;.]|\s(?:but|because|so|and|as)\s/)
    .slice(1);
  for (const clause of clauses) {
    const m = /\b(?:it|they|this|that)(?:'s|'re|\s+is|\s+are)\s+(not\s+|n't\s+)?(?:an?\s+)?([a-z]+)/.exec(clause);
    if (!m || /\bnot\b|n't\b/.test(clause.slice(0, m.index))) continue;
    const positive = !m[1];
    if (positive !== said && claimWords.some((w) => ['exact', 'form'].includes(relate(w, m[2]!) ?? ''))) return clause.trim();
  }
  return null;
}

/**
 * "Are all quadrilaterals with four equal sides squares?" — "No, a rhombus": where the question claims something of
 * all (every, always) and the key's reason opens with its counterexample ("a rhombus …", "e.g. copper …"), naming
 * that counterexample gives the reason.
 */
function namesCounterexample(reason: string, question: string, tokens: readonly Token[]): boolean {
  if (!/\b(?:all|every|always|any)\b/i.test(question)) return false;
  const head = /^\s*(?:e\.?\s?g\.?,?|for example,?|such as)?\s*(?:an?\s+|the\s+)?([a-z]+(?:\/[a-z]+)*)\b/i.exec(reason);
  if (!head) return false;
  const asked = words(question);
  const examples = head[1]!
    .toLowerCase()
    .split('/')
    .filter((w) => isContentWord(w) && !asked.some((q) => ['exact', 'form'].includes(relate(w, q) ?? '')));
  return examples.some((w) => tokens.some((t) => !t.negated && ['exact', 'form', 'slip'].includes(relate(w, t.word) ?? '')));
}

/** "(no mark without reason)", "reason needed", "a bare yes/no scores 0": the key's marks are for the reason. */
const REASON_NEEDED =
  /[([]?\s*\b(?:no\s+marks?\s+(?:for\s+(?:a\s+)?(?:bare\s+)?(?:yes|no|decision)(?:\s*\/\s*no)?\s+)?without\s+(?:a\s+)?(?:valid\s+|correct\s+|sensible\s+|supporting\s+)?(?:reason|explanation)|(?:reason|explanation)\s+(?:is\s+)?(?:needed|required|essential)|a\s+bare\s+(?:yes|no)(?:\s*\/\s*(?:yes|no))?\s+(?:scores|gets|earns)\s+(?:0|nothing|no\s+marks?)|(?:the\s+)?(?:decision|yes\s*\/\s*no|yes|no)\s+(?:alone|on\s+its\s+own)\s*(?:=|:|scores|gets|earns)?\s*(?:0|nothing|no\s+marks?))\b[^)\]]*[)\]]?/i;
/** "(1 with partial reason)", "2 for reason": the marks of a reason in part and in full, no words of it. */
const REASON_SCALE =
  /[([]\s*\d\s+(?:marks?\s+)?(?:with|for)\s+(?:a\s+)?(?:partial|incomplete)\s+(?:reason|explanation)\s*[)\]]|\b\d\s+(?:marks?\s+)?for\s+(?:a\s+|the\s+)?(?:full\s+|complete\s+)?(?:reason|explanation)\b\s*:?/gi;
/** "(B1)", "(1)": a note of marks in the reason, not its words. */
const REASON_NOTE = /[([]\s*(?:[BMA]\s*)?(\d)\s*(?:marks?)?\s*[)\]]/gi;

/** The key's reason without its notes, the marks the notes give it, and whether the marks need it. */
function readReason(spec: Extract<KeySpec, { kind: 'yes-no' }>): {
  reason: string;
  reasonMarks?: number;
  needed: boolean;
  partial?: number;
} {
  // "'No' alone = 0", "'no' alone [0]", "Bare 'yes' = 0": the decision quoted, its marks in brackets.
  const unquoted = spec.reason.replace(/['‘"“](yes|no|true|false)['’"”]/gi, '$1').replace(/[([]\s*0\s*(?:marks?)?\s*[)\]]/g, '= 0');
  const needed =
    REASON_NEEDED.test(unquoted) ||
    /\bbare\s+(?:yes|no|true|false|decision)(?:\s*\/\s*(?:yes|no))?\s*(?:=|scores|gets|earns)\s*(?:0|nothing|no\s+marks?)\b/i.test(
      unquoted,
    );
  // "(1 with partial reason)": the marks of a reason given in part.
  const partialNote = /[([]\s*(\d)\s+(?:marks?\s+)?(?:with|for)\s+(?:a\s+)?(?:partial|incomplete)\s+(?:reason|explanation)/i.exec(
    spec.reason,
  );
  const partial = partialNote ? { partial: Number(partialNote[1]) } : {};
  const raw = unquoted
    .replace(REASON_NEEDED, ' ')
    .replace(
      /\bbare\s+(?:yes|no|true|false|decision)(?:\s*\/\s*(?:yes|no))?\s*(?:=|scores|gets|earns)\s*(?:0|nothing|no\s+marks?)\b/gi,
      ' ',
    )
    .replace(/^\s*[([]\s*(?:needed|required|essential|must\s+be\s+(?:given|stated))\s*[)\]]/i, ' ')
    .replace(REASON_SCALE, ' ');
  const notes = [...raw.matchAll(REASON_NOTE)].map((m) => Number(m[1]));
  const reason = raw
    .replace(REASON_NOTE, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.–—-]+|[\s,;:–—-]+$/g, '')
    .trim();
  // "Yes (B1); 7/8 = 0.875 (B1)": the last note is the reason's when the first stands before it.
  const reasonMarks =
    spec.reasonMarks ?? (notes.length >= 2 ? notes.at(-1) : notes.length === 1 && !/^\s*[([]/.test(raw) ? notes[0] : undefined);
  return reasonMarks === undefined ? { reason, needed, ...partial } : { reason, reasonMarks, needed, ...partial };
}

/**
 * A reason that is a calculation ("51 = 3 × 17", "1.2 kg = 1200 g"): given where the response has every number the
 * reason adds to the question's ("no, 3x17", "yes 1200g > 1150g").
 */
function reasonNumbers(reason: string, question: string, response: string): boolean {
  const numbers = (s: string) => (s.replace(/(\d),(\d{3})\b/g, '$1$2').match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
  const asked = new Set(numbers(question));
  const fresh = numbers(reason).filter((n) => !asked.has(n));
  const wordsBeside = words(reason.replace(/\d+(?:\.\d+)?/g, ' ')).filter(isContentWord);
  if (fresh.length === 0 || wordsBeside.length > 2) return false;
  const said = new Set(numbers(response));
  return fresh.every((n) => said.has(n));
}

/**
 * "habló" written "hablo", "comí" written "comi" where the question asks for a form (a tense, a participle): an accent
 * on a word's last vowel marks the form, and without it the word is another form ("hablo", I speak), so it is wrong;
 * the key's word with its accent, or null. A missing accent in plain vocabulary ("cafe") is left to the slips.
 */
export function lostFormAccent(key: string, response: string, question: string): string | null {
  if (
    !/\b(?:tense|preterite|past|present|future|imperfect|perfect|pass[ée]|conditional|participle|conjugat\w*|verb\s+form|form\s+of)\b/i.test(
      question,
    )
  )
    return null;
  const tokens = (t: string) =>
    t
      .normalize('NFC')
      .toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter(Boolean);
  const said = tokens(response);
  return tokens(key).find((w) => /[áéíóú]$/.test(w) && !said.includes(w) && said.includes(withoutMarks(w))) ?? null;
}

/** "Explain.", "Give a reason.", "Show how you know.": the question asks for the reason behind the yes or no. */
const REASON_ASKED =
  /\b(?:explain|justify|give\s+(?:a|one|your)\s+reason|reason\s+for\s+your|show\s+(?:how|why|that|your|working)|how\s+do\s+you\s+know)\b/i;
/** The decision opening a response: "No, …", "Yes because …", "Nein, …". */
const DECISION_WORD = /^\s*(?:no|nope|yes|yeah|yep|true|false|ja|nein)\b[\s,.:;!–—-]*/i;

/** "yes and no", "yes/no": both decisions, so none. */
const BOTH = /^\s*(?:(?:yes|yeah)\s*(?:and|or|\/|&|,|but)\s*(?:also\s+)?no|no\s*(?:and|or|\/|&|,|but)\s*(?:also\s+)?(?:yes|yeah))\b/i;

export function checkYesNo(keySpec: Extract<KeySpec, { kind: 'yes-no' }>, ctx: Ctx): CheckAnswerResult {
  const read = readReason(keySpec);
  const spec: Extract<KeySpec, { kind: 'yes-no' }> = {
    ...keySpec,
    reason: read.reason,
    ...(read.reasonMarks === undefined ? {} : { reasonMarks: read.reasonMarks }),
  };
  const want = spec.yes ? 'Yes' : 'No';
  const keyWord = /true|false/i.test(ctx.question) ? (spec.yes ? 'True' : 'False') : want;
  if (BOTH.test(ctx.response))
    return result(ctx, 0, `The answer says both yes and no, so it makes no decision. The answer is ${keyWord}.`, [], [keyWord], []);
  const said = polarity(ctx.response, ctx.question);
  const reasonTerms = words(spec.reason)
    .filter(isContentWord)
    .filter((w) => !['it', 'does', 'not'].includes(w));
  if (said === null) {
    const hedged = uncommitted(ctx.response);
    // The assignment's policy: a hedge is marked as the yes or no it hedges ("maybe yes", "perhaps not, …"), or is no
    // decision, 0, without a flag.
    if (hedged && ctx.policy?.hedgedYesNo === 'as-answered') {
      const bare = ctx.response.replace(/^\s*(?:maybe|perhaps|possibly|probably)\b\s*,?\s*/i, '');
      if (bare !== ctx.response && polarity(bare, ctx.question) !== null) return checkYesNo(keySpec, { ...ctx, response: bare });
    }
    const decided = hedged && ctx.policy?.hedgedYesNo === 'no-decision';
    return result(
      ctx,
      0,
      `The answer does not say ${keyWord.toLowerCase()} or ${spec.yes ? (keyWord === 'True' ? 'false' : 'no') : keyWord === 'False' ? 'true' : 'yes'} clearly. The answer is ${keyWord}.`,
      [],
      [keyWord],
      // A hedge ("maybe", "not sure") is no decision: 0, flagged, because teachers differ (some mark a hedged answer as
      // if stated plainly); an answer with no readable decision is flagged as such.
      decided
        ? []
        : [hedged ? 'A hedged answer: teachers differ on whether it counts as a decision' : 'No clear yes or no in the response'],
    );
  }
  if (said !== spec.yes) {
    return result(
      ctx,
      0,
      sentences(`Not correct: the answer is ${keyWord}${spec.reason ? `, ${phrase(spec.reason)}` : ''}.`),
      [],
      [keyWord],
      [],
    );
  }
  // The right yes / no; with a reason in the key and more than a mark, the reason earns the rest.
  const numbered = reasonNumbers(spec.reason, ctx.question, ctx.response);
  // The reason as given, and the key's notes on it: wordings it also accepts ("'no air' accepted for the second mark")
  // and reasons it gives nothing ("'because it is a metal' = 0").
  const givenTokens = tokenize(ctx.response.replace(MILD_HEDGE, '').replace(DECISION_WORD, ''));
  const made = (text: string) => matchPoint({ text, marks: 1 }, givenTokens, ctx.question).verdict === 'made';
  const acceptedReason = (spec.accept ?? []).some(made);
  const refusedReason = (spec.reject ?? []).find(made);
  // "No (needed); no air resistance [1]; same acceleration [1]": each reason its own mark, the decision none.
  const keyPoints = spec.points ?? [];
  if (keyPoints.length >= 2 && keyPoints.every((p) => p.marks > 0) && keyPoints.reduce((t, p) => t + p.marks, 0) === ctx.possible) {
    const verdicts = keyPoints.map((p) => ({ ...p, v: matchPoint({ text: p.text, marks: p.marks }, givenTokens, ctx.question) }));
    const got = verdicts.filter((p) => p.v.verdict === 'made');
    const score = got.reduce((t, p) => t + p.marks, 0);
    const left = verdicts.filter((p) => p.v.verdict !== 'made');
    return result(
      ctx,
      score,
      score === ctx.possible
        ? `Correct: ${keyWord}, ${andList(keyPoints.map((p) => phrase(p.text)))}.`
        : sentences(
            `You are right that the answer is ${keyWord}.`,
            `The marks are for the reasons: ${andList(left.map((p) => phrase(p.text)))}.`,
          ),
      [keyWord, ...got.map((p) => p.text)],
      left.map((p) => p.text),
      left.some((p) => p.v.verdict === 'unsure') || (left.length > 0 && words(ctx.response).length > 4 + 3 * got.length)
        ? ['A reason may be in other words']
        : [],
    );
  }
  // "Is 51 prime? Explain." for one mark, "No – 51 = 3 × 17": the question asks for the reason and the key gives the
  // decision no mark of its own, so the mark is the reason's and a bare yes / no earns nothing.
  const asksReason =
    ctx.possible <= 1 &&
    REASON_ASKED.test(ctx.question) &&
    reasonTerms.length > 0 &&
    (read.reasonMarks === undefined || read.reasonMarks >= ctx.possible);
  // "(no mark without reason)": a bare decision earns nothing; a reason of numbers is given by its numbers.
  if ((read.needed || asksReason) && spec.reason && ctx.possible <= 1) {
    const tokens = tokenize(ctx.response.replace(/^\s*(?:no|nope|yes|yeah|yep|true|false)\b[\s,.:;!–—-]*/i, ''));
    const p = matchPoint({ text: spec.reason, marks: ctx.possible }, tokens, ctx.question);
    const nearly = p.verdict === 'unsure' && p.share >= 0.4 && p.hits >= 2;
    const given = (numbered || p.verdict === 'made' || nearly || acceptedReason) && !(refusedReason && p.verdict !== 'made');
    const bare = words(ctx.response).length <= 2;
    return result(
      ctx,
      given ? ctx.possible : 0,
      given
        ? `Correct: ${keyWord}, ${phrase(spec.reason)}.`
        : sentences(`You are right that the answer is ${keyWord}, but the mark needs the reason: ${phrase(spec.reason)}.`),
      [keyWord],
      given ? [] : [spec.reason],
      nearly && given
        ? ['The reason only partly matches the key: the wording may differ']
        : given || bare || refusedReason
          ? []
          : ['The reason may be in other words'],
    );
  }
  if (!spec.reason || reasonTerms.length === 0 || ctx.possible <= 1) {
    return result(
      ctx,
      ctx.possible,
      `Correct: ${keyWord}.${spec.reason ? ` The key's reason: ${phrase(spec.reason)}.` : ''}`,
      [keyWord],
      [],
      [],
    );
  }
  // "No, it's odd so it's prime" for "Is 91 a prime number?": the reason says the opposite of the decision.
  const contradiction = contradicts(ctx.question, ctx.response, said);
  if (contradiction)
    return result(
      ctx,
      0,
      sentences(`Your reason says "${contradiction}", which is the opposite of ${keyWord}: the answer and its reason must agree.`),
      [],
      [keyWord],
      ['The reason seems to contradict the yes or no'],
    );
  // The reason is a marking point of its own: made, not made, or half made (flagged), never a share of a mark.
  const reasonMarks = read.needed ? ctx.possible : Math.min(ctx.possible - 0.5, spec.reasonMarks ?? ctx.possible / 2);
  // A quoted correction in the key ("'He and I went to the shop.'") is earned by that sentence, every word of it.
  const quoted = /^\s*['"‘“](.+?)['"’”]\s*\.?\s*$/s.exec(spec.reason);
  if (quoted) {
    const said = words(ctx.response).map(stem);
    const missing = words(quoted[1]!).filter((w) => !said.includes(stem(w)));
    const points = toQuarter(ctx.possible - reasonMarks + (missing.length === 0 ? reasonMarks : 0), ctx.possible);
    return result(
      ctx,
      points,
      missing.length === 0
        ? `Correct: ${keyWord}, ${phrase(quoted[1]!)}.`
        : sentences(
            `You are right that the answer is ${keyWord}.`,
            `To earn the other mark, write the corrected version in full: ${phrase(quoted[1]!)}.`,
          ),
      [keyWord],
      missing.length === 0 ? [] : [quoted[1]!],
      [],
    );
  }
  // The decision is no negation of the reason ("No it's reversible"); a reason of need ("sound needs particles") is given
  // by their absence ("there are no particles to vibrate").
  const reasonText = ctx.response.replace(MILD_HEDGE, '').replace(/^\s*(?:no|nope|yes|yeah|yep|true|false)\b[\s,.:;!–—-]*/i, '');
  const needs = /\b(?:needs?|requires?|must\s+have)\b/i.test(spec.reason);
  const tokens = tokenize(reasonText).map((t) => (needs ? { ...t, negated: false } : t));
  const p = matchPoint({ text: spec.reason, marks: reasonMarks }, tokens, ctx.question);
  const counterexample = p.verdict !== 'made' && namesCounterexample(spec.reason, ctx.question, tokens);
  const earned =
    (p.verdict === 'made' || (p.verdict === 'unsure' && p.share >= 0.4 && p.hits >= 2) || counterexample || numbered || acceptedReason) &&
    !(refusedReason && p.verdict !== 'made');
  // A reason in the question's own words ("the Earth orbits the Sun" for "Does the Sun orbit the Earth?") is told from
  // the question's claim by the order of its words alone, which the checker does not read.
  const asked = words(ctx.question).filter(isContentWord);
  const ownWords = words(spec.reason).filter((w) => isContentWord(w) && !/^[0-9]/.test(w));
  const inQuestion = ownWords.length > 1 && ownWords.every((w) => asked.some((q) => ['exact', 'form'].includes(relate(w, q) ?? '')));
  // Then the key's words must come in the key's order: "the Earth goes round the Sun", not "the Sun goes round us".
  const at = ownWords.map((w) => Math.min(Infinity, ...matchPhrase(w, tokens, ctx.allowSlips).used)).filter(Number.isFinite);
  const reversed = inQuestion && at.some((x, i) => i > 0 && x < at[i - 1]!);
  const full = toQuarter(ctx.possible - reasonMarks + (earned && !reversed ? reasonMarks : 0), ctx.possible);
  // "(1 with partial reason)": a reason given, not the key's in full, may be the part the key gives a mark for.
  const partly =
    read.partial !== undefined && full < read.partial && words(reasonText).length >= 2 && words(reasonText).some(isContentWord);
  const points = partly ? read.partial! : full;
  const reasons: string[] = partly ? ['The key gives a mark for a partial reason: the reason given may be one'] : [];
  if (reversed) reasons.push('The reason has the question’s words in another order than the key: it may say the opposite');
  else if (p.verdict === 'unsure' && !counterexample) reasons.push('The reason only partly matches the key: the wording may differ');
  if (points < ctx.possible && p.verdict === 'absent' && (words(ctx.response).length > 4 || p.hits > 0))
    reasons.push('The reason may be in other words');
  if (p.negated && points < ctx.possible) reasons.push('The response negates a word of the key’s reason');
  const feedback =
    points === ctx.possible
      ? `Correct: ${keyWord}, ${phrase(spec.reason)}.`
      : sentences(`You are right that the answer is ${keyWord}.`, `To earn the other marks, explain why: ${phrase(spec.reason)}.`);
  return result(ctx, points, feedback, [keyWord], points === ctx.possible ? [] : [spec.reason], reasons);
}

// ---- a word question's words, each with its mark ---------------------------------------------------

/**
 * "government (1), argument (1)" for "Correct the two spelling mistakes …", "wrote (1) written (1)" for the past forms
 * of "write": in a question about the words themselves, each word the key gives its own mark earns that mark where the
 * response spells it exactly (capitals aside), whatever the other word is. Null unless the key's words carry every mark.
 */
export function checkMarkedWords(key: string, response: string, possible: number): CheckAnswerResult | null {
  const marked = [...key.matchAll(/([a-z][a-z'’-]*)\s*[([]\s*(\d)\s*(?:marks?)?\s*[)\]]/gi)].map((m) => ({
    word: m[1]!.toLowerCase().replace(/’/g, "'"),
    marks: Number(m[2]),
  }));
  if (marked.length < 2 || marked.reduce((s, m) => s + m.marks, 0) !== possible) return null;
  const said = response
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[^a-z'-]+/)
    .filter(Boolean);
  const left = [...said];
  const right = marked.filter((m) => {
    const i = left.indexOf(m.word);
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
  const wrong = marked.filter((m) => !right.includes(m));
  const points = right.reduce((s, m) => s + m.marks, 0);
  return {
    pointsObtained: points,
    pointsPossible: possible,
    method: 'terms',
    matched: right.map((m) => m.word),
    missing: wrong.map((m) => m.word),
    confident: true,
    feedback:
      wrong.length === 0
        ? `Correct: ${andList(marked.map((m) => `"${m.word}"`))}.`
        : sentences(
            right.length
              ? `Partly correct (${fmt(points)} of ${fmt(possible)}): ${andList(right.map((m) => `"${m.word}"`))} right.`
              : 'Not correct.',
            `The answer needs ${andList(wrong.map((m) => `"${m.word}"`))}, spelt exactly.`,
          ),
  };
}

// ---- marks by how many items are right --------------------------------------------------------------

const COUNT_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const countOf = (w: string | undefined) => (w === undefined ? NaN : (COUNT_WORDS[w.toLowerCase()] ?? Number(w)));

/**
 * "igneous, sedimentary, metamorphic. 2 marks for all three; 1 mark for two correct", "Mercury, Venus, Earth ⏎ 2 marks
 * all correct in order ⏎ 1 mark for the correct three in the wrong order": a list whose key gives marks by how many of
 * its items are right (and, where it says so, in its order). Null unless the key is such a list.
 */
export function checkBanded(key: string, response: string, possible: number, allowSlips = true): CheckAnswerResult | null {
  const band =
    /(\d+)\s*marks?\s+(?:for\s+)?(?:(?:the\s+)?(?:all|correct)\s+(one|two|three|four|five|six|\d+|all)?|(one|two|three|four|five|six|\d+)|all)\s*(?:(?!in\b)\w+\s+)?(?:correct\s*)?(in\s+(?:the\s+)?(?:correct\s+|right\s+)?order|in\s+the\s+wrong\s+order)?/gi;
  const head = /^(.*?)(?=[.\n;]|\s+\d+\s*marks?\b|$)/s.exec(key.trim())?.[1] ?? '';
  const items = head
    .split(/\s*(?:,|\band\b)\s*/i)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length < 2 || items.some((i) => words(i).length > 3)) return null;
  const rest = key.trim().slice(head.length);
  const bands = [...rest.matchAll(band)].map((m) => {
    const all = /\ball\b/i.test(m[0]);
    const n = all ? items.length : countOf(m[2] ?? m[3]);
    const order = m[4] ? !/wrong/i.test(m[4]) : undefined;
    return { marks: Number(m[1]), count: n, order };
  });
  if (bands.length < 2 || bands.some((b) => !Number.isFinite(b.count) || b.marks > possible) || !bands.some((b) => b.marks === possible))
    return null;
  const keyItems: KeyItem[] = items.map((text) => ({ text, accept: [] }));
  const at = positions(keyItems, response, allowSlips);
  const named = at.filter((p): p is number => p !== null);
  const inOrder = named.length === items.length && at.every((p, i) => i === 0 || (p ?? -1) > (at[i - 1] ?? -1));
  const points =
    bands
      .filter((b) => named.length >= b.count && (b.order === undefined || b.order === inOrder || (b.order === false && !inOrder)))
      .map((b) => b.marks)
      .sort((a, b) => b - a)[0] ?? 0;
  const list = andList(items.map((i) => phrase(i)));
  return {
    pointsObtained: points,
    pointsPossible: possible,
    method: 'terms',
    matched: keyItems.filter((_, i) => at[i] !== null).map((i) => i.text),
    missing: keyItems.filter((_, i) => at[i] === null).map((i) => i.text),
    confident: true,
    feedback:
      points === possible
        ? `Correct: ${list}.`
        : sentences(
            points > 0 ? `Partly correct (${fmt(points)} of ${fmt(possible)}).` : 'Not correct.',
            `The key gives its marks by how many of ${list} are right${bands.some((b) => b.order !== undefined) ? ', and in that order' : ''}.`,
          ),
  };
}
