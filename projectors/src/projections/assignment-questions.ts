import { PROJECTIONS, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** One question of an assignment's sheet, as students see it. */
export type AqQuestionRow = {
  tenant: string;
  assignment_id: number;
  question_id: number;
  question_number: number;
  question_content: string;
  marks_possible: number;
};
/** One student's answer to one question, with its grade and feedback once graded. */
export type AqResponseRow = {
  tenant: string;
  assignment_id: number;
  student_id: number;
  question_id: number;
  response_content: string | null;
  grade: number | null;
  graded: boolean;
  feedback: string | null;
  /** The position of the last event that changed the row. */
  position: string;
};

const questionsTable: TableSpec<AqQuestionRow> = {
  table: 'aq_questions',
  key: ['tenant', 'assignment_id', 'question_id'],
  columns: ['tenant', 'assignment_id', 'question_id', 'question_number', 'question_content', 'marks_possible'],
};
const responsesTable: TableSpec<AqResponseRow> = {
  table: 'aq_responses',
  key: ['tenant', 'assignment_id', 'student_id', 'question_id'],
  columns: ['tenant', 'assignment_id', 'student_id', 'question_id', 'response_content', 'grade', 'graded', 'feedback', 'position'],
};

type State = { questions: RowSet<AqQuestionRow>; responses: RowSet<AqResponseRow> };

/** The questions an event names (a reset or a new file/capture names several). */
function questionIdsOf(recorded: RecordedEvent): number[] {
  const d = recorded.data as { questionId?: number; questionIds?: number[]; responses?: { questionId: number }[] };
  if (recorded.type === 'GradingReset') return (d.questionIds ?? []).map(Number);
  if (d.responses) return d.responses.map((r) => Number(r.questionId));
  return d.questionId === undefined ? [] : [Number(d.questionId)];
}

/**
 * One query per table: the questions the events name and every question of a deleted assignment; the
 * (student, question) responses the events name.
 */
async function load(tx: SqlClient, state: State, events: readonly RecordedEvent[]): Promise<void> {
  // Holding both tables whole (a rebuild's build, see `carry`), there is nothing to read: no keys are collected (a
  // build's page is mostly answer saves).
  if (state.questions.holdsWholeTable && state.responses.holdsWholeTable) return;
  const questionKeys: Partial<AqQuestionRow>[] = [];
  const deleted = new Map<string, { tenant: string; assignment_id: number }>();
  const responseKeys: Partial<AqResponseRow>[] = [];
  for (const e of events) {
    const tenant = tenantOf(e);
    const d = e.data as { assignmentId: number; studentId: number; questionId: number };
    const assignment_id = Number(d.assignmentId);
    switch (e.type) {
      case 'QuestionAdded':
      case 'QuestionUpdated':
        questionKeys.push({ tenant, assignment_id, question_id: Number(d.questionId) });
        break;
      case 'AssignmentDeleted':
        deleted.set(JSON.stringify([tenant, assignment_id]), { tenant, assignment_id });
        break;
      case 'AnswerSaved':
      case 'ResponseGraded':
      case 'ResponseMarkEdited':
      case 'RegradeRequestResolved':
      case 'GradingReset':
      case 'SubmissionFileProcessed':
      case 'OnlineResponsesCaptured':
        for (const question_id of questionIdsOf(e))
          responseKeys.push({ tenant, assignment_id, student_id: Number(d.studentId), question_id });
        break;
    }
  }
  if (deleted.size > 0) {
    await state.questions.loadWhere(
      tx,
      `(t.tenant, t.assignment_id, t.question_id) IN (
         SELECT tenant, assignment_id, question_id FROM jsonb_to_recordset($1::jsonb) AS k(tenant text, assignment_id integer, question_id integer)
         UNION ALL
         SELECT x.tenant, x.assignment_id, x.question_id FROM aq_questions x
         JOIN jsonb_to_recordset($2::jsonb) AS k(tenant text, assignment_id integer) ON x.tenant = k.tenant AND x.assignment_id = k.assignment_id)`,
      [JSON.stringify(questionKeys), JSON.stringify([...deleted.values()])],
    );
  } else {
    await state.questions.load(tx, questionKeys);
  }
  await state.responses.load(tx, responseKeys);
}

/** Pure over the batch's state: an assignment's question sheet and each student's responses, grades and feedback. */
export function evolveAssignmentQuestions(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  switch (event.type) {
    case 'QuestionAdded': {
      const d = event.data;
      const key = { tenant, assignment_id: d.assignmentId, question_id: d.questionId };
      if (!state.questions.has(key)) {
        state.questions.put({ ...key, question_number: d.questionNumber, question_content: d.content, marks_possible: d.marksPossible });
      }
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId)] };
    }
    case 'QuestionUpdated': {
      const d = event.data;
      const q = state.questions.get({ tenant, assignment_id: d.assignmentId, question_id: d.questionId });
      if (q) state.questions.put({ ...q, question_content: d.content, marks_possible: d.marksPossible });
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId)] };
    }
    case 'AssignmentDeleted': {
      const id = event.data.assignmentId;
      for (const q of state.questions.filter((q) => q.tenant === tenant && q.assignment_id === id)) state.questions.delete(q);
      return { tenant, keys: [noticeKeys.assignment(id)] };
    }
    case 'AnswerSaved': {
      const d = event.data;
      const key = { tenant, assignment_id: d.assignmentId, student_id: d.studentId, question_id: d.questionId };
      const r = state.responses.get(key);
      // Field by field, not spread: this runs for every answer save.
      state.responses.put({
        tenant,
        assignment_id: d.assignmentId,
        student_id: d.studentId,
        question_id: d.questionId,
        response_content: d.responseContent,
        grade: r ? r.grade : null,
        graded: r ? r.graded : false,
        feedback: r ? r.feedback : null,
        position,
      });
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId), noticeKeys.user(d.studentId)] };
    }
    case 'ResponseGraded':
    case 'ResponseMarkEdited':
    case 'RegradeRequestResolved': {
      // The student sees each mark and its feedback as soon as it is set (grades live on the grading stream); a regrade
      // request changes the mark only when accepted.
      const d = event.data;
      const grade = event.type === 'ResponseGraded' ? event.data.pointsObtained : event.data.points;
      if (grade === null) return null;
      const key = { tenant, assignment_id: d.assignmentId, student_id: d.studentId, question_id: d.questionId };
      const r = state.responses.get(key);
      state.responses.put({
        tenant,
        assignment_id: d.assignmentId,
        student_id: d.studentId,
        question_id: d.questionId,
        response_content: r ? r.response_content : null,
        grade,
        graded: true,
        feedback: d.feedback,
        position,
      });
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId), noticeKeys.user(d.studentId)] };
    }
    case 'GradingReset':
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured': {
      const d = event.data;
      for (const question_id of questionIdsOf(recorded)) {
        const r = state.responses.get({ tenant, assignment_id: d.assignmentId, student_id: d.studentId, question_id });
        if (r) state.responses.put({ ...r, graded: false, position });
      }
      return { tenant, keys: [noticeKeys.assignment(d.assignmentId), noticeKeys.user(d.studentId)] };
    }
    default:
      return null;
  }
}

export const assignmentQuestionsProjection = defineProjection<State>({
  name: PROJECTIONS.assignmentQuestions,
  version: 3,
  tables: ['aq_questions', 'aq_responses'],
  handles: [
    'QuestionAdded',
    'QuestionUpdated',
    'AssignmentDeleted',
    'AnswerSaved',
    'ResponseGraded',
    'ResponseMarkEdited',
    'RegradeRequestResolved',
    'GradingReset',
    'SubmissionFileProcessed',
    'OnlineResponsesCaptured',
  ],
  async migrate(db) {
    await db.query(`CREATE TABLE IF NOT EXISTS aq_questions (
      tenant text NOT NULL, assignment_id integer NOT NULL, question_id integer NOT NULL, question_number integer NOT NULL,
      question_content text NOT NULL, marks_possible numeric NOT NULL, PRIMARY KEY (tenant, assignment_id, question_id))`);
    await db.query(`CREATE TABLE IF NOT EXISTS aq_responses (
      tenant text NOT NULL, assignment_id integer NOT NULL, student_id integer NOT NULL, question_id integer NOT NULL,
      response_content text, grade numeric, graded boolean NOT NULL DEFAULT false, feedback text, position text NOT NULL,
      PRIMARY KEY (tenant, assignment_id, student_id, question_id))`);
  },
  init: () => ({ questions: new RowSet(questionsTable), responses: new RowSet(responsesTable) }),
  load,
  evolve: evolveAssignmentQuestions,
  carry: ['questions', 'responses'],
  carryLive: ['questions', 'responses'],
});
