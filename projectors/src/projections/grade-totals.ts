import { applyChange, asGradingEvent, changesOf, GRADING_EVENT_TYPES, type GradedResponse } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

const TYPES = new Set<string>(GRADING_EVENT_TYPES);

/** A per-(student, question) grades table for another projection's own use (projections never read each other's tables). */
export const gradesTableSql = (table: string) => `CREATE TABLE IF NOT EXISTS ${table} (
  tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, question_id integer NOT NULL,
  points numeric NOT NULL, graded boolean NOT NULL, PRIMARY KEY (tenant, assignment_id, student_id, question_id))`;

export type GradeRow = { tenant: string; assignment_id: number; student_id: number; question_id: number; points: number; graded: boolean };

/** A stored mark as the fold's response state: only points and graded are kept, the rest is neutral. */
const marksOf = (r: GradeRow): GradedResponse => ({
  responseId: 0,
  questionId: r.question_id,
  questionNumber: 0,
  response: '',
  responseVersion: 0,
  points: Number(r.points),
  pointsPossible: null,
  feedback: '',
  originalFeedback: '',
  graded: r.graded,
  gradedBy: '',
  manual: false,
  flaggedForReview: '',
  flagResolved: false,
  version: 0,
});

export type StudentGradeTotals = { assignmentId: number; studentId: number; gradedQuestions: number; obtained: number };

/**
 * A projection's own copy of each student's per-question marks, kept batch by batch: `load` reads the rows of every
 * (assignment, student) the batch's grading events name in one query, `apply` folds one event in memory and returns
 * that student's totals, and the row set is flushed with the projection's others.
 */
export class GradeTotals {
  readonly rows: RowSet<GradeRow>;
  /** (tenant, assignment, student) → question ids present, so totals never scan the whole set. */
  private readonly byStudent = new Map<string, Set<number>>();
  /** (tenant, assignment) → student ids present. */
  private readonly byAssignment = new Map<string, Set<number>>();

  constructor(table: string) {
    const spec: TableSpec<GradeRow> = {
      table,
      key: ['tenant', 'assignment_id', 'student_id', 'question_id'],
      columns: ['tenant', 'assignment_id', 'student_id', 'question_id', 'points', 'graded'],
    };
    this.rows = new RowSet(spec);
  }

  static isGradingEvent(recorded: RecordedEvent): boolean {
    return TYPES.has(recorded.type);
  }

  async load(tx: SqlClient, events: readonly RecordedEvent[]): Promise<void> {
    // Holding the whole table (carried by a rebuild's build), every row is in memory and indexed by `apply`.
    if (this.rows.holdsWholeTable) return;
    const students = events
      .filter((e) => TYPES.has(e.type))
      .map((e) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId), student_id: Number(e.data.studentId) }));
    for (const r of await this.rows.loadIn(tx, ['tenant', 'assignment_id', 'student_id'], students)) this.index(r);
  }

  private studentKey(tenant: string, assignmentId: number, studentId: number) {
    return `${tenant}\u0000${assignmentId}\u0000${studentId}`;
  }

  private index(r: GradeRow) {
    const k = this.studentKey(r.tenant, r.assignment_id, r.student_id);
    let set = this.byStudent.get(k);
    if (!set) {
      this.byStudent.set(k, (set = new Set<number>()));
      const a = `${r.tenant}\u0000${r.assignment_id}`;
      let students = this.byAssignment.get(a);
      if (!students) this.byAssignment.set(a, (students = new Set<number>()));
      students.add(r.student_id);
    }
    set.add(r.question_id);
  }

  /** Every stored mark of these assignments (all their students), in one query; none when the set holds the whole table. */
  async loadAssignments(tx: SqlClient, assignments: readonly { tenant: string; assignment_id: number }[]): Promise<void> {
    if (this.rows.holdsWholeTable) return;
    for (const r of await this.rows.loadIn(tx, ['tenant', 'assignment_id'], assignments)) this.index(r);
  }

  /** The marks in memory of one assignment: after `loadAssignments`, all of them. */
  rowsOfAssignment(tenant: string, assignmentId: number): GradeRow[] {
    const out: GradeRow[] = [];
    for (const studentId of this.byAssignment.get(`${tenant}\u0000${assignmentId}`) ?? []) {
      for (const questionId of this.byStudent.get(this.studentKey(tenant, assignmentId, studentId)) ?? []) {
        const r = this.rows.get({ tenant, assignment_id: assignmentId, student_id: studentId, question_id: questionId });
        if (r) out.push(r);
      }
    }
    return out;
  }

  /**
   * Folds one event with the one grading fold (contracts' `applyChange`) over the stored marks; null when it is not a
   * grading event. An event naming a response never recorded changes nothing, as on the grading stream. Setting values is
   * idempotent, so a redelivery is harmless. With `totals` false the student's totals are not added up (NaN).
   */
  apply(recorded: RecordedEvent, totals = true): StudentGradeTotals | null {
    const event = asGradingEvent(recorded);
    if (!event) return null;
    const tenant = tenantOf(recorded);
    const { assignmentId, studentId } = event.data;
    for (const { questionId, change } of changesOf(event)) {
      const key = { tenant, assignment_id: assignmentId, student_id: studentId, question_id: questionId };
      const old = this.rows.get(key);
      const next = applyChange(old ? marksOf(old) : undefined, change);
      if (!next || (old && Number(old.points) === next.points && old.graded === next.graded)) continue;
      const row: GradeRow = { ...key, points: next.points, graded: next.graded };
      this.rows.put(row);
      this.index(row);
    }
    if (!totals) return { assignmentId, studentId, gradedQuestions: Number.NaN, obtained: Number.NaN };
    let gradedQuestions = 0;
    let obtained = 0;
    for (const questionId of this.byStudent.get(this.studentKey(tenant, assignmentId, studentId)) ?? []) {
      const r = this.rows.get({ tenant, assignment_id: assignmentId, student_id: studentId, question_id: questionId });
      if (!r) continue;
      if (r.graded) gradedQuestions++;
      obtained += Number(r.points);
    }
    return { assignmentId, studentId, gradedQuestions, obtained };
  }
}
