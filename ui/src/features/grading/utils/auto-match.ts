/**
 * Matching uploaded file names to course students (spec document 2 section 5). The rules run in the
 * spec's order and the first rule that names exactly one student wins:
 * exact student id; exact full name; a unique first-name match (ambiguous ones skipped); all name parts
 * longer than 2 characters contained in the name; first/last initial patterns (last_f, f_last, last.f,
 * f.last); fuzzy overlap score above 75%. Names are normalised to lowercase with non-alphanumerics as spaces.
 */

export type MatchableStudent = {
  student_id: number;
  name: string;
  first_name?: string | null;
  last_name?: string | null;
};

export type MatchRule = 'id' | 'fullName' | 'firstName' | 'nameParts' | 'initials' | 'fuzzy';

export type Match<S extends MatchableStudent> = { student: S; rule: MatchRule };

/** Spec section 9: the fuzzy score must be above this. */
export const FUZZY_THRESHOLD = 0.75;
/** Name parts this short or shorter are ignored by the name-parts rule ("longer than 2 characters"). */
const SHORT_PART = 2;

/** Lowercase, every run of non-alphanumerics one space, trimmed. */
export const normaliseName = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The file name without its .pdf extension. */
export const stripPdf = (fileName: string) => fileName.replace(/\.pdf$/i, '');

/** Spec section 3: a submission is keyed by its file name without .pdf, the first space replaced by an underscore. */
export const submissionKey = (fileName: string) => stripPdf(fileName).replace(' ', '_');

const tokens = (s: string) => normaliseName(s).split(' ').filter(Boolean);

function namesOf(s: MatchableStudent) {
  const parts = tokens(s.name);
  const first = normaliseName(s.first_name ?? '') || parts[0] || '';
  const last = normaliseName(s.last_name ?? '') || (parts.length > 1 ? parts[parts.length - 1]! : '');
  return { full: normaliseName(s.name), parts, first, last };
}

/** Character bigrams of a string without spaces, as a multiset. */
function bigrams(s: string): Map<string, number> {
  const compact = s.replace(/ /g, '');
  const grams = new Map<string, number>();
  for (let i = 0; i < compact.length - 1; i++) {
    const g = compact.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/**
 * The overlap of two names, 0..1: the Sørensen-Dice coefficient of their character bigrams (spaces
 * ignored), so word order, separators and a typo or two cost little.
 */
export function overlapScore(a: string, b: string): number {
  const x = bigrams(normaliseName(a));
  const y = bigrams(normaliseName(b));
  let sizeX = 0;
  let sizeY = 0;
  let shared = 0;
  for (const n of x.values()) sizeX += n;
  for (const n of y.values()) sizeY += n;
  if (sizeX + sizeY === 0) return 0;
  for (const [g, n] of x) shared += Math.min(n, y.get(g) ?? 0);
  return (2 * shared) / (sizeX + sizeY);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Does the lowercased file name contain `pattern` standing alone (not inside a longer word)? */
const hasPattern = (raw: string, pattern: string) => new RegExp(`(^|[^a-z0-9])${escapeRe(pattern)}($|[^a-z0-9])`).test(raw);

const only = <T>(list: T[]): T | null => (list.length === 1 ? list[0]! : null);

/**
 * The student a file name stands for, and the rule that found them; null when no rule names exactly
 * one student. `fileName` may carry its .pdf extension.
 */
export function matchStudent<S extends MatchableStudent>(fileName: string, students: readonly S[]): Match<S> | null {
  const base = stripPdf(fileName);
  const name = normaliseName(base);
  if (!name || students.length === 0) return null;
  const words = new Set(name.split(' '));
  const raw = base.toLowerCase().trim();
  const people = students.map((student) => ({ student, ...namesOf(student) }));
  const found = (rule: MatchRule, list: typeof people): Match<S> | null => {
    const one = only(list);
    return one ? { student: one.student, rule } : null;
  };

  const byId = found(
    'id',
    people.filter((p) => String(p.student.student_id) === name),
  );
  if (byId) return byId;

  const byFull = found(
    'fullName',
    people.filter((p) => p.full !== '' && p.full === name),
  );
  if (byFull) return byFull;

  const byFirst = found(
    'firstName',
    people.filter((p) => p.first !== '' && words.has(p.first)),
  );
  if (byFirst) return byFirst;

  const byParts = found(
    'nameParts',
    people.filter((p) => {
      const long = p.parts.filter((part) => part.length > SHORT_PART);
      return long.length > 0 && long.every((part) => name.includes(part));
    }),
  );
  if (byParts) return byParts;

  const byInitials = found(
    'initials',
    people.filter((p) => {
      if (!p.first || !p.last || p.first === p.last) return false;
      const f = p.first[0]!;
      return [`${p.last}_${f}`, `${f}_${p.last}`, `${p.last}.${f}`, `${f}.${p.last}`].some((pattern) => hasPattern(raw, pattern));
    }),
  );
  if (byInitials) return byInitials;

  let best: { p: (typeof people)[number]; score: number } | null = null;
  let tie = false;
  for (const p of people) {
    const score = overlapScore(name, p.full);
    if (score <= FUZZY_THRESHOLD) continue;
    if (!best || score > best.score) {
      best = { p, score };
      tie = false;
    } else if (score === best.score) tie = true;
  }
  return best && !tie ? { student: best.p.student, rule: 'fuzzy' } : null;
}

/**
 * Auto-match a batch of files, in order, each to a student not already taken (one student per
 * submission): `taken` holds the ids assigned before; a student matched to one file is then taken.
 */
export function autoMatchAll<S extends MatchableStudent>(
  fileNames: readonly string[],
  students: readonly S[],
  taken: Iterable<number> = [],
): Map<string, Match<S>> {
  const used = new Set(taken);
  const result = new Map<string, Match<S>>();
  for (const fileName of fileNames) {
    const match = matchStudent(
      fileName,
      students.filter((s) => !used.has(s.student_id)),
    );
    if (!match) continue;
    used.add(match.student.student_id);
    result.set(fileName, match);
  }
  return result;
}
