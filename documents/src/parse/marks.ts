/**
 * Marks as documents write them: "[5 marks]", "[5]", "(3 marks)", "(3)" closing a line, "5 marks" closing a
 * line, "Marks: 2", "[Total: 10]". "2 marks for the method" is an allocation (grading), not the question's marks.
 */
export type MarksNote = { value: number; total: boolean; text: string };

const NUM = String.raw`(\d{1,3}(?:\.\d{1,2})?)`;
const UNIT = String.raw`(?:marks?|mks?|pts?|points?)`;
const TOTAL = String.raw`(?:total(?:\s+marks?)?\s*[:=\-]?\s*)`;
const NOT_ALLOCATION = String.raw`(?!\s*(?:for|each|per|if|when|awarded)\b)`;

const INLINE: readonly RegExp[] = [
  new RegExp(String.raw`\[\s*(${TOTAL})?${NUM}\s*${UNIT}?\s*\]`, 'gi'),
  new RegExp(String.raw`\(\s*(${TOTAL})?${NUM}\s*${UNIT}\s*\)${NOT_ALLOCATION}`, 'gi'),
  new RegExp(String.raw`\(\s*(${TOTAL})${NUM}\s*\)`, 'gi'),
  new RegExp(String.raw`(?:^|\s)\(()${NUM}\)\s*$`, 'gi'),
  // Bare "3 points" could be part of a question ("List 3 points"): only marks count without brackets.
  new RegExp(String.raw`(?:^|[\s,;:\-])(${TOTAL})?${NUM}\s*(?:marks?|mks?)\.?\s*$`, 'gi'),
  new RegExp(String.raw`\bmarks?\s*[:=]\s*()${NUM}\s*${UNIT}?\.?\s*$`, 'gi'),
  new RegExp(String.raw`\b(${TOTAL})${NUM}\s*${UNIT}?\.?\s*$`, 'gi'),
];

const WHOLE_LINE = new RegExp(
  String.raw`^[\[(]?\s*(?:(${TOTAL})|(?:marks?|points?|score)\s*[:=\-]\s*|(total\s+marks?\s*))?${NUM}\s*${UNIT}?\.?\s*[\])]?\.?$`,
  'i',
);

/** A line that only states marks ("Marks: 3", "[4]", "Total: 10 marks", "(2)"). */
export function marksLine(line: string): MarksNote | null {
  const m = WHOLE_LINE.exec(line.trim());
  if (!m) return null;
  const hasUnitOrLabel = /mark|point|pts|score|total|[[(]/i.test(line);
  if (!hasUnitOrLabel) return null;
  return { value: Number(m[3]), total: Boolean(m[1] || m[2]), text: line.trim() };
}

/** Every marks note inside a line, in order, and the line with them removed. */
export function marksIn(line: string): { notes: MarksNote[]; rest: string } {
  const found: { index: number; end: number; note: MarksNote }[] = [];
  for (const pattern of INLINE) {
    pattern.lastIndex = 0;
    for (const m of line.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && end > f.index)) continue;
      found.push({ index: start, end, note: { value: Number(m[2]), total: Boolean(m[1]?.trim()), text: m[0].trim() } });
    }
  }
  found.sort((a, b) => a.index - b.index);
  let rest = line;
  for (const f of [...found].reverse()) rest = `${rest.slice(0, f.index)} ${rest.slice(f.end)}`;
  rest = rest
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([.,;:?!])/g, '$1')
    .replace(/[\s\-,;:]+$/, (s) => (s.includes(':') ? ':' : ''))
    .trim();
  return { notes: found.map((f) => f.note), rest };
}

/**
 * The marks of a question from the notes found in it: a total wins; one note is the marks; a first note
 * equal to the sum of the others is a total followed by its parts; otherwise the parts add up.
 */
export function marksFromNotes(notes: readonly MarksNote[]): number | null {
  if (notes.length === 0) return null;
  const total = notes.find((n) => n.total);
  if (total) return total.value;
  const [first, ...others] = notes;
  if (others.length === 0) return first!.value;
  const sum = (xs: readonly MarksNote[]) => Math.round(xs.reduce((s, n) => s + n.value, 0) * 100) / 100;
  if (Math.abs(first!.value - sum(others)) < 1e-9) return first!.value;
  return sum(notes);
}

/** True when the line ends with a marks note ("Find x. [2]"): in a scheme without labels the answer follows. */
export function endsWithMarks(line: string): boolean {
  const { notes } = marksIn(line);
  const last = notes.at(-1);
  return last !== undefined && line.replace(/[\s.]+$/, '').endsWith(last.text.replace(/[\s.]+$/, ''));
}
