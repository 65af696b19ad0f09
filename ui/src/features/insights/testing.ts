/** Fixtures of the insights replies for the UI tests (shapes of contracts/src/routes/insights.ts). */
import type { AssignmentStats, ClassSummary, ItemAnalysis, StudentSummaryRow } from '@evergrade/contracts';

export const item = (n: number, extra: Partial<ItemAnalysis> = {}): ItemAnalysis => ({
  question_id: 10 + n,
  question_number: n,
  marks_possible: 4,
  attempts: 6,
  mean_score: 3,
  facility: 0.75,
  discrimination: 0.42,
  full_marks: 3,
  flag: null,
  ...extra,
});

export const stats = (extra: Partial<AssignmentStats> = {}): AssignmentStats => ({
  assignment_id: 7,
  submissions: 7,
  graded: 6,
  total_possible: 10,
  mean: 6.5,
  median: 6.75,
  max: { maxScore: 9.5, maxScoreStudents: ['Ada Lovelace'] },
  min: { minScore: 2.25, minScoreStudents: ['Emmy Noether', 'Mary Somerville'] },
  scores: [2.25, 2.25, 6.5, 7, 9.5, 9.5],
  questionCorrectFrequency: { '1': 4, '2': 1, '3': 2 },
  item_analysis: [
    item(1),
    item(2, { facility: 0.3, discrimination: -0.21, flag: 'negative' }),
    item(3, { discrimination: 0.05, flag: 'near-zero' }),
  ],
  item_analysis_unreliable: false,
  ...extra,
});

export const row = (id: number, name: string, extra: Partial<StudentSummaryRow> = {}): StudentSummaryRow => ({
  student_id: id,
  student_name: name,
  grade: '7/10',
  summary: `${name} works carefully.`,
  rubrics: { 'Problem Solving': '3/4', General: '4/6' },
  summary_status: 'ready',
  generator: 'ai',
  ...extra,
});

export const classSummary = (extra: Partial<ClassSummary> = {}): ClassSummary => ({
  status: 'done',
  error: null,
  summary: 'The class factorises well.\n\nThe discriminant needs work.',
  rubric_averages: { 'Problem Solving': '3.5/4', General: '2.5/6' },
  generator: 'ai',
  ...extra,
});
