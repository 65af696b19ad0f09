import { AssignmentGradeEntrySchema, type ItemAnalysis } from '@evergrade/contracts';
import type { CourseGradesAssignment, GradedItemScores, KnownVersions } from '@evergrade/projectors/queries';
import { itemAnalysis } from './assignment-stats';

/**
 * What a course's insights replies keep per assignment, under the assignment's insights version (which moves with
 * any change to it, its questions or its students' submissions and marks). A mark changed in one assignment makes
 * only that assignment read and computed again: 300 students × 40 assignments is about 3 MB of grades, and reading,
 * checking and serialising all of it for every change costs more than a reply may take.
 */
type Held<P> = { parts: ReadonlyMap<number, P & { version: string }> };

class PerAssignment<P> {
  private readonly courses = new Map<string, Held<P>>();
  constructor(private readonly maxCourses: number) {}

  /** The versions held for a course, and the parts they name (a snapshot: later requests may replace the course's). */
  snapshot(course: string): { known: KnownVersions; parts: ReadonlyMap<number, P & { version: string }> } {
    const parts = this.courses.get(course)?.parts ?? new Map<number, P & { version: string }>();
    return { known: new Map([...parts].map(([id, p]) => [id, p.version])), parts };
  }

  keep(course: string, parts: ReadonlyMap<number, P & { version: string }>): void {
    this.courses.delete(course);
    this.courses.set(course, { parts });
    if (this.courses.size > this.maxCourses) this.courses.delete(this.courses.keys().next().value!);
  }
}

/** One assignment's entries in the course grades: each student's entry as JSON text, and the text for a student without one. */
type GradesPart = { byStudent: ReadonlyMap<number, string>; absent: string };

function gradesPart(a: CourseGradesAssignment & { students: NonNullable<CourseGradesAssignment['students']> }): GradesPart {
  const total_possible = a.total_possible;
  const text = (entry: unknown) => JSON.stringify(AssignmentGradeEntrySchema.parse(entry));
  const byStudent = new Map<number, string>();
  for (const s of a.students) {
    byStudent.set(
      s.student_id,
      s.graded
        ? text({ submitted: s.submitted, graded: true, total_score: s.total_score, total_possible, rubrics: s.rubrics })
        : text({ submitted: s.submitted, graded: false, total_score: 0, total_possible, rubrics: {} }),
    );
  }
  return { byStudent, absent: text({ submitted: false, graded: false, total_score: 0, total_possible, rubrics: {} }) };
}

/**
 * The course grades' reply (document 3's student grade records, as `courseGradeRecords` builds them) as JSON text,
 * assembled from per-assignment parts; each entry is checked against the contract's schema when its part is made.
 */
export class CourseGradesCache {
  private readonly held: PerAssignment<GradesPart>;
  /** The last whole reply per course and what it was made from. */
  private readonly replies = new Map<string, { key: string; body: string }>();

  constructor(private readonly maxCourses: number) {
    this.held = new PerAssignment(maxCourses);
  }

  snapshot(course: string) {
    return this.held.snapshot(course);
  }

  /**
   * The reply for these students (in order) and assignments (as `courseGradeEntries` read them given `snapshot.known`:
   * an assignment with `students: null` is the snapshot's part).
   */
  body(
    course: string,
    snapshot: ReturnType<CourseGradesCache['snapshot']>,
    students: readonly { student_id: number; name: string }[],
    assignments: readonly CourseGradesAssignment[],
  ): string {
    const parts = new Map<number, GradesPart & { version: string }>();
    for (const a of assignments) {
      const kept = a.students === null ? snapshot.parts.get(a.assignment_id) : undefined;
      if (a.students === null && kept?.version !== a.version) throw new Error(`course grades: no part for assignment ${a.assignment_id}`);
      parts.set(a.assignment_id, kept ?? { version: a.version, ...gradesPart({ ...a, students: a.students ?? [] }) });
    }
    this.held.keep(course, parts);
    const key = `${assignments.map((a) => `${a.assignment_id}:${a.version}`).join(',')}|${students.map((s) => `${s.student_id}:${s.name}`).join('\u0000')}`;
    const last = this.replies.get(course);
    if (last?.key === key) return last.body;
    const order = assignments.map((a) => [`"${a.assignment_id}":`, parts.get(a.assignment_id)!] as const);
    const records = students.map((s) => {
      const grades = order.map(([name, part]) => name + (part.byStudent.get(s.student_id) ?? part.absent)).join(',');
      return `{"student_id":${JSON.stringify(s.student_id)},"name":${JSON.stringify(s.name)},"grades_by_assignment":{${grades}}}`;
    });
    const body = `[${records.join(',')}]`;
    this.replies.delete(course);
    this.replies.set(course, { key, body });
    if (this.replies.size > this.maxCourses) this.replies.delete(this.replies.keys().next().value!);
    return body;
  }
}

export type CourseItemAnalysisEntry = {
  assignment_id: number;
  title: string;
  due_date: string;
  graded: number;
  item_analysis_unreliable: boolean;
  questions: ItemAnalysis[];
};

/** The course item analysis, per assignment computed once per version. */
export class CourseItemAnalysisCache {
  private readonly held: PerAssignment<{ graded: number; questions: ItemAnalysis[] }>;

  constructor(
    maxCourses: number,
    private readonly minStudents: number,
  ) {
    this.held = new PerAssignment(maxCourses);
  }

  snapshot(course: string) {
    return this.held.snapshot(course);
  }

  reply(
    course: string,
    snapshot: ReturnType<CourseItemAnalysisCache['snapshot']>,
    assignments: readonly GradedItemScores[],
  ): CourseItemAnalysisEntry[] {
    const parts = new Map<number, { version: string; graded: number; questions: ItemAnalysis[] }>();
    const out = assignments.map((a) => {
      const kept = a.graded === null ? snapshot.parts.get(a.assignment_id) : undefined;
      if (a.graded === null && kept?.version !== a.version) throw new Error(`item analysis: no part for assignment ${a.assignment_id}`);
      const part = kept ?? { version: a.version, graded: a.graded!.length, questions: itemAnalysis(a.questions, a.graded!) };
      parts.set(a.assignment_id, part);
      return {
        assignment_id: a.assignment_id,
        title: a.title,
        due_date: a.due,
        graded: part.graded,
        item_analysis_unreliable: part.graded < this.minStudents,
        questions: part.questions,
      };
    });
    this.held.keep(course, parts);
    return out;
  }
}
