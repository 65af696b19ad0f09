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

/**
 * A stored mark as the fold's response state: only points and graded are kept, the rest is neutral. One object,
 * refilled for each change: `applyChange` is pure and keeps nothing of its input (a replay folds one per grading event).
 */
const scratch: GradedResponse = {
  responseId: 0,
  questionId: 0,
  questionNumber: 0,
  response: '',
  responseVersion: 0,
  points: 0,
  pointsPossible: null,
  feedback: '',
  originalFeedback: '',
  graded: false,
  gradedBy: '',
  manual: false,
  flaggedForReview: '',
  flagResolved: false,
  version: 0,
};
const marksOf = (r: GradeRow): GradedResponse => {
  scratch.questionId = r.question_id;
  scratch.points = Number(r.points);
  scratch.graded = r.graded;
  return scratch;
};

export type StudentGradeTotals = { assignmentId: number; studentId: number; gradedQuestions: number; obtained: number };

/**
 * A projection's own copy of each student's per-question marks, kept batch by batch: `load` reads the rows of every
 * (assignment, student) the batch's grading events name in one query, `apply` folds one event in memory and returns
 * that student's totals, and the row set is flushed with the projection's others.
 */
/** One student's marks on one assignment, by question id (in the order the questions were first seen). */
type StudentMarks = Map<number, GradeRow>;

export class GradeTotals {
  readonly rows: RowSet<GradeRow>;
  /**
   * tenant → assignment → student → question → the row in `rows`: what totals and an assignment's marks read, without
   * building a row set key per question. Every row of `rows` is here; emptied when `rows` lets its rows go.
   */
  private readonly marks = new Map<string, Map<number, Map<number, StudentMarks>>>();
  /** `rows.generation` when `marks` was last in step with it. */
  private generation = 0;

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

  /** The rows of `rows` were let go (a carried set over its limit): so are those indexed here. */
  private sync(): void {
    if (this.generation === this.rows.generation) return;
    this.marks.clear();
    this.generation = this.rows.generation;
  }

  async load(tx: SqlClient, events: readonly RecordedEvent[]): Promise<void> {
    this.sync();
    // Holding the whole table (carried by a rebuild's build), every row is in memory and indexed by `apply`.
    if (this.rows.holdsWholeTable) return;
    const students = events
      .filter((e) => TYPES.has(e.type))
      .map((e) => ({ tenant: tenantOf(e), assignment_id: Number(e.data.assignmentId), student_id: Number(e.data.studentId) }));
    for (const r of await this.rows.loadIn(tx, ['tenant', 'assignment_id', 'student_id'], students)) this.index(r);
  }

  private studentsOf(tenant: string, assignmentId: number): Map<number, StudentMarks> | undefined {
    return this.marks.get(tenant)?.get(assignmentId);
  }

  private index(r: GradeRow): void {
    let assignments = this.marks.get(r.tenant);
    if (!assignments) this.marks.set(r.tenant, (assignments = new Map()));
    let students = assignments.get(r.assignment_id);
    if (!students) assignments.set(r.assignment_id, (students = new Map()));
    let questions = students.get(r.student_id);
    if (!questions) students.set(r.student_id, (questions = new Map()));
    questions.set(r.question_id, r);
  }

  /** Every stored mark of these assignments (all their students), in one query; none when the set holds the whole table. */
  async loadAssignments(tx: SqlClient, assignments: readonly { tenant: string; assignment_id: number }[]): Promise<void> {
    this.sync();
    if (this.rows.holdsWholeTable) return;
    for (const r of await this.rows.loadIn(tx, ['tenant', 'assignment_id'], assignments)) this.index(r);
  }

  /** The marks in memory of one assignment: after `loadAssignments`, all of them. */
  rowsOfAssignment(tenant: string, assignmentId: number): GradeRow[] {
    const out: GradeRow[] = [];
    for (const questions of this.studentsOf(tenant, assignmentId)?.values() ?? []) for (const r of questions.values()) out.push(r);
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
    const assignmentId = Number(event.data.assignmentId);
    const studentId = Number(event.data.studentId);
    let questions = this.studentsOf(tenant, assignmentId)?.get(studentId);
    for (const { questionId, change } of changesOf(event)) {
      const old = questions?.get(questionId);
      const next = applyChange(old ? marksOf(old) : undefined, change);
      if (!next || (old && Number(old.points) === next.points && old.graded === next.graded)) continue;
      const row: GradeRow = {
        tenant,
        assignment_id: assignmentId,
        student_id: studentId,
        question_id: questionId,
        points: next.points,
        graded: next.graded,
      };
      this.rows.put(row);
      if (questions) questions.set(questionId, row);
      else {
        this.index(row);
        questions = this.studentsOf(tenant, assignmentId)!.get(studentId)!;
      }
    }
    if (!totals) return { assignmentId, studentId, gradedQuestions: Number.NaN, obtained: Number.NaN };
    let gradedQuestions = 0;
    let obtained = 0;
    for (const r of questions?.values() ?? []) {
      if (r.graded) gradedQuestions++;
      obtained += Number(r.points);
    }
    return { assignmentId, studentId, gradedQuestions, obtained };
  }
}
