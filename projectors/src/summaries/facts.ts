import { richTextToPlainText } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import { gradedResponsesOf } from '../projections/grading.queries';
import { assignmentScores, courseAssignmentScores, type AssignmentScores, type StudentScores } from '../projections/insights.queries';
import type { ClassFacts, EarlierResult, FactsQuestion, GradedWork, StudentFacts } from './offline';

/**
 * What the summaries are written from, read through the read models' queries: marks, totals and rubric scores from
 * `insights`, feedback from `grading`, earlier results of the course from `insights` again.
 */
export type AssignmentFacts = {
  scores: AssignmentScores;
  questions: FactsQuestion[];
  /** Fully graded students' work, by student id. */
  graded: Map<number, GradedWork>;
  /** The student's earlier graded results in the course (read on demand, once per assignment pass). */
  earlierOf(studentId: number): Promise<EarlierResult[]>;
};

const workOf = (s: StudentScores, feedback: Record<number, string> | undefined): GradedWork => ({
  total: s.total_score,
  possible: s.total_possible,
  points: s.points,
  feedback: feedback ?? {},
  rubrics: s.rubrics,
});

/** Null when the assignment is unknown or deleted. */
export async function readAssignmentFacts(db: SqlClient, tenant: string, assignmentId: number): Promise<AssignmentFacts | null> {
  const scores = await assignmentScores(db, tenant, assignmentId);
  if (!scores) return null;
  const feedback = new Map<number, Record<number, string>>();
  for (const r of await gradedResponsesOf(db, tenant, assignmentId)) {
    if (!r.graded) continue;
    const text = richTextToPlainText(r.feedback ?? '').trim();
    if (!text) continue;
    const byQuestion = feedback.get(Number(r.student_id)) ?? {};
    byQuestion[Number(r.question_id)] = text;
    feedback.set(Number(r.student_id), byQuestion);
  }
  const graded = new Map(scores.students.filter((s) => s.graded).map((s) => [s.student_id, workOf(s, feedback.get(s.student_id))]));
  let course: Promise<AssignmentScores[]> | null = null;
  return {
    scores,
    questions: scores.questions.map((q) => ({
      question_id: q.question_id,
      question_number: q.question_number,
      marks_possible: q.marks_possible,
    })),
    graded,
    async earlierOf(studentId) {
      course ??= courseAssignmentScores(db, tenant, scores.course_id);
      const due = Date.parse(scores.due);
      const out: EarlierResult[] = [];
      for (const a of await course) {
        if (a.assignment_id === assignmentId || Date.parse(a.due) >= due) continue;
        const s = a.students.find((x) => x.student_id === studentId);
        if (s?.graded && s.total_possible > 0) out.push({ title: a.title, due: a.due, percent: (s.total_score / s.total_possible) * 100 });
      }
      return out;
    },
  };
}

export const studentFacts = async (f: AssignmentFacts, studentId: number): Promise<StudentFacts | null> => {
  const work = f.graded.get(studentId);
  return work ? { title: f.scores.title, questions: f.questions, work, earlier: await f.earlierOf(studentId) } : null;
};

export const classFacts = (f: AssignmentFacts): ClassFacts => ({
  title: f.scores.title,
  questions: f.questions,
  students: [...f.graded.values()],
});
