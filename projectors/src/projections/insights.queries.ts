import { rubricScores, type RubricScore } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { GradeRow } from './grade-totals';

/**
 * The insights read model's rows and queries (see insights.ts). Rows arrive through `to_jsonb`: numbers as numbers,
 * `timestamptz` as ISO strings (`…+00:00`).
 */

/**
 * in_assignments: an assignment's course, title, due date, whether it is published or deleted, and `version`: the
 * global position of the last event that changed it, its questions or its students' scores.
 */
export type InAssignmentRow = {
  tenant: string;
  assignment_id: number;
  course_id: number;
  title: string;
  due: string;
  published: boolean;
  deleted: boolean;
  version: string;
};

/** in_questions: one question's number, marks possible and tags. */
export type InQuestionRow = {
  tenant: string;
  assignment_id: number;
  question_id: number;
  question_number: number;
  marks_possible: number;
  tags: string[];
};

/**
 * in_students: a student who submitted (online or an uploaded file) or has a recorded response; `marks` maps
 * question id to the points of a graded response, null for a response not graded; `graded`, `total_score` and
 * `rubric_scores` as `studentScores` computes them from the marks and the current questions (the rubric scores as an
 * array in the order of `rubricScores`' categories for the sheet: the categories and their possible marks are the same
 * for every student of an assignment, so only the scores are stored).
 */
export type InStudentRow = {
  tenant: string;
  assignment_id: number;
  student_id: number;
  submitted: boolean;
  marks: Record<string, number | null>;
  graded: boolean;
  total_score: number;
  rubric_scores: number[];
};

/** in_grades: the projection's own per-(student, question) marks (GradeTotals). */
export type InGradeRow = GradeRow;

export type ScoreQuestion = { question_id: number; question_number: number; marks_possible: number; tags: string[] };

export type StudentScores = {
  student_id: number;
  /** Submitted online or by an uploaded file. */
  submitted: boolean;
  /** The assignment has at least one question and every one is graded for this student. */
  graded: boolean;
  /** Sum of the graded questions' points (the whole mark when `graded`). */
  total_score: number;
  /** Total marks of the assignment. */
  total_possible: number;
  /** Question id → points when graded, null when not (or no response). Every question of the sheet has a key. */
  points: Record<number, number | null>;
  /** Rubric category → score and possible (contracts' rubricScores: a question without tags counts toward General). */
  rubrics: Record<string, RubricScore>;
};

export type AssignmentScores = {
  assignment_id: number;
  course_id: number;
  title: string;
  /** ISO, as `toISOString` gives it. */
  due: string;
  published: boolean;
  /** In question-number order. */
  questions: ScoreQuestion[];
  /** By student id: every student who submitted or has a recorded response. */
  students: StudentScores[];
};

/** Decimal sums as `numeric` computes them, not as binary floats add (0.1 + 0.2 ≠ 0.3). */
const SCALE = 1e9;
const sum = (values: Iterable<number>): number => {
  let s = 0;
  for (const v of values) s += Math.round(v * SCALE);
  return s / SCALE;
};

/** One student's scores on a sheet, from their stored marks. Pure. */
export function studentScores(
  questions: readonly ScoreQuestion[],
  row: Pick<InStudentRow, 'student_id' | 'submitted' | 'marks'>,
): StudentScores {
  const points: Record<number, number | null> = {};
  const byId = new Map<number, number | null>();
  let graded = questions.length > 0;
  for (const q of questions) {
    const raw = row.marks[String(q.question_id)];
    const p = raw === undefined || raw === null ? null : Number(raw);
    points[q.question_id] = p;
    byId.set(q.question_id, p);
    if (p === null) graded = false;
  }
  return {
    student_id: Number(row.student_id),
    submitted: row.submitted,
    graded,
    total_score: sum([...byId.values()].map((p) => p ?? 0)),
    total_possible: sum(questions.map((q) => q.marks_possible)),
    points,
    rubrics: rubricScores(questions, byId),
  };
}

type Stored = { a: InAssignmentRow; q: InQuestionRow[]; s: Pick<InStudentRow, 'student_id' | 'submitted' | 'marks'>[] };

function scoresOf({ a, q, s }: Stored): AssignmentScores {
  const questions = q.map((x) => ({
    question_id: Number(x.question_id),
    question_number: Number(x.question_number),
    marks_possible: Number(x.marks_possible),
    tags: [...(x.tags ?? [])],
  }));
  return {
    assignment_id: Number(a.assignment_id),
    course_id: Number(a.course_id),
    title: a.title,
    due: new Date(a.due).toISOString(),
    published: a.published,
    questions,
    students: s.map((row) => studentScores(questions, row)),
  };
}

/** An assignment with its questions and students, aggregated in one row (alias `a` is the assignment); json, not jsonb: cheaper to build. */
const STORED = `json_build_object(
  'a', to_json(a.*),
  'q', COALESCE((SELECT json_agg(to_json(q.*) ORDER BY q.question_number, q.question_id) FROM in_questions q
                 WHERE q.tenant = a.tenant AND q.assignment_id = a.assignment_id), '[]'::json),
  's', COALESCE((SELECT json_agg(json_build_object('student_id', s.student_id, 'submitted', s.submitted, 'marks', s.marks)
                 ORDER BY s.student_id) FROM in_students s
                 WHERE s.tenant = a.tenant AND s.assignment_id = a.assignment_id), '[]'::json))`;

/**
 * An assignment's questions and every student's points, graded state, totals and rubric scores (one query); null when
 * the assignment is unknown or deleted. Access is the caller's to check.
 */
export async function assignmentScores(db: SqlClient, tenant: string, assignmentId: number): Promise<AssignmentScores | null> {
  const { rows } = await db.query<{ r: Stored }>(
    `SELECT ${STORED} AS r FROM in_assignments a WHERE a.tenant = $1 AND a.assignment_id = $2 AND NOT a.deleted`,
    [tenant, assignmentId],
  );
  return rows[0] ? scoresOf(rows[0].r) : null;
}

/** Every published (not deleted) assignment of a course with its scores, by due date then id (one query). */
export async function courseAssignmentScores(db: SqlClient, tenant: string, courseId: number): Promise<AssignmentScores[]> {
  const { rows } = await db.query<{ r: Stored }>(
    `SELECT ${STORED} AS r FROM in_assignments a
     WHERE a.tenant = $1 AND a.course_id = $2 AND a.published AND NOT a.deleted ORDER BY a.due, a.assignment_id`,
    [tenant, courseId],
  );
  return rows.map((x) => scoresOf(x.r));
}

/** Every published (not deleted) assignment of a course by due date, with its questions by number (one query). */
function courseSheets(db: SqlClient, tenant: string, courseId: number) {
  return db.query<{ r: { a: InAssignmentRow; q: InQuestionRow[] } }>(
    `SELECT json_build_object('a', to_json(a.*),
       'q', COALESCE((SELECT json_agg(to_json(q.*) ORDER BY q.question_number, q.question_id) FROM in_questions q
                      WHERE q.tenant = a.tenant AND q.assignment_id = a.assignment_id), '[]'::json)) AS r
     FROM in_assignments a
     WHERE a.tenant = $1 AND a.course_id = $2 AND a.published AND NOT a.deleted ORDER BY a.due, a.assignment_id`,
    [tenant, courseId],
  );
}

/** One student's entry of an assignment in the course grades. */
export type CourseGradeEntry = {
  student_id: number;
  submitted: boolean;
  graded: boolean;
  total_score: number;
  rubrics: Record<string, RubricScore>;
};

/** A published assignment of a course with its total marks and every student's stored scores (no per-question marks). */
export type CourseGradesAssignment = {
  assignment_id: number;
  /** The assignment's insights version (see courseInsightsVersion). */
  version: string;
  title: string;
  due: string;
  total_possible: number;
  /** null when the caller already knows this version (`known`): its students were not read. */
  students: CourseGradeEntry[] | null;
};

/** Assignment id → the version of it a caller already holds: those assignments' students are not read again. */
export type KnownVersions = ReadonlyMap<number, string>;

/**
 * What the course grades need (every published, not deleted assignment of the course by due date, its total marks,
 * each student's submitted and graded state, total and rubric scores as stored): two queries, the students' rows as
 * one compact JSON array.
 */
export async function courseGradeEntries(
  db: SqlClient,
  tenant: string,
  courseId: number,
  known: KnownVersions = new Map(),
): Promise<CourseGradesAssignment[]> {
  const sheets = await courseSheets(db, tenant, courseId);
  if (sheets.rows.length === 0) return [];
  const changed = sheets.rows.filter(({ r }) => known.get(Number(r.a.assignment_id)) !== r.a.version);
  const rows = changed.length
    ? await db.query<{ r: [number, number, boolean, boolean, number, number[]][] | null }>(
        `SELECT json_agg(json_build_array(s.assignment_id, s.student_id, s.submitted, s.graded, s.total_score, s.rubric_scores)) AS r
         FROM in_students s WHERE s.tenant = $1 AND s.assignment_id = ANY($2::int[])`,
        [tenant, changed.map(({ r }) => Number(r.a.assignment_id))],
      )
    : { rows: [] };
  const out = new Map<number, CourseGradesAssignment & { categories: [string, number][] }>();
  for (const { r } of sheets.rows) {
    const questions = r.q.map((x) => ({ question_id: x.question_id, marks_possible: Number(x.marks_possible), tags: x.tags }));
    out.set(Number(r.a.assignment_id), {
      assignment_id: Number(r.a.assignment_id),
      version: r.a.version,
      title: r.a.title,
      due: new Date(r.a.due).toISOString(),
      total_possible: sum(questions.map((q) => q.marks_possible)),
      students: known.get(Number(r.a.assignment_id)) === r.a.version ? null : [],
      // The categories in rubricScores' order, with their possible marks: the stored scores follow that order.
      categories: Object.entries(rubricScores(questions, new Map())).map(([c, x]) => [c, x.possible]),
    });
  }
  for (const [assignmentId, studentId, submitted, graded, total, scores] of rows.rows[0]?.r ?? []) {
    const a = out.get(Number(assignmentId));
    if (!a) continue;
    const rubrics: Record<string, RubricScore> = {};
    a.categories.forEach(([c, possible], i) => (rubrics[c] = { score: Number(scores[i] ?? 0), possible }));
    a.students?.push({ student_id: Number(studentId), submitted, graded, total_score: Number(total), rubrics });
  }
  return [...out.values()].map(({ categories: _, ...a }) => a);
}

/** A published assignment's questions and its fully graded students' points and totals: what item analysis reads. */
export type GradedItemScores = {
  assignment_id: number;
  /** The assignment's insights version (see courseInsightsVersion). */
  version: string;
  title: string;
  due: string;
  questions: ScoreQuestion[];
  /** Fully graded students only; `points` keyed by question id. null when the caller already knows this version (`known`). */
  graded: { student_id: number; total_score: number; points: Record<number, number | null> }[] | null;
};

/**
 * Every published (not deleted) assignment of a course by due date, with its questions and its fully graded students'
 * stored points and totals (two queries; the students as one compact json array).
 */
export async function courseGradedItemScores(
  db: SqlClient,
  tenant: string,
  courseId: number,
  known: KnownVersions = new Map(),
): Promise<GradedItemScores[]> {
  const sheets = await courseSheets(db, tenant, courseId);
  if (sheets.rows.length === 0) return [];
  const changed = sheets.rows.filter(({ r }) => known.get(Number(r.a.assignment_id)) !== r.a.version);
  const rows = changed.length
    ? await db.query<{ r: [number, number, number, Record<string, number | null>][] | null }>(
        `SELECT json_agg(json_build_array(s.assignment_id, s.student_id, s.total_score, s.marks) ORDER BY s.assignment_id, s.student_id) AS r
         FROM in_students s WHERE s.tenant = $1 AND s.assignment_id = ANY($2::int[]) AND s.graded`,
        [tenant, changed.map(({ r }) => Number(r.a.assignment_id))],
      )
    : { rows: [] };
  const out = new Map<number, GradedItemScores>();
  for (const { r } of sheets.rows) {
    out.set(Number(r.a.assignment_id), {
      assignment_id: Number(r.a.assignment_id),
      version: r.a.version,
      title: r.a.title,
      due: new Date(r.a.due).toISOString(),
      questions: r.q.map((x) => ({
        question_id: Number(x.question_id),
        question_number: Number(x.question_number),
        marks_possible: Number(x.marks_possible),
        tags: [...(x.tags ?? [])],
      })),
      graded: known.get(Number(r.a.assignment_id)) === r.a.version ? null : [],
    });
  }
  for (const [assignmentId, studentId, total, marks] of rows.rows[0]?.r ?? []) {
    out.get(Number(assignmentId))?.graded?.push({ student_id: Number(studentId), total_score: Number(total), points: marks });
  }
  return [...out.values()];
}

/**
 * A course's insights version: each of its assignments' id and version. It changes whenever anything the course's
 * grades or item analysis read changes (an assignment, its questions, a student's submission or marks), so a reply
 * computed from the read model can be kept under it.
 */
export async function courseInsightsVersion(db: SqlClient, tenant: string, courseId: number): Promise<string> {
  const { rows } = await db.query<{ v: string | null }>(
    `SELECT string_agg(a.assignment_id::text || ':' || a.version, ',' ORDER BY a.assignment_id) AS v FROM in_assignments a
     WHERE a.tenant = $1 AND a.course_id = $2`,
    [tenant, courseId],
  );
  return rows[0]?.v ?? '';
}
