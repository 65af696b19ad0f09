/**
 * A mark scheme's notes written beside the answer, as teachers write them: "6x + 6 (any equivalent)",
 * "x = 7, y = 3 (M1 method, B1 x, B1 y)", "2Mg + O2 → 2MgO (1 correct formulae, 1 balanced)",
 * "7 (100 ÷ 16 = 6.25, round up)", and the same codes in the question ("(M1 convert time, M1 E = Pt, A1 answer)").
 * The answer is read without them; the notes say how the marks split.
 */

/** A mark of the scheme: M (method), A (accuracy, depends on the method), B (independent), with what it is for. */
export type SchemeMark = { code: 'M' | 'A' | 'B' | 'P' | 'C'; marks: number; what: string };

export type KeyNotes = {
  /** The key without its notes. */
  text: string;
  /** The notes, as written. */
  notes: string[];
  /** "any equivalent", "oe": any equivalent form earns the marks, whatever form the question names. */
  anyEquivalent: boolean;
  /** The marks the notes list (M1, A1, B1, or "1 correct formulae"), empty when they list none. */
  marks: SchemeMark[];
};

/** Words of a note, never of an answer. */
const NOTE_WORDS =
  /\b(?:any equivalent|equivalent|o\.?e\.?|accept|allow|condone|ignore|ft|follow[- ]through|marks?|method|round(?:ed|ing)? (?:up|down)|correct|balanced|award|credit|for|values?|units?|fine|ok|okay|accepted|allowed|either order|any order|(?:both|all)\s+(?:roots?\s+|values?\s+)?(?:needed|required)|(?:lowest terms|simplest form|charge|sign)\s+(?:needed|required))\b|\b[MABPC]\d\b|^\s*\d+\s*(?:mark|m)?\s*$/i;

/** "37 1/2 % fine", "N·m accepted", "g/mL OK": a note that accepts a wording, read as "accept …". */
const acceptingNote = (note: string) => {
  const m = /^([^;=±()]+?)\s+(?:(?:is|are)\s+)?(?:also\s+)?(?:fine|ok|okay|accepted|allowed)\.?$/i.exec(note.trim());
  return m && !/^(?:accept|allow)\b/i.test(m[1]!) ? `accept ${m[1]!.trim()}` : note.trim();
};

/** Scheme codes in text: "M1 method", "B1 x", "A1". */
export function schemeMarks(text: string): SchemeMark[] {
  const out: SchemeMark[] = [];
  for (const m of text.matchAll(/\b([MABPC])(\d)\b\s*([^,;)]*)/g))
    out.push({ code: m[1] as SchemeMark['code'], marks: Number(m[2]), what: m[3]!.trim() });
  // "1 correct formulae, 1 balanced": marks as numbers before what earns them.
  if (out.length === 0)
    for (const m of text.matchAll(/(?:^|[(,;]\s*)(\d)\s+(?:mark\s+)?(?:for\s+)?([a-z][^,;)]*)/gi))
      out.push({ code: 'B', marks: Number(m[1]), what: m[2]!.trim() });
  return out;
}

/** Splits a key into its answer and its notes: trailing brackets (or a "; note") whose words are a scheme's, never an answer's. */
export function keyNotes(key: string): KeyNotes {
  let text = key.trim();
  const notes: string[] = [];
  for (;;) {
    const m = /\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*$/.exec(text);
    if (!m || m.index === 0 || !NOTE_WORDS.test(m[1]!) || !/[a-z]{2,}/i.test(m[1]!)) break;
    notes.unshift(acceptingNote(m[1]!));
    text = text.slice(0, m.index).trim();
  }
  const all = notes.join('; ');
  return {
    text,
    notes,
    anyEquivalent: /\bany equivalent\b|\bequivalent\b|\bo\.?e\.?\b/i.test(all),
    marks: schemeMarks(all),
  };
}

/** The scheme's marks from the key's notes, or else from the question's ("(M1 expand, M1 collect, A1)"). */
export function schemeOf(key: string, question: string): SchemeMark[] {
  const fromKey = keyNotes(key).marks;
  if (fromKey.length) return fromKey;
  const inQuestion = /\(([^()]*\b[MAB]\d\b[^()]*)\)/.exec(question);
  return inQuestion ? schemeMarks(inQuestion[1]!) : [];
}

/** Method marks of a scheme (M and P), or null when it lists none. */
export function methodMarks(scheme: SchemeMark[]): number | null {
  if (!scheme.some((m) => m.code === 'M' || m.code === 'P')) return null;
  return scheme.filter((m) => m.code === 'M' || m.code === 'P').reduce((s, m) => s + m.marks, 0);
}
