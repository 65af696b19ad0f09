/**
 * A key's answer, then the teacher's sentences to the marker: "37.5% (38% ok). 0.375 = decimal, not %: ½.",
 * "forty-five (hyphen optional). Spelling counts — fourty = 0.", "CO2. Capitals count – Co2 is cobalt.". The sentences
 * after the answer that give marks or say how to mark are notes, not more of the answer: taken out of the key, and
 * kept, so that a response the checker does not find fully right is flagged (a note may give it part marks).
 */

/** Words of a sentence that tells the marker how to mark. */
const NOTE =
  /(?:=|→|->|:)\s*(?:½|1\/2|0?\.5|half)\s*(?:marks?|pts?)?\s*(?:[.;)]|$)|\b(?:gets?|earns?|scores?)\s+(?:½|1\/2|half)\b|\b(?:loses?|lose)\b|\bhalf\b|\b(?:ok|okay|fine|optional|counts?|not\s+penali[sz]ed)\s*(?:[.;)—–-]|$)/i;
/** A marking scheme's line ("1 pt for …", "2 marks: …", "B1 …"), read by the scheme's own rules. */
const SCHEME = /^\s*(?:\d+\s*(?:marks?|pts?|points?)\b|[BMA]\d\b|\(\d\))/i;
/** A sentence that lists what else is accepted or rejected: read by the key's own rules. */
const ACCEPT_LIST = /^\s*(?:also\s+)?(?:accept|allow|reject|do\s+not\s+accept|don'?t\s+accept|not|or)\b/i;

/**
 * "(hyphen optional)", "(words ok)", "(subscript can be inline)": a bracket that says what is not marked down, a note.
 * (A bracket that accepts a wording, "(38% ok)", is the value readers' and the key's own.)
 */
const OK_BRACKET =
  /\(([^()]*?)\s+(?:is\s+|are\s+)?(?:ok|okay|fine|accepted|allowed|optional|not\s+penali[sz]ed|ignored|can\s+be\s+\w+)\b([^()]*)\)/gi;
/** "Congress / President / Supreme Court OK.": a sentence of wordings the key also takes. */
const OK_SENTENCE = /^\s*([^.]*?)\s+(?:is\s+|are\s+)?(?:also\s+)?(?:ok|okay|fine|accepted|allowed)\s*[.;]?\s*$/i;
/** The answer-like words of a bracket: a value or a short wording, not a description ("hyphen", "spelling", "units"). */
const DESCRIBES =
  /\b(?:hyphens?|spelling|subscripts?|capitals?|case|units?|words?|order|rounding|sign|symbols?|either|any|inline|working|method|brackets?)\b/i;

/** Words that make a sentence ending in "OK" a note, not a list of wordings ("Marks only OK"). */
const NOTE_WORDS = /\b(?:marks?|pts?|points?|only|alone|not|no)\b/i;

/**
 * The key without its notes to the marker, and the notes: sentences after the first that give part marks ("= ½", "loses
 * the answer half") or say what is not marked down ("Spelling counts", "hyphen optional"). A sentence of wordings ending
 * in "OK" becomes "(accept …)". A marking scheme's line, an accept / reject list, a requirement ("Sign required") and a
 * note worth 0 ("'X' = 0") stay in the key, whose own rules read them.
 */
export function takeNoteSentences(key: string): { key: string; notes: string[] } {
  if (key.includes('\n')) return { key, notes: [] };
  const notes: string[] = [];
  const accept: string[] = [];
  // Sentences: a full stop (not a decimal point, not "e.g.") then a space and a capital, digit or quote.
  const parts = key.split(/(?<=[^\s.]{2}[.!])\s+(?=[A-Z0-9'"‘“(])/);
  const kept = [
    parts[0]!.replace(OK_BRACKET, (m, what: string) => {
      if (!DESCRIBES.test(what)) return m;
      notes.push(m.slice(1, -1).trim());
      return ' ';
    }),
  ];
  for (const sentence of parts.slice(1)) {
    const ok = OK_SENTENCE.exec(sentence);
    if (ok && !DESCRIBES.test(ok[1]!) && !NOTE_WORDS.test(ok[1]!)) accept.push(ok[1]!.trim());
    else if (
      !ACCEPT_LIST.test(sentence) &&
      !SCHEME.test(sentence) &&
      !/\b(?:required|must|needed)\b/i.test(sentence) &&
      NOTE.test(sentence)
    )
      notes.push(sentence.trim());
    else kept.push(sentence);
  }
  if (notes.length === 0 && accept.length === 0) return { key, notes: [] };
  const main = kept
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/[.\s]+$/, '')
    .trim();
  return { key: accept.length ? `${main} (accept ${accept.join(', ').replace(/\s+\/\s+/g, ', ')})` : main, notes };
}

/** A word or number a note names that the response also has ("Unrounded 96.6 loses the answer half" for "96.6 km/h"). */
export function noteNames(notes: readonly string[], response: string): string | null {
  const said = new Set(response.toLowerCase().match(/\d+(?:\.\d+)?|[a-z]{4,}/g) ?? []);
  for (const note of notes)
    for (const w of note.toLowerCase().match(/\d+(?:\.\d+)?|[a-z]{4,}/g) ?? [])
      if (said.has(w) && !/^(?:half|mark|marks|only|answer|with|without|than|that|this|must|gets|loses|the)$/.test(w)) return w;
  return null;
}
