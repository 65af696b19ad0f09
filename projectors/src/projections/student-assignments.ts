import { PROJECTIONS, noticeKeys, type DomainEvent, type StudentAssignment } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';
import { gradesTableSql, trackGrades, type StudentGradeTotals } from './grading';

/** The student's assignment list: one row per (student, published assignment of an enrolled course). */
type AssignmentRow = {
  assignment_id: number; course_id: number; title: string; assigned: string; due: string;
  time_limit: number | null; published: boolean; marks_total: number; question_count: number;
};
type CourseRow = { course_id: number; course_code: string; course_name: string; student_ids: number[] };

/** Pure: the list row for one student, keeping the status the student's own events gave it. */
export function listRow(a: AssignmentRow, c: CourseRow, previous: StudentAssignment | null): StudentAssignment {
  return {
    assignment_id: a.assignment_id, title: a.title, course: c.course_name, course_code: c.course_code,
    assigned: a.assigned, due: a.due, due_date: a.due, status: previous?.status ?? 'Incomplete',
    marks_total: Number(a.marks_total), marks_obtained: previous?.marks_obtained ?? null,
    time_limit: a.time_limit, timed: a.time_limit !== null, question_count: a.question_count,
  };
}

/** Pure: what a student's own event does to their row. */
export function withStudentEvent(row: StudentAssignment, event: DomainEvent): StudentAssignment {
  switch (event.type) {
    case 'AnswerSaved':
      return row.status === 'Incomplete' ? { ...row, status: 'In Progress' } : row;
    case 'AssignmentSubmitted':
      return row.status === 'Graded' ? row : { ...row, status: 'Submitted' };
    default:
      return row;
  }
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

async function loadAssignment(tx: SqlClient, tenant: string, id: number): Promise<AssignmentRow | null> {
  const { rows } = await tx.query<AssignmentRow>('SELECT * FROM sa_assignments WHERE tenant = $1 AND assignment_id = $2', [tenant, id]);
  const r = rows[0];
  return r ? { ...r, assigned: iso(r.assigned), due: iso(r.due), marks_total: Number(r.marks_total) } : null;
}

async function loadCourse(tx: SqlClient, tenant: string, id: number): Promise<CourseRow | null> {
  const { rows } = await tx.query<CourseRow>('SELECT * FROM sa_courses WHERE tenant = $1 AND course_id = $2', [tenant, id]);
  return rows[0] ?? null;
}

async function upsertRows(tx: SqlClient, tenant: string, a: AssignmentRow, c: CourseRow, studentIds: number[], position: string) {
  for (const studentId of studentIds) {
    const { rows } = await tx.query<{ doc: StudentAssignment }>(
      'SELECT doc FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND assignment_id = $3', [tenant, studentId, a.assignment_id]);
    const doc = listRow(a, c, rows[0]?.doc ?? null);
    await tx.query(
      `INSERT INTO student_assignments (tenant, student_id, assignment_id, course_id, doc, position) VALUES ($1,$2,$3,$4,$5,$6)
       ON CONFLICT (tenant, student_id, assignment_id) DO UPDATE SET doc = EXCLUDED.doc, position = EXCLUDED.position`,
      [tenant, studentId, a.assignment_id, c.course_id, JSON.stringify(doc), position]);
  }
}

/** Pure: a submission is graded when it has questions and all are graded; then the row is Graded with its marks. */
export function withGrades(row: StudentAssignment, questionCount: number, totals: StudentGradeTotals): StudentAssignment {
  if (questionCount > 0 && totals.gradedQuestions >= questionCount) return { ...row, status: 'Graded', marks_obtained: totals.obtained };
  return row.status === 'Graded' ? { ...row, status: 'Submitted', marks_obtained: null } : row;
}

async function applyGrades(tx: SqlClient, tenant: string, totals: StudentGradeTotals, pos: string): Promise<Touched | null> {
  const { assignmentId, studentId } = totals;
  const { rows } = await tx.query<{ doc: StudentAssignment }>(
    'SELECT doc FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND assignment_id = $3', [tenant, studentId, assignmentId]);
  const a = await loadAssignment(tx, tenant, assignmentId);
  if (!rows[0] || !a) return null;
  const next = withGrades(rows[0].doc, a.question_count, totals);
  await tx.query('UPDATE student_assignments SET doc = $4, position = $5 WHERE tenant = $1 AND student_id = $2 AND assignment_id = $3',
    [tenant, studentId, assignmentId, JSON.stringify(next), pos]);
  return { tenant, keys: [noticeKeys.user(studentId), noticeKeys.assignment(assignmentId)] };
}

async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const pos = recorded.globalPosition;
  // Grades live on the grading streams (see grading.ts); this list only needs each student's totals.
  const grades = await trackGrades(tx, 'sa_grades', tenant, recorded);
  if (grades) return applyGrades(tx, tenant, grades, pos);
  switch (event.type) {
    case 'CourseCreated': {
      const d = event.data;
      await tx.query(
        `INSERT INTO sa_courses (tenant, course_id, course_code, course_name, subject, student_ids) VALUES ($1,$2,$3,$4,$5,'{}')
         ON CONFLICT DO NOTHING`, [tenant, d.courseId, d.courseCode, d.courseName, d.subject]);
      return null;
    }
    case 'StudentEnrolled': {
      const { courseId, studentId } = event.data;
      await tx.query('UPDATE sa_courses SET student_ids = array_append(student_ids, $3) WHERE tenant = $1 AND course_id = $2 AND NOT ($3 = ANY(student_ids))',
        [tenant, courseId, studentId]);
      const course = await loadCourse(tx, tenant, courseId);
      const { rows } = await tx.query<{ assignment_id: number }>(
        'SELECT assignment_id FROM sa_assignments WHERE tenant = $1 AND course_id = $2 AND published', [tenant, courseId]);
      for (const { assignment_id } of rows) {
        const a = await loadAssignment(tx, tenant, assignment_id);
        if (a && course) await upsertRows(tx, tenant, a, course, [studentId], pos);
      }
      return { tenant, keys: [noticeKeys.user(studentId)] };
    }
    case 'StudentUnenrolled': {
      const { courseId, studentId } = event.data;
      await tx.query('UPDATE sa_courses SET student_ids = array_remove(student_ids, $3) WHERE tenant = $1 AND course_id = $2', [tenant, courseId, studentId]);
      await tx.query('DELETE FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND course_id = $3', [tenant, studentId, courseId]);
      return { tenant, keys: [noticeKeys.user(studentId)] };
    }
    case 'AssignmentCreated': {
      const d = event.data;
      await tx.query(
        `INSERT INTO sa_assignments (tenant, assignment_id, course_id, title, assigned, due, time_limit, published, marks_total, question_count)
         VALUES ($1,$2,$3,$4,$5,$6,$7,false,0,0) ON CONFLICT DO NOTHING`,
        [tenant, d.assignmentId, d.courseId, d.title, d.assigned, d.due, d.timeLimitSeconds]);
      return null;
    }
    case 'QuestionAdded':
    case 'AssignmentPublished': {
      const id = event.data.assignmentId;
      if (event.type === 'QuestionAdded') {
        await tx.query(
          'INSERT INTO sa_question_marks (tenant, assignment_id, question_id, marks) VALUES ($1,$2,$3,$4) ON CONFLICT DO NOTHING',
          [tenant, id, event.data.questionId, event.data.marksPossible]);
        await tx.query('UPDATE sa_assignments SET marks_total = marks_total + $3, question_count = question_count + 1 WHERE tenant = $1 AND assignment_id = $2',
          [tenant, id, event.data.marksPossible]);
      } else {
        await tx.query('UPDATE sa_assignments SET published = true WHERE tenant = $1 AND assignment_id = $2', [tenant, id]);
      }
      const a = await loadAssignment(tx, tenant, id);
      const course = a && (await loadCourse(tx, tenant, a.course_id));
      if (!a || !course || !a.published) return null;
      await upsertRows(tx, tenant, a, course, course.student_ids, pos);
      return { tenant, keys: [noticeKeys.course(a.course_id), noticeKeys.assignment(id)] };
    }
    case 'AssignmentRenamed':
    case 'QuestionUpdated': {
      const id = event.data.assignmentId;
      if (event.type === 'AssignmentRenamed') {
        await tx.query('UPDATE sa_assignments SET title = $3 WHERE tenant = $1 AND assignment_id = $2', [tenant, id, event.data.title]);
      } else {
        const d = event.data;
        await tx.query(
          `INSERT INTO sa_question_marks (tenant, assignment_id, question_id, marks) VALUES ($1,$2,$3,$4)
           ON CONFLICT (tenant, assignment_id, question_id) DO UPDATE SET marks = EXCLUDED.marks`, [tenant, id, d.questionId, d.marksPossible]);
        await tx.query(
          `UPDATE sa_assignments SET marks_total = (SELECT coalesce(sum(marks), 0) FROM sa_question_marks WHERE tenant = $1 AND assignment_id = $2)
           WHERE tenant = $1 AND assignment_id = $2`, [tenant, id]);
      }
      const a = await loadAssignment(tx, tenant, id);
      const course = a && (await loadCourse(tx, tenant, a.course_id));
      if (!a || !course || !a.published) return null;
      await upsertRows(tx, tenant, a, course, course.student_ids, pos);
      return { tenant, keys: [noticeKeys.course(a.course_id), noticeKeys.assignment(id)] };
    }
    case 'AssignmentDeleted': {
      const id = event.data.assignmentId;
      const a = await loadAssignment(tx, tenant, id);
      await tx.query('UPDATE sa_assignments SET published = false WHERE tenant = $1 AND assignment_id = $2', [tenant, id]);
      const { rows } = await tx.query<{ student_id: number }>(
        'DELETE FROM student_assignments WHERE tenant = $1 AND assignment_id = $2 RETURNING student_id', [tenant, id]);
      return { tenant, keys: [noticeKeys.assignment(id), ...(a ? [noticeKeys.course(a.course_id)] : []), ...rows.map((r) => noticeKeys.user(r.student_id))] };
    }
    case 'AnswerSaved':
    case 'AssignmentSubmitted': {
      const { assignmentId, studentId } = event.data;
      const { rows } = await tx.query<{ doc: StudentAssignment }>(
        'SELECT doc FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND assignment_id = $3', [tenant, studentId, assignmentId]);
      const row = rows[0]?.doc;
      if (!row) return null;
      const next = withStudentEvent(row, event);
      if (next === row) return null;
      await tx.query('UPDATE student_assignments SET doc = $4, position = $5 WHERE tenant = $1 AND student_id = $2 AND assignment_id = $3',
        [tenant, studentId, assignmentId, JSON.stringify(next), pos]);
      return { tenant, keys: [noticeKeys.user(studentId), noticeKeys.assignment(assignmentId)] };
    }
    default:
      return null;
  }
}

export const studentAssignmentsProjection: Projection = perEventProjection({
  name: PROJECTIONS.studentAssignments,
  version: 4,
  tables: ['sa_courses', 'sa_assignments', 'student_assignments', 'sa_question_marks', 'sa_grades'],
  async migrate(db) {
    await db.query(gradesTableSql('sa_grades'));
    await db.query(`CREATE TABLE IF NOT EXISTS sa_courses (
      tenant text NOT NULL, course_id integer NOT NULL, course_code text NOT NULL, course_name text NOT NULL,
      subject text NOT NULL, student_ids integer[] NOT NULL DEFAULT '{}', PRIMARY KEY (tenant, course_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS sa_assignments (
      tenant text NOT NULL, assignment_id integer NOT NULL, course_id integer NOT NULL, title text NOT NULL,
      assigned timestamptz NOT NULL, due timestamptz NOT NULL, time_limit integer, published boolean NOT NULL,
      marks_total numeric NOT NULL, question_count integer NOT NULL, PRIMARY KEY (tenant, assignment_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS student_assignments (
      tenant text NOT NULL, student_id integer NOT NULL, assignment_id integer NOT NULL, course_id integer NOT NULL,
      doc jsonb NOT NULL, position text NOT NULL, PRIMARY KEY (tenant, student_id, assignment_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS sa_question_marks (
      tenant text NOT NULL, assignment_id integer NOT NULL, question_id integer NOT NULL, marks numeric NOT NULL,
      PRIMARY KEY (tenant, assignment_id, question_id))`);
  },
  apply,
});
