import { PROJECTIONS, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';

/** An assignment's question sheet and each student's responses, grades and feedback on it. */
async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  switch (event.type) {
    case 'QuestionAdded': {
      const d = event.data;
      await tx.query(
        `INSERT INTO aq_questions (tenant, assignment_id, question_id, question_number, question_content, marks_possible)
         VALUES ($1,$2,$3,$4,$5,$6) ON CONFLICT DO NOTHING`,
        [tenant, d.assignmentId, d.questionId, d.questionNumber, d.content, d.marksPossible]);
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId)] };
    }
    case 'QuestionUpdated': {
      const d = event.data;
      await tx.query('UPDATE aq_questions SET question_content = $4, marks_possible = $5 WHERE tenant = $1 AND assignment_id = $2 AND question_id = $3',
        [tenant, d.assignmentId, d.questionId, d.content, d.marksPossible]);
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId)] };
    }
    case 'AssignmentDeleted': {
      const d = event.data;
      await tx.query('DELETE FROM aq_questions WHERE tenant = $1 AND assignment_id = $2', [tenant, d.assignmentId]);
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId)] };
    }
    case 'AnswerSaved': {
      const d = event.data;
      await tx.query(
        `INSERT INTO aq_responses (tenant, assignment_id, student_id, question_id, response_content, position)
         VALUES ($1,$2,$3,$4,$5,$6)
         ON CONFLICT (tenant, assignment_id, student_id, question_id)
         DO UPDATE SET response_content = EXCLUDED.response_content, position = EXCLUDED.position`,
        [tenant, d.assignmentId, d.studentId, d.questionId, d.responseContent, recorded.globalPosition]);
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId), noticeKeys.user(d.studentId)] };
    }
    case 'ResponseGraded':
    case 'ResponseMarkEdited': {
      // The student sees each mark and its feedback as soon as it is set (grades live on the grading stream).
      const d = event.data;
      const points = event.type === 'ResponseGraded' ? event.data.pointsObtained : event.data.points;
      await tx.query(
        `INSERT INTO aq_responses (tenant, assignment_id, student_id, question_id, response_content, grade, graded, feedback, position)
         VALUES ($1,$2,$3,$4,NULL,$5,true,$6,$7)
         ON CONFLICT (tenant, assignment_id, student_id, question_id)
         DO UPDATE SET grade = EXCLUDED.grade, graded = true, feedback = EXCLUDED.feedback, position = EXCLUDED.position`,
        [tenant, d.assignmentId, d.studentId, d.questionId, points, d.feedback, recorded.globalPosition]);
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId), noticeKeys.user(d.studentId)] };
    }
    case 'GradingReset':
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured': {
      const d = event.data;
      const ids = event.type === 'GradingReset' ? event.data.questionIds : event.data.responses.map((r) => r.questionId);
      await tx.query(
        'UPDATE aq_responses SET graded = false, position = $5 WHERE tenant = $1 AND assignment_id = $2 AND student_id = $3 AND question_id = ANY($4::int[])',
        [tenant, d.assignmentId, d.studentId, ids, recorded.globalPosition]);
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId), noticeKeys.user(d.studentId)] };
    }
    default:
      return null;
  }
}

export const assignmentQuestionsProjection: Projection = perEventProjection({
  name: PROJECTIONS.assignmentQuestions,
  version: 3,
  tables: ['aq_questions', 'aq_responses'],
  async migrate(db) {
    await db.query(`CREATE TABLE IF NOT EXISTS aq_questions (
      tenant text NOT NULL, assignment_id integer NOT NULL, question_id integer NOT NULL, question_number integer NOT NULL,
      question_content text NOT NULL, marks_possible numeric NOT NULL, PRIMARY KEY (tenant, assignment_id, question_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS aq_responses (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, question_id integer NOT NULL,
      response_content text, grade numeric, graded boolean NOT NULL DEFAULT false, feedback text, position text NOT NULL,
      PRIMARY KEY (tenant, assignment_id, student_id, question_id))`);
  },
  apply,
});
