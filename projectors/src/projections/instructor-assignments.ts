import { PROJECTIONS, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';
import { gradesTableSql, trackGrades, type StudentGradeTotals } from './grading';

/**
 * The instructor's side of assignments: the list of `/instructor/assignments` (one row per assignment, with its
 * course and who teaches it) and each assignment's question sheet with answers, grading instructions, tags and flags.
 * A deleted assignment keeps its row, marked deleted, so its history can still be read; lists leave it out.
 */
async function refreshTotals(tx: SqlClient, tenant: string, assignmentId: number): Promise<void> {
  await tx.query(
    `UPDATE ia_assignments a SET question_count = q.n, marks_total = q.total
     FROM (SELECT count(*)::int AS n, coalesce(sum(marks_possible), 0) AS total FROM ia_questions
           WHERE tenant = $1 AND assignment_id = $2) q
     WHERE a.tenant = $1 AND a.assignment_id = $2`, [tenant, assignmentId]);
}

async function courseOf(tx: SqlClient, tenant: string, assignmentId: number): Promise<number | null> {
  const { rows } = await tx.query<{ course_id: number }>('SELECT course_id FROM ia_assignments WHERE tenant = $1 AND assignment_id = $2', [tenant, assignmentId]);
  return rows[0]?.course_id ?? null;
}

async function touchedAssignment(tx: SqlClient, tenant: string, assignmentId: number): Promise<Touched> {
  const courseId = await courseOf(tx, tenant, assignmentId);
  return { tenant, keys: [noticeKeys.assignment(assignmentId), ...(courseId === null ? [] : [noticeKeys.course(courseId)])] };
}

/**
 * A grading event: an uploaded file counts as a submission; the average is the mean of the marks of the submissions
 * that are graded (every question graded), null until one is.
 */
async function applyGrades(tx: SqlClient, tenant: string, totals: StudentGradeTotals, type: string): Promise<Touched> {
  const { assignmentId, studentId } = totals;
  if (type === 'SubmissionFileProcessed') {
    const inserted = await tx.query(
      'INSERT INTO ia_submitted (tenant, assignment_id, student_id) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING', [tenant, assignmentId, studentId]);
    if (inserted.rowCount) await tx.query('UPDATE ia_assignments SET submissions = submissions + 1 WHERE tenant = $1 AND assignment_id = $2', [tenant, assignmentId]);
  }
  await tx.query(
    `UPDATE ia_assignments a SET average = (
       SELECT avg(t.obtained) FROM (
         SELECT sum(g.points) AS obtained, count(*) FILTER (WHERE g.graded) AS graded FROM ia_grades g
         WHERE g.tenant = $1 AND g.assignment_id = $2 GROUP BY g.student_id) t
       WHERE a.question_count > 0 AND t.graded >= a.question_count)
     WHERE a.tenant = $1 AND a.assignment_id = $2`, [tenant, assignmentId]);
  return touchedAssignment(tx, tenant, assignmentId);
}

async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const grades = await trackGrades(tx, 'ia_grades', tenant, recorded);
  if (grades) return applyGrades(tx, tenant, grades, recorded.type);
  switch (event.type) {
    case 'CourseCreated': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ia_courses (tenant, course_id, course_code, course_name, subject, instructor_ids) VALUES ($1,$2,$3,$4,$5,$6)
         ON CONFLICT DO NOTHING`, [tenant, d.courseId, d.courseCode, d.courseName, d.subject, d.instructorIds]);
      return null;
    }
    case 'InstructorAssigned': {
      const { courseId, instructorId } = event.data;
      await tx.query(`UPDATE ia_courses SET instructor_ids = array_append(instructor_ids, $3)
        WHERE tenant = $1 AND course_id = $2 AND NOT ($3 = ANY(instructor_ids))`, [tenant, courseId, instructorId]);
      return { tenant, keys: [noticeKeys.user(instructorId)] };
    }
    case 'InstructorUnassigned': {
      const { courseId, instructorId } = event.data;
      await tx.query('UPDATE ia_courses SET instructor_ids = array_remove(instructor_ids, $3) WHERE tenant = $1 AND course_id = $2', [tenant, courseId, instructorId]);
      return { tenant, keys: [noticeKeys.user(instructorId)] };
    }
    case 'AssignmentCreated': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ia_assignments (tenant, assignment_id, course_id, title, description, due, created_at, live_at, time_limit,
           submissions_allowed, creation_method, created_by)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) ON CONFLICT DO NOTHING`,
        [tenant, d.assignmentId, d.courseId, d.title, d.description ?? '', d.due, d.createdAt, d.assigned, d.timeLimitSeconds,
          d.submissionsAllowed ?? true, d.creationMethod ?? 'scratch', d.createdBy]);
      return { tenant, keys: [noticeKeys.course(d.courseId)] };
    }
    case 'QuestionAdded': {
      const d = event.data;
      await tx.query(
        `INSERT INTO ia_questions (tenant, assignment_id, question_id, question_number, content, answer, grading_instructions,
           marks_possible, tags, flagged_for_review)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT DO NOTHING`,
        [tenant, d.assignmentId, d.questionId, d.questionNumber, d.content, d.answer ?? '', d.gradingInstructions ?? '',
          d.marksPossible, JSON.stringify(d.tags ?? []), d.flaggedForReview ?? '']);
      await refreshTotals(tx, tenant, d.assignmentId);
      return touchedAssignment(tx, tenant, d.assignmentId);
    }
    case 'QuestionUpdated': {
      const d = event.data;
      await tx.query(
        `UPDATE ia_questions SET content = $4, answer = $5, grading_instructions = $6, marks_possible = $7, tags = $8
         WHERE tenant = $1 AND assignment_id = $2 AND question_id = $3`,
        [tenant, d.assignmentId, d.questionId, d.content, d.answer, d.gradingInstructions, d.marksPossible, JSON.stringify(d.tags)]);
      await refreshTotals(tx, tenant, d.assignmentId);
      return touchedAssignment(tx, tenant, d.assignmentId);
    }
    case 'QuestionFlagged': {
      const d = event.data;
      await tx.query('UPDATE ia_questions SET flagged_for_review = $4 WHERE tenant = $1 AND assignment_id = $2 AND question_id = $3',
        [tenant, d.assignmentId, d.questionId, d.reason]);
      return touchedAssignment(tx, tenant, d.assignmentId);
    }
    case 'QuestionFlagResolved': {
      const d = event.data;
      await tx.query(`UPDATE ia_questions SET flagged_for_review = '' WHERE tenant = $1 AND assignment_id = $2 AND question_id = $3`,
        [tenant, d.assignmentId, d.questionId]);
      return touchedAssignment(tx, tenant, d.assignmentId);
    }
    case 'AssignmentRenamed': {
      const d = event.data;
      await tx.query('UPDATE ia_assignments SET title = $3 WHERE tenant = $1 AND assignment_id = $2', [tenant, d.assignmentId, d.title]);
      return touchedAssignment(tx, tenant, d.assignmentId);
    }
    case 'AssignmentDeleted': {
      const d = event.data;
      await tx.query('UPDATE ia_assignments SET deleted = true WHERE tenant = $1 AND assignment_id = $2', [tenant, d.assignmentId]);
      return touchedAssignment(tx, tenant, d.assignmentId);
    }
    case 'AssignmentSubmitted': {
      const d = event.data;
      const inserted = await tx.query(
        'INSERT INTO ia_submitted (tenant, assignment_id, student_id) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING', [tenant, d.assignmentId, d.studentId]);
      if (inserted.rowCount === 0) return null;
      await tx.query('UPDATE ia_assignments SET submissions = submissions + 1 WHERE tenant = $1 AND assignment_id = $2', [tenant, d.assignmentId]);
      return touchedAssignment(tx, tenant, d.assignmentId);
    }
    default:
      return null;
  }
}

export const instructorAssignmentsProjection: Projection = perEventProjection({
  name: PROJECTIONS.instructorAssignments,
  version: 2,
  tables: ['ia_courses', 'ia_assignments', 'ia_questions', 'ia_submitted', 'ia_grades'],
  async migrate(db) {
    await db.query(gradesTableSql('ia_grades'));
    await db.query(`CREATE TABLE IF NOT EXISTS ia_courses (
      tenant text NOT NULL, course_id integer NOT NULL, course_code text NOT NULL, course_name text NOT NULL, subject text NOT NULL,
      instructor_ids integer[] NOT NULL, PRIMARY KEY (tenant, course_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS ia_assignments (
      tenant text NOT NULL, assignment_id integer NOT NULL, course_id integer NOT NULL, title text NOT NULL, description text NOT NULL,
      due timestamptz NOT NULL, created_at timestamptz NOT NULL, live_at timestamptz NOT NULL, time_limit integer,
      submissions_allowed boolean NOT NULL, creation_method text NOT NULL, created_by integer NOT NULL,
      question_count integer NOT NULL DEFAULT 0, marks_total numeric NOT NULL DEFAULT 0, submissions integer NOT NULL DEFAULT 0,
      average numeric, deleted boolean NOT NULL DEFAULT false, PRIMARY KEY (tenant, assignment_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS ia_questions (
      tenant text NOT NULL, assignment_id integer NOT NULL, question_id integer NOT NULL, question_number integer NOT NULL,
      content text NOT NULL, answer text NOT NULL, grading_instructions text NOT NULL, marks_possible numeric NOT NULL,
      tags jsonb NOT NULL, flagged_for_review text NOT NULL, PRIMARY KEY (tenant, assignment_id, question_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS ia_questions_by_id ON ia_questions (tenant, question_id)');
    await db.query(`CREATE TABLE IF NOT EXISTS ia_submitted (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, PRIMARY KEY (tenant, assignment_id, student_id))`);
  },
  apply,
});
