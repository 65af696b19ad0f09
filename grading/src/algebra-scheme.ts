/**
 * A mark scheme of algebra or chemistry written as lines or sentences, one mark each, as many teachers write it:
 *
 *   "M1 2x − 6 = 10 or x − 3 = 5 ⏎ A1 x = 8"
 *   "4x − 14. M1 for 6x − 12 or −2x − 2 correctly expanded. A1 4x − 14."
 *   "2 marks 4x(3x + 2) ⏎ 1 mark for a partial factorisation e.g. 4(3x² + 2x)"
 *   "B1 (x + 3)² ⏎ B1 − 4"
 *   "x = 7, y = 3. One mark for each."
 *
 * read as the answer with its notes in brackets, the form the checks of algebra and chemistry read
 * ("x = 8 (M1 for 2x − 6 = 10 or x − 3 = 5)"). The answer is the key's own first line where it writes one, else the
 * accuracy mark's (A1 x = 8), else the parts of independent marks put together where each goes on from the last
 * ("(x + 3)²" then "− 4"). A key with no such lines is returned as it is.
 */

const CODE = /^([MABP])(\d)\b\s*[:.]?\s*(?:for\s+)?(.*)$/;
const COUNTED = /^(\d|one|two|three|four)\s+marks?\b\s*(for\b)?\s*(.*)$/i;
/** "1 for one correct bracket", "2 for fully": a mark as a count before what earns it. */
const COUNT_FOR = /^(\d)\s+for\s+(.*)$/i;
const NOTE_START =
  /^(?:do not|don'?t|not\b|accept\b|allow\b|ignore\b|condone\b|award\b|answer only\b|ft\b|oe\b|any (?:correct )?equivalent\b|or any\b|must\b)/i;
/** A sentence that starts a mark or a note: where a key written as sentences is split. */
const SENTENCE_BREAK =
  /(?<=\S)\.\s+(?=(?:[MABP]\d\b|\d\s+marks?\b|\d\s+for\s|(?:one|two|three|four)\s+marks?\b|do not\b|don'?t\b|accept\b|allow\b|ignore\b|condone\b|award\b|answer only\b))|\s*;\s*(?=\d\s+for\s|must\b|[MABP]\d\b)/gi;
/** What a counted mark is for that is the answer itself: "2 for fully", "1 for fully simplified". */
const ANSWER_MARK = /^(?:the\s+)?(?:fully|full|correct)?\s*(?:simplified|factorised|answer)?$/i;

const WORD_COUNT: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };

type Mark = { kind: 'mark'; code: string; marks: number; what: string; counted?: boolean; countedFor?: boolean };
type Plain = { kind: 'note' | 'answer'; text: string };
type Segment = Mark | Plain;

function segments(key: string): Segment[] {
  const out: Segment[] = [];
  for (const line of key.split(/\n+/)) {
    for (const raw of line.split(SENTENCE_BREAK)) {
      const text = raw.trim().replace(/\.$/, '').trim();
      if (!text) continue;
      const code = CODE.exec(text);
      if (code) {
        out.push({ kind: 'mark', code: code[1]!, marks: Number(code[2]), what: code[3]!.trim() });
        continue;
      }
      // "x = 8; 1 for 2x = 16": a counted mark for a step is a method mark, one for the answer its accuracy mark.
      const countFor = COUNT_FOR.exec(text);
      if (countFor && out.length > 0) {
        out.push({ kind: 'mark', code: 'M', marks: Number(countFor[1]), what: countFor[2]!.trim(), countedFor: true });
        continue;
      }
      const counted = COUNTED.exec(text);
      if (counted) {
        const marks = WORD_COUNT[counted[1]!.toLowerCase()] ?? Number(counted[1]);
        // "2 marks 4x(3x + 2)": the answer with its marks; "1 mark for a partial factorisation": a note.
        if (!counted[2] && counted[3] && !/^each\b/i.test(counted[3]))
          out.push({ kind: 'mark', code: 'A', marks, what: counted[3].trim(), counted: true });
        else out.push({ kind: 'note', text });
        continue;
      }
      out.push({ kind: NOTE_START.test(text) ? 'note' : 'answer', text });
    }
  }
  return out;
}

/** The independent marks of a key written only as lines or sentences of B marks ("B1 charge −1. B1 symbol Cl⁻."), or null. */
export function independentMarks(rawKey: string): { marks: number; what: string }[] | null {
  const parts = segments(rawKey.trim());
  if (parts.length < 2 || parts.some((p) => p.kind !== 'mark' || p.code !== 'B')) return null;
  return (parts as Mark[]).map((m) => ({ marks: m.marks, what: m.what }));
}

/** A mark's words that read as an answer, not as what earns it ("fully simplified", "correct unit"). */
const answerLike = (what: string) => what !== '' && (/[\d=+\-−×÷/^()²³√]/.test(what) || what.split(/\s+/).length <= 3);

/**
 * The key as "answer (notes)" where it is written as lines or sentences of marks; the key unchanged where it is not
 * (no line or sentence starts with a mark), or where no answer can be told from its marks.
 */
export function schemeAsNotes(rawKey: string): string {
  // "6x + 6 or any correct equivalent expression e.g. 2(x + 3) + 4x": the answer, any equivalent, its example accepted.
  const equivalent =
    /^(.+?)\s*,?\s+or any (?:correct |other )?equivalent(?: expression| form| answer)?\s*(?:[,;]?\s*(?:e\.?g\.?|such as)\s*(.+?))?\s*\.?$/i.exec(
      rawKey.trim(),
    );
  if (equivalent && !/\n/.test(rawKey.trim()))
    return `${equivalent[1]!.trim()} (any equivalent${equivalent[2] ? `; accept ${equivalent[2].trim()}` : ''})`;
  const key = rawKey.trim();
  const parts = segments(key);
  const marks = parts.filter((p): p is Mark => p.kind === 'mark');
  const hasLines = marks.length > 0 || (parts.length > 1 && parts.some((p) => p.kind === 'note'));
  if (!hasLines || parts.length < 2) return rawKey;
  const answers = parts.filter((p): p is Plain => p.kind === 'answer');
  let answer: string | undefined;
  let from: Segment | undefined;
  // "(3n + 2)": a line in brackets after the parts is the whole answer.
  const bracketed = answers.find((a) => /^\(.*\)$/.test(a.text));
  if (answers[0] && answers[0] === parts[0]) [answer, from] = [answers[0].text, answers[0]];
  else if (bracketed) [answer, from] = [bracketed.text.slice(1, -1).trim(), bracketed];
  else {
    const accuracy = [...marks].reverse().find((m) => (m.code === 'A' || m.counted) && answerLike(m.what));
    if (accuracy) [answer, from] = [accuracy.what, accuracy];
    else {
      // "B1 (x + 3)² ⏎ B1 − 4": independent marks, each part of one expression going on from the last.
      const independent = marks.filter((m) => m.code === 'B');
      if (independent.length >= 2 && independent.length === marks.length && independent.slice(1).every((m) => /^[+\-−]/.test(m.what)))
        answer = independent.map((m) => m.what).join(' ');
      // "B1 x = 7; B1 y = 3": a mark for each unknown's value, the values together the answer, one mark each.
      const letters = independent.map((m) => /^([a-z])\s*=\s*[^=]+$/i.exec(m.what)?.[1]);
      if (
        answer === undefined &&
        independent.length >= 2 &&
        independent.length === marks.length &&
        independent.every((m) => m.marks === 1) &&
        letters.every(Boolean) &&
        new Set(letters).size === letters.length
      ) {
        const notes = parts.filter((p): p is Plain => p.kind === 'note').map((p) => p.text);
        return `${independent.map((m) => m.what).join(', ')} (${['one mark for each', ...notes].join('; ')})`;
      }
    }
  }
  if (answer === undefined) return rawKey;
  const plain = (s: string) => s.replace(/\s+/g, '').replace(/[−–]/g, '-');
  const notes: string[] = [];
  for (const p of parts) {
    if (p === from) continue;
    if (p.kind === 'mark') {
      // The accuracy mark for the answer itself ("A1 4x − 14", "A1 7") says nothing more.
      if ((p.code === 'A' || p.counted || p.countedFor) && (plain(p.what) === plain(answer) || plain(answer).endsWith(`=${plain(p.what)}`)))
        continue;
      if (p.countedFor && ANSWER_MARK.test(p.what)) continue;
      notes.push(`${p.code}${p.marks}${p.what ? ` for ${p.what}` : ''}`);
    } else if (p.kind === 'note') notes.push(p.text);
    else if (p.text !== answer) notes.push(`accept ${p.text}`);
  }
  return notes.length ? `${answer} (${notes.join('; ')})` : answer;
}

/** "(brackets in either order)", "(both 2s needed)": a bracket of words after a key's maths, a note to the marker. */
export const withoutWordNote = (text: string) =>
  text.replace(/\s*\((?=[^()]*[a-z]{3,})(?=[^()]*\s)[a-z0-9 ,'-]+\)\s*\.?\s*$/i, (note, offset: number) =>
    // Only after maths: "ohm (Ω)", "sodium chloride (table salt)" are names.
    /[\d=+\-−×÷/^()²³→]/.test(text.slice(0, offset)) ? '' : note,
  );
