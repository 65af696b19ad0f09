import {
  applyChange,
  type AuditHistoryEntry,
  type GradeBook,
  type GradeBookCell,
  type GradedResponse,
  type ResponseChange,
} from '@evergrade/contracts';

/** A row of the `audit` read model (one grading event's effect on one response), with names resolved. */
export type AuditLogRow = {
  position: string;
  seq: number;
  recorded_at: Date | string;
  event_type: string;
  assignment_id: number;
  student_id: number;
  response_id: number;
  question_id: number;
  question_number: number;
  actor_kind: string;
  actor_id: number | null;
  actor_name: string | null;
  requested_by: number | null;
  points: number | null;
  previous_points: number | null;
  points_possible: number | null;
  feedback: string | null;
  previous_feedback: string | null;
  flag: string | null;
  confidence: number | null;
  reason: string | null;
  detail: string | null;
  /** The instructor's name behind actor_id, and the name of whoever asked for an automatic grade. */
  actor_person: string | null;
  requested_person: string | null;
};

/** A response as it stood after some prefix of the log. */
export type ResponseAt = {
  responseId: number;
  questionId: number;
  questionNumber: number;
  studentId: number;
  points: number;
  pointsPossible: number | null;
  feedback: string;
  graded: boolean;
  gradedBy: string;
  flag: string;
  flagResolved: boolean;
  version: number;
};

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
export const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

/** The change an audit row replays, as the one grading fold takes it; null for a kind it does not know. */
function changeOfRow(row: AuditLogRow): ResponseChange | null {
  switch (row.event_type) {
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured':
      return {
        kind: 'recorded',
        responseId: row.response_id,
        questionId: row.question_id,
        questionNumber: row.question_number,
        response: '',
      };
    case 'ResponseGraded':
      return {
        kind: 'graded',
        points: num(row.points) ?? 0,
        pointsPossible: num(row.points_possible),
        feedback: row.feedback ?? '',
        gradedBy: row.actor_name ?? '',
        flag: row.flag ?? '',
      };
    case 'ResponseMarkEdited':
      return { kind: 'edited', points: num(row.points) ?? 0, pointsPossible: num(row.points_possible), feedback: row.feedback ?? '' };
    case 'ResponseFlagResolved':
      return { kind: 'flagResolved' };
    case 'GradingReset':
      return { kind: 'reset' };
    case 'RegradeRequested':
      return { kind: 'noted' };
    case 'RegradeRequestResolved':
      // Accepted: a new mark (the row's points differ from the previous ones); otherwise the mark stays.
      return row.detail === 'Regrade request accepted'
        ? { kind: 'edited', points: num(row.points) ?? 0, pointsPossible: num(row.points_possible), feedback: row.feedback ?? '' }
        : { kind: 'noted' };
    default:
      return null;
  }
}

const asResponse = (r: ResponseAt): GradedResponse => ({
  responseId: r.responseId,
  questionId: r.questionId,
  questionNumber: r.questionNumber,
  response: '',
  responseVersion: 0,
  points: r.points,
  pointsPossible: r.pointsPossible,
  feedback: r.feedback,
  originalFeedback: '',
  graded: r.graded,
  gradedBy: r.gradedBy,
  manual: false,
  flaggedForReview: r.flag,
  flagResolved: r.flagResolved,
  version: r.version,
});

/**
 * Pure: a response after one more of its rows: the one grading fold (contracts' `applyChange`, as the grading
 * decider and the read models fold), replayed from what the row kept. A chain that starts mid-way starts blank.
 */
export function step(before: ResponseAt | undefined, row: AuditLogRow): ResponseAt {
  const r: ResponseAt = before ?? {
    responseId: row.response_id,
    questionId: row.question_id,
    questionNumber: row.question_number,
    studentId: row.student_id,
    points: 0,
    pointsPossible: null,
    feedback: '',
    graded: false,
    gradedBy: '',
    flag: '',
    flagResolved: false,
    version: 0,
  };
  const change = changeOfRow(row);
  const after = change ? applyChange(asResponse(r), change) : null;
  // Rows of an edit or a flag may not know the question's number (0): the response keeps the one it had.
  const questionNumber = row.question_number || r.questionNumber;
  if (!after) return { ...r, version: r.version + 1, questionNumber };
  return {
    responseId: r.responseId,
    questionId: r.questionId,
    questionNumber,
    studentId: r.studentId,
    points: after.points,
    pointsPossible: after.pointsPossible,
    feedback: after.feedback,
    graded: after.graded,
    gradedBy: after.gradedBy,
    flag: after.flaggedForReview,
    flagResolved: after.flagResolved,
    version: after.version,
  };
}

const SETS_VALUE = new Set(['ResponseGraded', 'ResponseMarkEdited']);

/** Pure: one history entry from a response's state before a row and the row itself. */
export function historyEntry(before: ResponseAt | undefined, row: AuditLogRow): AuditHistoryEntry {
  const after = step(before, row);
  // A fresh response has no value yet; a reset one keeps its last mark until it is regraded.
  const hadValue = before !== undefined && before.gradedBy !== '';
  // An accepted regrade request sets the mark as an edit does; one rejected or answered leaves it.
  const setsValue = SETS_VALUE.has(row.event_type) || (row.event_type === 'RegradeRequestResolved' && changeOfRow(row)?.kind === 'edited');
  const person = row.actor_person ?? (row.actor_id !== null ? `User ${row.actor_id}` : null);
  const requested = row.requested_person ?? (row.requested_by !== null ? `User ${row.requested_by}` : null);
  const automatic = row.actor_kind === 'ai' || row.actor_kind === 'offline';
  const detail = [row.detail, automatic && requested ? `requested by ${requested}` : null].filter(Boolean).join('; ');
  return {
    version: after.version,
    kind: row.event_type,
    at: iso(row.recorded_at),
    actor_kind: row.actor_kind,
    actor: automatic
      ? (row.actor_name ?? row.actor_kind)
      : row.actor_kind === 'instructor'
        ? (person ?? 'instructor')
        : (row.actor_name ?? 'system'),
    actor_id: automatic ? null : row.actor_id,
    previous_points: setsValue ? (num(row.previous_points) ?? (hadValue ? before.points : null)) : null,
    points: setsValue ? after.points : null,
    previous_feedback: setsValue ? (row.previous_feedback ?? (hadValue ? before.feedback : null)) : null,
    feedback: setsValue ? after.feedback : null,
    flagged_for_review: row.event_type === 'ResponseGraded' || row.event_type === 'ResponseFlagResolved' ? (row.flag ?? '') : null,
    confidence: num(row.confidence),
    reason: row.reason,
    position: row.position,
    graded: after.graded,
    flag_resolved: after.flagResolved,
    detail: detail === '' ? null : detail,
  };
}

/** Pure: every response's chain, folding rows in log order. Keyed by `${position}/${seq}` and by response. */
export function chains(rows: readonly AuditLogRow[]): {
  byRow: Map<string, AuditHistoryEntry>;
  byResponse: Map<number, AuditHistoryEntry[]>;
  state: Map<number, ResponseAt>;
} {
  const state = new Map<number, ResponseAt>();
  const byRow = new Map<string, AuditHistoryEntry>();
  const byResponse = new Map<number, AuditHistoryEntry[]>();
  for (const row of sortLog(rows)) {
    const before = state.get(row.response_id);
    const entry = historyEntry(before, row);
    state.set(row.response_id, step(before, row));
    byRow.set(rowKey(row), entry);
    byResponse.set(row.response_id, [...(byResponse.get(row.response_id) ?? []), entry]);
  }
  return { byRow, byResponse, state };
}

export const rowKey = (r: { position: string; seq: number }) => `${r.position}/${r.seq}`;
const sortLog = (rows: readonly AuditLogRow[]) =>
  [...rows].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : a.seq - b.seq));

type Question = { question_id: number; question_number: number; points_possible: number };

/**
 * Pure: the grade book as of `asOf`: every row recorded at or before it is folded in log order; later rows are
 * ignored. Questions are the assignment's (and any the log names); students are those with a response by then.
 */
export function gradeBookAsOf(input: {
  assignmentId: number;
  title: string;
  asOf: string;
  questions: readonly Question[];
  rows: readonly AuditLogRow[];
  studentName: (id: number) => string;
}): GradeBook {
  const limit = Date.parse(input.asOf);
  const folded = sortLog(input.rows).filter((r) => new Date(r.recorded_at).getTime() <= limit);
  const { state } = chains(folded);
  const questions = new Map(input.questions.map((q) => [q.question_id, { ...q }]));
  for (const r of state.values()) {
    if (!questions.has(r.questionId))
      questions.set(r.questionId, { question_id: r.questionId, question_number: r.questionNumber, points_possible: r.pointsPossible ?? 0 });
  }
  const columns = [...questions.values()].sort((a, b) => a.question_number - b.question_number || a.question_id - b.question_id);
  const byStudent = new Map<number, Map<number, ResponseAt>>();
  for (const r of state.values()) byStudent.set(r.studentId, (byStudent.get(r.studentId) ?? new Map()).set(r.questionId, r));
  const students = [...byStudent.entries()]
    .map(([studentId, responses]) => {
      const cells: GradeBookCell[] = columns.map((q) => {
        const r = responses.get(q.question_id);
        const possible = r?.pointsPossible ?? q.points_possible;
        return r
          ? {
              question_id: q.question_id,
              response_id: r.responseId,
              points: r.points,
              points_possible: possible,
              graded: r.graded,
              graded_by: r.gradedBy,
              flagged_for_review: r.flag,
              flag_resolved: r.flagResolved,
              version: r.version,
            }
          : {
              question_id: q.question_id,
              response_id: null,
              points: null,
              points_possible: possible,
              graded: false,
              graded_by: '',
              flagged_for_review: '',
              flag_resolved: false,
              version: 0,
            };
      });
      const withResponse = cells.filter((c) => c.response_id !== null);
      return {
        student_id: studentId,
        student_name: input.studentName(studentId),
        cells,
        obtained: round(withResponse.reduce((s, c) => s + (c.points ?? 0), 0)),
        possible: round(cells.reduce((s, c) => s + c.points_possible, 0)),
        graded: withResponse.length > 0 && withResponse.every((c) => c.graded),
      };
    })
    .sort((a, b) => a.student_name.localeCompare(b.student_name) || a.student_id - b.student_id);
  const last = folded.at(-1);
  return {
    assignment_id: input.assignmentId,
    assignment_title: input.title,
    as_of: new Date(limit).toISOString(),
    questions: columns,
    students,
    totals: {
      obtained: round(students.reduce((s, x) => s + x.obtained, 0)),
      possible: round(students.reduce((s, x) => s + x.possible, 0)),
      graded_students: students.filter((s) => s.graded).length,
    },
    events: new Set(folded.map((r) => r.position)).size,
    position: last?.position ?? null,
  };
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
