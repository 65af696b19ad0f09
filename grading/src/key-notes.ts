/**
 * Notes a teacher writes in a key for the marker, not words of the answer: how strictly to read spelling ("– exact",
 * "exact spelling required", "misspellings accepted unless they become mitosis"), what is not penalised ("capital not
 * penalised", "accent direction not penalised"), that a term is being tested ("term tested"), and wordings the key
 * quotes with their mark ("'no air' accepted for the second mark", "'because it is a metal' = 0").
 */

/** A yes / no word quoted in a note ("'No' alone = 0"): a note of the decision's marks, read with the yes / no. */
const DECISION_WORD = /^(?:yes|no|true|false)$/i;

/**
 * Takes the marker's notes out of a key: the key without them, the wordings they accept, and those they reject (a
 * spelling "unless it becomes X" is X; a quoted wording worth 0 marks is rejected).
 */
export function takeMarkerNotes(key: string): { main: string; accept: string[]; reject: string[] } {
  const accept: string[] = [];
  const reject: string[] = [];
  let main = key;
  // "'No air' accepted for second mark", "'take oxygen round' is also accepted": a quoted wording the key takes.
  main = main.replace(
    /['‘"“]([^'’"”]{2,60})['’"”]\s+(?:is\s+|are\s+)?(?:also\s+)?(?:accepted|allowed|credited)\b[^.;\n()]*/gi,
    (m, what: string) => {
      if (DECISION_WORD.test(what.trim())) return m;
      accept.push(what.trim());
      return ' ';
    },
  );
  // "'Because it is a metal' = 0", "'water' [0]", "'longest side' scores 0": a quoted wording worth nothing.
  main = main.replace(
    /['‘"“]([^'’"”]{2,60})['’"”]\s*(?:alone\s*|on\s+its\s+own\s*)?(?:=\s*0\b|[([]\s*0\s*(?:marks?)?\s*[)\]]|(?:scores|gets|earns)\s+(?:0|nothing|no\s+marks?)\b)/gi,
    (m, what: string) => {
      if (DECISION_WORD.test(what.trim())) return m;
      reject.push(what.trim().replace(/^because\s+/i, ''));
      return ' ';
    },
  );
  // "(term tested; reject 'longest side', 'diagonal')": the wordings a bracket rejects, the rest of it left.
  main = main.replace(
    /\(([^()]*?)[;,]?\s*\b(?:reject|do\s+not\s+accept|not)\b:?\s*((?:['‘"“][^()]*)|[^()]*)\)/gi,
    (m, before: string, list: string) => {
      const items = list
        .split(/\s*(?:,|;|\/|\bor\b)\s*/i)
        .map((w) => w.replace(/^['‘"“\s]+|['’"”.\s]+$/g, ''))
        .filter(Boolean);
      if (items.length === 0 || items.some((w) => w.split(/\s+/).length > 4 || /\b(?:alone|on\s+its\s+own|by\s+itself)\b/i.test(w)))
        return m;
      reject.push(...items);
      return before.trim() ? `(${before})` : ' ';
    },
  );
  // "Misspellings accepted unless they become mitosis", "Accept misspellings if clear": the slips the key takes, and a
  // spelling that becomes another term, which it does not.
  main = main.replace(
    /(?:\b(?:accept|allow)\s+(?:minor\s+|phonetic\s+|clear\s+)?(?:mis-?spellings?|spelling\s+(?:errors?|mistakes?|slips?))|\b(?:minor\s+|phonetic\s+)?(?:mis-?spellings?|spelling\s+(?:errors?|mistakes?|slips?))\s+(?:are\s+|is\s+)?(?:accepted|allowed|ok|fine|credited|not\s+penali[sz]ed))\b([^.;\n)]*)/gi,
    (_, tail: string) => {
      const unless =
        /\b(?:unless\s+(?:it|they)\s+(?:becomes?|makes?|spells?|is|are)|but\s+not|except|not)\s+(?:an?\s+|the\s+)?['‘"“]?([a-z][a-z -]{1,30}?)['’"”]?\s*$/i.exec(
          tail,
        );
      if (unless && !/\b(?:another|other|different)\b/i.test(unless[1]!)) reject.push(unless[1]!.trim());
      return ' ';
    },
  );
  main = main
    // "– exact.", "; exact spelling;", "exact spelling required", "spelling must be exact": how strictly to mark.
    .replace(/\s[–—-]\s*exact(?:\s+spelling)?(?:\s+(?:is\s+)?(?:required|needed|only))?\s*(?=[.;\n]|$)/gi, ' ')
    .replace(
      /(^|[.;\n(])\s*(?:exact(?:\s+spelling)?(?:\s+(?:is\s+)?(?:required|needed|only))?|spelling\s+(?:must\s+be\s+|is\s+)?exact|(?:correct|accurate|exact)\s+spelling\s+(?:is\s+)?(?:required|needed|essential))\s*(?=[.;\n)]|$)/gi,
      '$1 ',
    )
    // "capital not penalised", "accent direction not penalised", "case does not matter": what is not marked down.
    .replace(
      /(^|[.;\n(])\s*(?:(?:the\s+)?(?:capitals?|capital\s+letters?|(?:upper|lower)\s*case|case|accents?(?:\s+direction)?|(?:the\s+)?direction\s+of\s+(?:the\s+)?accents?))\s+(?:(?:is|are)\s+)?(?:not\s+penali[sz]ed|(?:does|do)\s+not\s+matter|ignored)\s*(?=[.;\n)]|$)/gi,
      '$1 ',
    )
    // "(term tested; reject …)": the term itself is what is marked.
    .replace(/(^|[.;\n(])\s*(?:the\s+)?(?:technical\s+)?term\s+(?:is\s+)?(?:being\s+)?tested\s*(?=[.;\n)]|$)/gi, '$1 ');
  // What the notes leave: no empty sentences or brackets.
  main = main
    .replace(/\(\s*[;,.]?\s*/g, '(')
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/(?<=[.;])(?:\s*[.;])+/g, '')
    .replace(/^[\s.;]+|[\s.;]+$/g, '')
    .trim();
  return { main, accept, reject };
}

/**
 * "Name an igneous rock.", "Give a word that means …", "Name a noble gas.": the question asks for one thing with an
 * article, as "Name one …" does, so a key listing several is a choice of answers. Not where it asks for one thing and
 * another ("a metal and a non-metal") or for one thing made of parts ("a word equation", "a pair of …").
 */
export function asksForOne(question: string): boolean {
  const q = question.replace(/\s+/g, ' ');
  const m = /(?:^|[.?:!]\s+)(?:name|give|state|write(?:\s+down)?|suggest|identify)\s+(?:an?|one)\s+([a-z][a-z -]*)/i.exec(q);
  if (!m) return false;
  if (
    /\b(?:equations?|formulae?|formulas?|sentences?|pairs?|sets?|lists?|sequences?|expressions?|phrases?)\b/i.test(
      m[1]!.split(/\b(?:that|which|for|of|to|in)\b/i)[0]!,
    )
  )
    return false;
  return !/\band\s+(?:an?|one|the|its|their|a\s+second)\b|\band\s+(?:name|give|state|explain|describe)\b/i.test(q.slice(m.index));
}

/** A word without its accents and umlauts: "città" → "citta", "Mädchen" → "Madchen". */
export const withoutMarks = (w: string) =>
  w
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');

/** "ä" written "ae", "ß" written "ss": the usual spelling of a German letter without its marks. */
const transliterate = (w: string) =>
  withoutMarks(
    w
      .normalize('NFC')
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/Ä/g, 'Ae')
      .replace(/Ö/g, 'Oe')
      .replace(/Ü/g, 'Ue')
      .replace(/ß/g, 'ss'),
  );

/**
 * "Madchen" for "Mädchen", "citta" for "città": the words of the key's wording whose accents or umlauts the response
 * drops (not written as "ae", "oe", "ue", nor with an apostrophe for the accent, "citta'", nor with the accent the
 * other way, "perchè"). Each with the form the response writes.
 */
export function droppedMarks(wording: string, response: string): { key: string; got: string }[] {
  const tokens = (t: string) =>
    t
      .normalize('NFC')
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .split(/[^\p{L}\p{M}']+/u)
      .map((w) => w.replace(/^'+/, ''))
      .filter(Boolean);
  const said = tokens(response);
  const out: { key: string; got: string }[] = [];
  for (const w of tokens(wording)) {
    const bare = withoutMarks(w);
    if (bare === w) continue;
    if (said.some((s) => s !== bare && withoutMarks(s.replace(/'$/, '')) === bare)) continue;
    if (transliterate(w) !== bare && said.includes(transliterate(w))) continue;
    if (said.includes(bare)) out.push({ key: w, got: bare });
  }
  return out;
}

/**
 * "exact spelling", "accent required", "spelling must be exact", "umlauts needed", or an accepted "ae" / "oe" / "ue" for
 * an umlaut: the key holds its words to their accents and umlauts. Returns the key's marked words without their marks,
 * as wordings it rejects.
 */
export function strictMarks(key: string): string[] {
  const marked = (key.normalize('NFC').match(/[\p{L}]+/gu) ?? []).filter((w) => withoutMarks(w) !== w);
  if (marked.length === 0) return [];
  const strict =
    /\bexact(?:ly)?\s+spel|\bspel\w*\s+(?:must\s+be\s+|is\s+)?exact|\b(?:accents?|umlauts?|diacritics?)\s+(?:are\s+|is\s+)?(?:required|needed|essential|must)|\b(?:ae|oe|ue)\s*(?:\/\s*(?:ae|oe|ue)\s*)*(?:accepted|allowed)\b/i.test(
      key,
    ) || marked.some((w) => new RegExp(`\\baccept\\b[^.;]*\\b${transliterate(w)}\\b`, 'iu').test(key.normalize('NFC')));
  return strict ? [...new Set(marked.map((w) => withoutMarks(w).toLowerCase()))] : [];
}
