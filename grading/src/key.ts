/**
 * Reading an answer key: what it accepts (alternatives, "also accept: …"), what it lists (every item, or "any two
 * of: …"), a yes / no with its reason, or an explanation judged by its ideas.
 */
import { isContentWord, words } from './text';
import { asksForOne, strictMarks, takeMarkerNotes } from './key-notes';

/** One thing the key expects, in the key's own words, with the other wordings it accepts. */
export type KeyItem = { text: string; accept: string[] };

export type KeySpec =
  /** One short answer, possibly with accepted alternatives: "Tokyo", "mitochondria / mitochondrion". */
  | { kind: 'single'; item: KeyItem; reject: string[] }
  /** Several items, order-free, credit for each; `need` of them earn full marks ("any two of: …"). */
  | {
      kind: 'list';
      items: KeyItem[];
      need: number;
      anyOf: boolean;
      reject: string[];
      /** "all three for 1 mark": the marks only for every item. */
      allOrNothing?: boolean;
      /** "1 mark each in the correct position": each item marked where it stands. */
      ordered?: boolean;
      /** "1 off for a wrong extra": every wrong item given costs a mark, as the key says. */
      penalty?: boolean;
    }
  /** Yes or no (true or false), with the reason the key gives, if any. */
  | {
      kind: 'yes-no';
      yes: boolean;
      reason: string;
      reasonMarks?: number;
      /** Other wordings of the reason the key accepts ("'no air' accepted"), and reasons it gives 0 ("'X' = 0"). */
      accept?: string[];
      reject?: string[];
      /** "No (needed); no air resistance [1]; same acceleration [1]": reasons each with its own mark, none for the decision. */
      points?: { text: string; marks: number }[];
    }
  /** A sentence or two: judged by its ideas. */
  | { kind: 'explanation'; text: string; accept: string[]; reject: string[] };

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const count = (w: string) => NUMBER_WORDS[w.toLowerCase()] ?? (/^\d+$/.test(w) ? Number(w) : NaN);

/** Words a short item may have; longer parts make the key an explanation. */
const ITEM_WORDS = 4;

const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.\-–—•*]+|[\s,;:.\-–—•*]+$/g, '')
    .replace(/^(?:and|or)\s+/i, '')
    .trim();

/** Splits at `separator` outside brackets only: "gases (oxygen and carbon dioxide)" stays one part. */
function splitOutside(s: string, separator: RegExp): string[] {
  const held: string[] = [];
  const masked = s.replace(/\([^)]*\)/g, (m) => `\uE000${held.push(m) - 1}\uE000`);
  return masked.split(separator).map((p) => p.replace(/\uE000(\d+)\uE000/g, (_, i: string) => held[Number(i)]!));
}

/** "X, Y or Z" / "X; Y" / "X / Y" as parts. */
function splitList(s: string): string[] {
  return s
    .split(/\s*(?:,|;|\n|•|\/|\s\bor\b\s|\s\band\b\s)\s*/i)
    .map(clean)
    .filter(Boolean);
}

/** A list's parts at commas, semicolons and "or" / "and": "militarism / arms race" stays one item with its alternative. */
function splitItems(s: string): string[] {
  return s
    .split(/\s*(?:,|;|\n|•|\s\bor\b\s|\s\band\b\s)\s*/i)
    .map(clean)
    .filter(Boolean);
}

/**
 * Accepted wordings for a list: as many as its items pair with them in order ("adenine, thymine, cytosine, guanine
 * (also accept: A, T, C, G)"); otherwise each is one more wording of the item that shares a word with it.
 */
function pairAccepted(items: KeyItem[], accept: readonly string[], lastTakesRest = false): KeyItem[] {
  if (accept.length === 0) return items;
  if (accept.length === items.length) return items.map((it, i) => ({ ...it, accept: [...it.accept, accept[i]!] }));
  // "sunlight" shares "light": a word ending or beginning with the item's word is its wording too.
  const shares = (a: string, it: KeyItem) =>
    words(a).some((w) => w.length > 2 && words(it.text).some((x) => x.length > 3 && (x === w || w.endsWith(x) || w.startsWith(x))));
  // "water and oxygen (accept air)": in a list that needs every item, a wording no item shares a word with is one
  // more wording of the item it follows, the last.
  const rest = lastTakesRest ? accept.filter((a) => !items.some((it) => shares(a, it))) : [];
  return items.map((it, i) => ({
    ...it,
    accept: [...it.accept, ...accept.filter((a) => shares(a, it)), ...(i === items.length - 1 ? rest : [])],
  }));
}

/** "also accept: X, Y", "accept X", "(or X)", "do not accept X", "reject X": taken out of the key text. */
function takeInstructions(key: string): { main: string; accept: string[]; reject: string[] } {
  // "– exact.", "Misspellings accepted unless …", "'no air' accepted", "'X' = 0": the marker's notes (key-notes.ts).
  const notes = takeMarkerNotes(key);
  const accept: string[] = [...notes.accept];
  const reject: string[] = [...notes.reject, ...strictMarks(key)];
  let main = notes.main.replace(/\(\s*(?:also\s+)?(?:accept|allow|or)\b:?\s*([^)]*)\)/gi, (_, list: string) => {
    accept.push(...splitList(list));
    return ' ';
  });
  // "One mark each, any four from: …": the note before the key's list.
  main = main.replace(/^\s*(?:one|1|\d)\s+marks?\s+(?:each|per\s+\w+)(?:\s*,\s*(?:correct|exact)\s+spelling)?\s*[,;:]\s*/i, '');
  // "One mark each.", "1 each.", "Ignore chlorophyll.": a sentence telling the marker how to mark, no words of the answer.
  main = main.replace(
    /(?:^|(?<=[.;]))\s*(?:(?:one|1|\d)\s+(?:marks?\s+(?:each|per\s+\w+)|each\b)|ignore\b[^.\n]*)\s*(?:\.(?!\d)|$)/gi,
    ' ',
  );
  // "Do not accept 3.15.": a decimal point is no sentence's end.
  main = main.replace(
    /\b(?:do not|don't|dont)\s+accept\b:?\s*((?:[^.\n]|\.(?=\d))*)|\breject\b:?\s*((?:[^.\n]|\.(?=\d))*)/gi,
    (_, a?: string, b?: string) => {
      reject.push(...splitList(a ?? b ?? ''));
      return ' ';
    },
  );
  // "also accept: large vacuole (not 'vacuole' alone)": a bracket inside the wordings is theirs, a note of what is not
  // accepted none of their words.
  main = main.replace(/(?:^|[.;\n(]|\s)\s*(?:also\s+)?(?:accept|allow)(?:s|ed)?\b:?\s*((?:[^.\n()]|\([^()]*\))*)/gi, (_, list: string) => {
    accept.push(...splitList(list.replace(/\(\s*not\b[^)]*\)/gi, ' ')));
    return ' ';
  });
  // "swam. Do not accept swum.": the sentence taken out leaves no empty one behind ("swam. .").
  main = main
    .replace(/\s+/g, ' ')
    .replace(/(?<=[.;:])(?:\s*[.;])+/g, '')
    .replace(/^[\s.;:]+|[\s.;]+$/g, '')
    .trim();
  return { main, accept, reject };
}

/** "carbon dioxide (CO2)" → its text and the short wording in brackets as an alternative; a longer bracket is a note. */
function item(part: string): KeyItem {
  // "allé(e)", "(ella) habló", "el (teléfono) celular": an ending or words in brackets that the item reads on past are
  // optional, so the item with them and without them (not the bracket's words alone as an alternative).
  // (Not a state symbol after a formula: "NaCl(aq)".)
  const optional = /(?<=(?:^|[\s'"])\p{Ll}{2,})\((?!(?:aq|s|l|g)\))(\p{Ll}{1,3})\)|(?<=^|\s)\(([^()/,]+)\)(?=\s+[^\s(/])/u.exec(part);
  if (optional && !/^\s*(?:e\.?g\b|i\.?e\b|accept|allow|or\b|not\b|\d)/i.test(optional[1] ?? optional[2]!)) {
    const at = optional.index;
    const without = item(part.slice(0, at) + part.slice(at + optional[0].length));
    const withIt = item(part.slice(0, at) + (optional[1] ?? optional[2]!) + part.slice(at + optional[0].length));
    return { text: without.text, accept: [...new Set([...without.accept, withIt.text, ...withIt.accept])] };
  }
  const accept: string[] = [];
  const text = clean(
    part.replace(/\(([^)]*)\)/g, (_, inner: string) => {
      // "(smaller pieces/powder)": short wordings set apart by "/" are alternatives too; "(e.g. …)" is an example.
      const options = inner
        .split(/\s*(?:\/|,|\bor\b)\s*/i)
        .map(clean)
        .filter(Boolean);
      const few = (x: string) => words(x).filter((w) => !/^(the|a|an)$/.test(w)).length <= 2;
      if (few(inner) || (!/^\s*(?:e\.?g\b|i\.?e\b|for example|such as)/i.test(inner) && options.length > 1 && options.every(few)))
        accept.push(...options);
      return ' ';
    }),
  );
  const alternatives = text
    // "about 1/3": a fraction, not two alternatives.
    .split(/(?<!\d)\s*\/\s*|\s*\/\s*(?!\d)/)
    .map(clean)
    .filter(Boolean);
  // "trade/transport goods", "move troops/army quickly": one word's alternatives, each also read in its place and with
  // the words the other has ("transport" as "trade" is; "trade goods", "move army quickly").
  const group = /^(.*?)\b([a-z]+)\/([a-z]+)\b(.*)$/i.exec(text);
  const inPlace =
    group && alternatives.length === 2
      ? [group[2]!, group[3]!].flatMap((w) => [`${group[1]}${w}${group[4]}`, `${group[1]}${w}`, `${w}${group[4]}`]).map(clean)
      : [];
  // A lone word only where the group opens the item ("transport"), not the end of a name ("matching rock types/strata").
  const kept = inPlace.filter((w) => words(w).some(isContentWord) && (words(w).length > 1 || !group![1]!.trim()));
  const all = [...new Set([...alternatives, ...kept])];
  return { text: all[0] ?? text, accept: [...all.slice(1), ...accept] };
}

const short = (s: string) => words(s.replace(/\([^)]*\)/g, ' ')).length <= ITEM_WORDS;
/** A list's item is a name, not a clause: "spinal cord", "the brain", not "when the temperature rises". */
const LIST_ITEM_WORDS = 3;
const listItem = (s: string) => words(s.replace(/\([^)]*\)/g, ' ')).length <= LIST_ITEM_WORDS;

/** How many the question asks for: "Name two …", "Give three …", "State 2 …", "any two". */
export function askedCount(question: string): number | null {
  const m =
    /\b(?:name|give|state|list|identify|write(?:\s+down)?|suggest|describe|mention|any)\s+(?:any\s+)?(one|two|three|four|five|six|\d)\b/i.exec(
      question,
    );
  const n = m ? count(m[1]!) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** "Is …?", "Does …?", "True or false: …": a question a yes or no answers (an empty question counts as one). */
const isYesNoQuestion = (question: string) =>
  question.trim() === '' ||
  /\btrue or false\b|^(?:.*[.:]\s+|(?:in|on|at|for|with|without|during|after|before|under|from)\s[^,?]{1,40},\s+)?(?:is|are|was|were|does|do|did|can|could|will|would|should|has|have|must)\b[^?]*\?/is.test(
    question.trim(),
  );

const MARK_NOTE = /\(\s*(\d)\s*(?:marks?)?\s*\)|\[\s*(\d)\s*(?:marks?)?\s*\]/gi;

/** "(1); 91 = 7 × 13 (1)" after a "No": the reason "91 = 7 × 13", worth the marks noted after it (1). */
function yesNoReason(rest: string): { reason: string; reasonMarks?: number } {
  // ("'no' alone [0]": a note of no marks says what earns nothing, and stays with its words.)
  const notes = [...rest.matchAll(MARK_NOTE)].map((m) => Number(m[1] ?? m[2])).filter((n) => n > 0);
  const reason = clean(rest.replace(MARK_NOTE, (m: string, a?: string, b?: string) => ((a ?? b) === '0' ? m : ' ')));
  // The first note belongs to the yes / no when it comes before the reason: "No (1); … (1)".
  const reasonMarks =
    notes.length >= 2 ? notes[notes.length - 1] : notes.length === 1 && !/^\s*[([]\s*\d/.test(rest) ? notes[0] : undefined;
  // "(needed); no air resistance [1]; same acceleration g [1]": no note of the decision's, two or more reasons with theirs.
  const parts = rest.split(/\s*;\s*/).filter((p) => clean(p.replace(MARK_NOTE, ' ').replace(/^\s*[([][^)\]]*[)\]]\s*$/, '')));
  const points =
    notes.length >= 2 &&
    !/^\s*[([]\s*\d/.test(rest) &&
    parts.length === notes.length &&
    parts.every((p) => new RegExp(MARK_NOTE.source, 'i').test(p))
      ? {
          points: parts.map((p) => ({
            text: clean(p.replace(MARK_NOTE, ' ').replace(/^\s*[([][^)\]]*[)\]]\s*/, '')),
            marks: Number(/\d/.exec(p.match(MARK_NOTE)!.at(-1)!)![0]),
          })),
        }
      : {};
  return reasonMarks === undefined ? { reason, ...points } : { reason, reasonMarks, ...points };
}

/** "… - 1 mark each", "…, 1 mark per item", "… (2 marks)" at the key's end: how it is marked, not words of the answer. */
export const TRAILING_MARK_NOTE =
  /[\s,;:.–—-]*[([]?\s*(?:\d+|½|¼|¾)\s*(?:(?:marks?|pts?|points?)\s*(?:each|per\s+\w+|for\s+each(?:\s+\w+)?)?|each)(?:\s+(?:in|for)\s+(?:the\s+|its\s+)?(?:correct|right)\s+(?:position|order|place)s?)?(?:\s*,\s*(?:any|max(?:imum)?\.?|up\s+to)\s+(?:one|two|three|four|five|six|\d+))?\s*[)\]]?\s*$/i;
/** "; 1 off for a wrong extra", "; 1 off per error": a penalty the marker takes, no words of the answer. */
const PENALTY_NOTE =
  /[\s,;:.–—-]*[([]?\s*(?:\d+|one|a)\s+(?:marks?\s+)?off\s+(?:for\s+|per\s+|each\s+)(?:(?:a|an|each|every|any)\s+)?[^;.()[\]]*[)\]]?/gi;
/**
 * "mitosis; not meiosis", "…; NOT distance", "(not meiosis)": a short wording after "not" that opens a part of the key
 * (no marks of its own, so no marking point "not to …") is what the key does not accept; "(not 'vacuole' alone)" is
 * no wording rejected whole.
 */
function takeExclusions(main: string): { main: string; reject: string[] } {
  const reject: string[] = [];
  const take = (m: string, lead: string, what: string) => {
    const w = what.replace(/^['"‘“]|['"’”]$/g, '').trim();
    if (words(w).length === 0 || words(w).length > ITEM_WORDS || /\b(?:alone|on its own|by itself)\b/i.test(w)) return m;
    reject.push(w);
    return lead;
  };
  const out = main
    .replace(/\(\s*not\s+([^()]*)\)/gi, (m, what: string) => take(m, ' ', what))
    .replace(/(^|[;.\n])\s*not\s+([^;.\n()]+?)\s*(?=[;.\n]|$)/gi, (m, lead: string, what: string) => take(m, lead, what));
  return { main: clean(out.replace(/\s+/g, ' ').replace(/(?:\s*[;.])+\s*$/, '')), reject };
}

/** "(all three for 1 mark)", "all four correct = 1 mark": the marks only for every item. */
const ALL_FOR =
  /[([]?\s*\ball\s+(?:(?:one|two|three|four|five|six|\d+)\s+)?(?:\w+\s+)?(?:(?:correct|right|needed|required)\s+)?(?:for|=|gets?|earns?)\s+(?:the\s+)?(?:\d+|one|the)\s+marks?\b[^)\]]*[)\]]?/i;
/** "(1 mark each in the correct position)", "in the right order": each item is marked where it stands. */
const IN_POSITION = /\b(?:in|for)\s+(?:the\s+|its\s+)?(?:correct|right)\s+(?:position|order|place)s?\b/i;
/**
 * "accept reverse statements", "accept equivalents", "allow any sensible answer": a rule for the marker, not one
 * more wording of the answer.
 */
const MARKER_RULE =
  /^(?:the\s+)?(?:reverse|opposite|converse)\b|^(?:any\s+|other\s+|all\s+)*(?:equivalents?|sensible|reasonable|valid|suitable|appropriate|correct|similar)\b|^(?:any\s+|other\s+)*(?:answers?|responses?|wordings?|alternatives?)\b/i;

export function parseKey(key: string, question: string): KeySpec {
  const allOrNothing = ALL_FOR.test(key);
  const penalty = new RegExp(PENALTY_NOTE.source, 'i').test(key);
  const ordered = IN_POSITION.test(key);
  // "accept any of: wind, solar, …" opening the key is the key itself, not an instruction beside it.
  const taken = takeInstructions(
    key
      .replace(ALL_FOR, ' ')
      .replace(/\(([^)]*)\)/g, (m, inner: string) => (IN_POSITION.test(inner) ? ' ' : m))
      .replace(PENALTY_NOTE, ' ')
      .replace(TRAILING_MARK_NOTE, '')
      .replace(/^\s*(?:accept|allow)\s+(?=(?:any|either|one)\s+(?:\w+\s+)?of\b)/i, ''),
  );
  const accept = taken.accept.filter((a) => !MARKER_RULE.test(a));
  let { main } = taken;

  // "B1 No; B1 there are no particles …": scheme codes before the decision and the reason are their marks.
  const coded = main
    .replace(/^\s*B\s*(\d)\s+(yes|no|true|false)\b[\s.,:;!—–-]*B\s*(\d)\s+(.*)$/is, '$2 ($1); $4 ($3)')
    .replace(/^\s*B\s*(\d)\s+(yes|no|true|false)\b/i, '$2 ($1)');
  const yn = /^(yes|no|true|false)\b[\s.,:;!—–-]*(.*)$/is.exec(coded);
  // (Wordings the key accepts belong to its reason where the question is a yes / no one and the key gives a reason.)
  const notesOn = isYesNoQuestion(question) && !!yn?.[2]!.trim();
  const reasonNotes = {
    ...(notesOn && accept.length ? { accept } : {}),
    ...(notesOn && taken.reject.length ? { reject: taken.reject } : {}),
  };
  if (yn && (accept.length === 0 || notesOn) && (isYesNoQuestion(question) || yn[2]!.trim() === ''))
    return { kind: 'yes-no', yes: /^(yes|true)$/i.test(yn[1]!), ...yesNoReason(yn[2]!), ...reasonNotes };
  const excluded = takeExclusions(main);
  main = excluded.main;
  const reject = [...taken.reject, ...excluded.reject];

  // "(1 each)", "(½ each)", "(1)": marks, not words of the answer (an explanation's own reader keeps them).
  const marked = main;
  main = main
    .replace(/\(\s*(?:\d+|½|¼|¾|\d\s*\/\s*\d)\s*(?:marks?)?\s*(?:each|per\s+\w+)?\s*\)/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

  // "any of: glad, joyful, cheerful": one of them is the answer.
  // "any suitable synonym: angry, irate, …": the listed words, each the answer.
  const oneOf =
    /^(?:any|either|one)\s+of\b:?\s*(.*)$/is.exec(main) ??
    /^(?:any|one)\s+(?:(?:suitable|sensible|appropriate|correct|valid|reasonable|similar)\s+)?(?:synonym|word|answer|example|adjective|adverb|verb|noun)s?\s*(?:\(?e\.?g\.?\)?|such\s+as|including|like)?\s*:\s*(.*)$/is.exec(
      main,
    );
  if (oneOf) {
    const [first, ...rest] = splitList(oneOf[1]!).map(item);
    if (first)
      return {
        kind: 'single',
        item: { text: first.text, accept: [...first.accept, ...rest.flatMap((a) => [a.text, ...a.accept]), ...accept] },
        reject,
      };
  }

  // "any two of: …", "any two from …", "any two: …".
  const anyOf = /^(?:any|at least)\s+(one|two|three|four|five|six|\d+)(?:\s+(?:of|from)\b\s*:?|\s*:)\s*(.*)$/is.exec(main);
  if (anyOf) {
    // Items of several words set apart by ";" are clauses: their commas and "and"s are their own.
    const list = anyOf[2]!;
    const items = (
      /;|\n/.test(list)
        ? list
            .split(/\s*(?:;|\n)\s*/)
            .map(clean)
            .filter(Boolean)
            // "fur or hair": short alternatives of one item.
            .map((p) => (p.split(/\s+or\s+/i).every((a) => words(a).length <= 3) ? p.replace(/\s+or\s+/gi, ' / ') : p))
        : splitItems(list)
    )
      // "pictogram, (vertical line chart)": an item in brackets is one the key also takes.
      .map((p) => p.replace(/^\(([^()]*)\)$/, '$1'))
      .filter(Boolean)
      .map(item);
    // "any three of: solid, liquid, gas (accept plasma)": an accepted wording that is no item's is one more item to choose from.
    const paired = pairAccepted(items, accept);
    const extra = accept.length === items.length ? [] : accept.filter((a) => !paired.some((it) => it.accept.includes(a))).map(item);
    return {
      kind: 'list',
      items: [...paired, ...extra],
      need: Math.min(items.length, count(anyOf[1]!)),
      anyOf: true,
      reject,
      ...(ordered ? { ordered } : {}),
    };
  }

  // "carbon dioxide + water": a plus between names (no equation's arrow or equals) is an "and".
  const plusNames = !/→|->|=/.test(main) && main.split(/\s\+\s/).every((p) => /[a-z]{3,}/i.test(p));
  const parts = splitOutside(main, !plusNames ? /\s*(?:,|;|\n|•|\s\band\b\s)\s*/i : /\s*(?:,|;|\n|•|\s\band\b\s|\s\+\s)\s*/i)
    .map(clean)
    .filter(Boolean);
  // "Name an igneous rock." over "granite, basalt, pumice": one asked for, as "Name one …" asks.
  const asked = askedCount(question) ?? (parts.length >= 2 && asksForOne(question) ? 1 : null);
  if (parts.length >= 2 && parts.every(listItem) && !/[.!?]\s+\S/.test(main.replace(/\([^)]*\)/g, ''))) {
    const items = parts.map(item);
    // "Carbon dioxide, water and light": the capital is the sentence's, not a name's.
    if (items.length > 1 && items.slice(1).every((i) => /^[a-z]/.test(i.text)) && /^[A-Z][a-z]/.test(items[0]!.text))
      items[0] = { ...items[0]!, text: items[0]!.text.charAt(0).toLowerCase() + items[0]!.text.slice(1) };
    const need = asked && asked < items.length ? asked : items.length;
    return {
      kind: 'list',
      items: pairAccepted(items, accept, need === items.length),
      need,
      anyOf: need < items.length,
      reject,
      ...(allOrNothing && need === items.length ? { allOrNothing } : {}),
      ...(ordered ? { ordered } : {}),
      ...(penalty ? { penalty } : {}),
    };
  }

  const alternatives = splitOutside(main, /\s*(?:\/|\s\bor\b\s)\s*/i)
    .map(clean)
    .filter(Boolean);
  if (alternatives.length > 0 && alternatives.every(short) && !/[.!?]\s+\S/.test(main.replace(/\([^)]*\)/g, ''))) {
    // "rojo / azul / verde / …" where the question asks for two: the answers to choose from, any two of them.
    // ("heavy/prolonged rainfall / snowmelt": a "/" without spaces, among spaced ones, is one item's wordings.)
    const spaced =
      / \/ /.test(main) && /\S\/\S/.test(main)
        ? splitOutside(main, /\s+\/\s+|\s\bor\b\s/i)
            .map(clean)
            .filter(Boolean)
        : alternatives;
    const choices = spaced.map((a) => a.replace(/\s*(?:…|\.\.\.|\betc\.?)\s*$/i, '')).filter(Boolean);
    if (asked && asked >= 2 && choices.length > asked && choices.every(listItem))
      return { kind: 'list', items: choices.map(item), need: asked, anyOf: true, reject };
    const [first, ...rest] = alternatives.map(item);
    return {
      kind: 'single',
      item: { text: first!.text, accept: [...first!.accept, ...rest.flatMap((a) => [a.text, ...a.accept]), ...accept] },
      reject,
    };
  }
  return { kind: 'explanation', text: marked, accept, reject };
}
