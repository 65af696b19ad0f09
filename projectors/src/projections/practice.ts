import {
  PRACTICE_LIMITS,
  PRACTICE_PROJECTION,
  isRichTextEmpty,
  noticeKeys,
  practiceNoticeKey,
  type DomainEvent,
  type PracticeSheet,
} from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** The answer keys stay in the row (shown once submitted); the query side serves the sheet without them before. */
type QuestionRow = PracticeSheet['questions'][number] & { key: string };
export type PracticeRow = Omit<PracticeSheet, 'questions'> & { student_id: number; questions: QuestionRow[] };

const PRACTICE_EVENTS = new Set([
  'PracticeAssignmentCreated',
  'PracticeAnswerSaved',
  'PracticeAnswersReset',
  'PracticeAnswersChecked',
  'PracticeAssignmentSubmitted',
]);

const answeredCount = (questions: QuestionRow[]) => questions.filter((q) => !isRichTextEmpty(q.response_content)).length;
const withAnswers = (row: PracticeRow, questions: QuestionRow[]): PracticeRow => ({
  ...row,
  questions,
  answered_count: answeredCount(questions),
});

/** Pure: one practice assignment's row after an event. */
export function evolvePractice(row: PracticeRow | null, event: DomainEvent): PracticeRow | null {
  if (event.type === 'PracticeAssignmentCreated') {
    const d = event.data;
    return {
      practice_assignment_id: d.practiceId,
      student_id: d.studentId,
      title: d.title,
      description: d.description,
      course: d.course || PRACTICE_LIMITS.listCourseDefault,
      course_code: d.courseCode ?? null,
      created_at: d.createdAt,
      assigned: d.createdAt,
      due: d.createdAt,
      status: 'Available',
      question_count: d.questions.length,
      answered_count: 0,
      marks_total: d.questions.reduce((s, q) => s + q.marksPossible, 0),
      marks_obtained: null,
      creation_method: d.creationMethod,
      submitted_at: null,
      checked_at: null,
      questions: d.questions.map((q) => ({
        question_id: q.questionId,
        question_number: q.questionNumber,
        question_content: q.question,
        type: q.type,
        marks_possible: q.marksPossible,
        options: q.options ?? null,
        response_content: null,
        feedback: null,
        points_obtained: null,
        confident: null,
        answer: null,
        key: q.answer,
      })),
    };
  }
  if (!row) return null;
  const cleared = { feedback: null, points_obtained: null, confident: null };
  switch (event.type) {
    case 'PracticeAnswerSaved':
      return withAnswers(
        row,
        row.questions.map((q) =>
          q.question_id === event.data.questionId ? { ...q, ...cleared, response_content: event.data.responseContent } : q,
        ),
      );
    case 'PracticeAnswersReset':
      return {
        ...withAnswers(
          row,
          row.questions.map((q) => ({ ...q, ...cleared, response_content: null })),
        ),
        marks_obtained: null,
        checked_at: null,
      };
    case 'PracticeAnswersChecked': {
      const byId = new Map(event.data.results.map((r) => [r.questionId, r]));
      return {
        ...row,
        marks_obtained: event.data.pointsObtained,
        checked_at: event.data.checkedAt,
        questions: row.questions.map((q) => {
          const r = byId.get(q.question_id);
          return r ? { ...q, feedback: r.feedback, points_obtained: r.pointsObtained, confident: r.confident } : q;
        }),
      };
    }
    case 'PracticeAssignmentSubmitted':
      return {
        ...row,
        status: 'Submitted',
        submitted_at: event.data.submittedAt,
        questions: row.questions.map((q) => ({ ...q, answer: q.key })),
      };
    default:
      return row;
  }
}

/** practice_assignments: one practice assignment, its whole sheet in `doc`; `position` is the last event that changed it. */
export type PracticeAssignmentsRow = {
  tenant: string;
  practice_id: number;
  student_id: number;
  created_at: string;
  doc: PracticeRow;
  position: string;
};

const practiceTable: TableSpec<PracticeAssignmentsRow> = {
  table: 'practice_assignments',
  key: ['tenant', 'practice_id'],
  columns: ['tenant', 'practice_id', 'student_id', 'created_at', 'doc', 'position'],
};

export type PracticeState = { practice: RowSet<PracticeAssignmentsRow> };

const practiceIdOf = (recorded: RecordedEvent) => Number((recorded.data as { practiceId: number }).practiceId);

/** Pure over the batch's state: one event folded into its practice assignment's row. */
export function evolvePracticeBatch(state: PracticeState, recorded: RecordedEvent): Touched | null {
  if (!PRACTICE_EVENTS.has(recorded.type)) return null;
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const practiceId = practiceIdOf(recorded);
  const row = state.practice.get({ tenant, practice_id: practiceId });
  // Rows keep the position they reflect: a redelivered event changes nothing.
  if (row && row.position >= recorded.globalPosition) return null;
  const next = evolvePractice(row?.doc ?? null, event);
  if (!next) return null;
  state.practice.put({
    tenant,
    practice_id: practiceId,
    student_id: next.student_id,
    created_at: next.created_at,
    doc: next,
    position: recorded.globalPosition,
  });
  return { tenant, keys: [noticeKeys.user(next.student_id), practiceNoticeKey(practiceId)] };
}

export const practiceProjection = defineProjection<PracticeState>({
  name: PRACTICE_PROJECTION,
  version: 1,
  tables: ['practice_assignments'],
  handles: [...PRACTICE_EVENTS],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS practice_assignments (
      tenant text NOT NULL, practice_id integer NOT NULL, student_id integer NOT NULL, created_at timestamptz NOT NULL,
      doc jsonb NOT NULL, position text NOT NULL, PRIMARY KEY (tenant, practice_id))`);
    await db.query('CREATE INDEX IF NOT EXISTS practice_assignments_student ON practice_assignments (tenant, student_id, created_at)');
  },
  init: () => ({ practice: new RowSet(practiceTable) }),
  async load(tx, state, events) {
    await state.practice.load(
      tx,
      events.filter((e) => PRACTICE_EVENTS.has(e.type)).map((e) => ({ tenant: tenantOf(e), practice_id: practiceIdOf(e) })),
    );
  },
  evolve: evolvePracticeBatch,
});
