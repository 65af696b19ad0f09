import { describe, expect, it } from 'vitest';
import type { StudentAssignment } from '@evergrade/contracts';
import type { AiProvider } from '@evergrade/platform/ai';
import { gradeStats } from './grade-stats';
import { buildSummary, offlineSummary, SUMMARY_NOTICE, type SummaryQuestion } from './summary';

const row = (
  id: number,
  course: string,
  due: string,
  obtained: number | null,
  total = 10,
  extra: Partial<StudentAssignment> = {},
): StudentAssignment => ({
  assignment_id: id,
  title: `Work ${id}`,
  course,
  course_code: course.slice(0, 4).toUpperCase(),
  assigned: due,
  due,
  due_date: due,
  status: obtained === null ? 'Submitted' : 'Graded',
  marks_total: total,
  marks_obtained: obtained,
  time_limit: null,
  timed: false,
  question_count: 1,
  ...extra,
});
const q = (n: number, marks: number, grade: number | null, feedback: string | null = null): SummaryQuestion => ({
  question_id: 100 + n,
  question_number: n,
  question_content: `Explain step ${n} of the method for solving equations by elimination`,
  marks_possible: marks,
  grade,
  feedback,
});

describe('gradeStats', () => {
  it('keeps graded work only, oldest due first, with percents', () => {
    const stats = gradeStats(
      [
        row(2, 'Physics', '2026-03-01T00:00:00Z', 9),
        row(1, 'Maths', '2026-01-01T00:00:00Z', 5),
        row(3, 'Maths', '2026-02-01T00:00:00Z', null),
      ],
      [],
    );
    expect(stats.assignments.map((a) => [a.assignment_id, a.percent])).toEqual([
      [1, 50],
      [2, 90],
    ]);
  });

  it('averages per subject for the student and the class; no class rows means no class average', () => {
    const mine = [
      row(1, 'Maths', '2026-01-01T00:00:00Z', 5),
      row(2, 'Maths', '2026-02-01T00:00:00Z', 8, 16),
      row(3, 'Physics', '2026-01-05T00:00:00Z', 7),
    ];
    const classRows = [
      { student_id: 1, course_id: 1, doc: mine[0]! },
      { student_id: 1, course_id: 1, doc: mine[1]! },
      { student_id: 2, course_id: 1, doc: row(1, 'Maths', '2026-01-01T00:00:00Z', 10) },
      { student_id: 2, course_id: 1, doc: row(9, 'Maths', '2026-01-01T00:00:00Z', 0, 0) }, // no marks to earn: ignored
    ];
    const { subjects } = gradeStats(mine, classRows);
    expect(subjects).toEqual([
      { course: 'Maths', course_code: 'MATH', average: 50, class_average: (50 + 50 + 100) / 3, graded_count: 2 },
      { course: 'Physics', course_code: 'PHYS', average: 70, class_average: null, graded_count: 1 },
    ]);
  });
});

describe('offlineSummary', () => {
  const a = row(7, 'Maths', '2026-01-01T00:00:00Z', 11, 16, { title: 'Elimination' });

  it('names strengths (80%+) and what to work on (under 60%, weakest first) with the feedback', () => {
    const s = offlineSummary(a, [
      q(2, 4, 1, 'Check your signs. Then substitute back.'),
      q(1, 4, 4, 'Clear.'),
      q(3, 4, 2.5),
      q(4, 4, 3.5, 'Good'),
    ]);
    expect(s.questions.map((x) => x.question_number)).toEqual([1, 2, 3, 4]);
    expect(s.strengths).toEqual([
      'Question 1 (“Explain step 1 of the method for solving…”): 4/4 - Clear.',
      'Question 4 (“Explain step 4 of the method for solving…”): 3.5/4 - Good',
    ]);
    expect(s.to_work_on).toEqual(['Question 2 (“Explain step 2 of the method for solving…”): 1/4 - Check your signs.']);
    expect(s.summary).toBe(
      'You scored 11.00 out of 16.00 (68.75%) on Elimination. Your strongest answers were Questions 1 and 4. ' +
        'Go back over Question 2; on Question 2 your instructor wrote: “Check your signs.”',
    );
    expect(s.percent).toBe(68.75);
    expect(s.generator).toBe('offline');
  });

  it('praises work where every question earned most of its marks, and is the same every time', () => {
    const qs = [q(1, 2, 2), q(2, 2, 1.75)];
    const s = offlineSummary({ ...a, marks_obtained: 3.75, marks_total: 4 }, qs);
    expect(s.summary).toContain('Every question earned most or all of its marks');
    expect(s.to_work_on).toEqual([]);
    expect(offlineSummary({ ...a, marks_obtained: 3.75, marks_total: 4 }, qs)).toEqual(s);
  });

  it('points at partial credit when nothing is weak or strong', () => {
    const s = offlineSummary({ ...a, marks_obtained: 2.8, marks_total: 4 }, [q(1, 4, 2.8)]);
    expect(s.summary).toContain('partial credit');
  });
});

describe('buildSummary', () => {
  const a = row(7, 'Maths', '2026-01-01T00:00:00Z', 4, 4);
  const qs = [q(1, 4, 4, 'Clear.')];
  const ai = (reply: () => Promise<string>): AiProvider => ({ name: 'm', offline: false, complete: reply });

  it('uses the offline summary without a model', async () => {
    expect(await buildSummary(undefined, a, qs)).toEqual(offlineSummary(a, qs));
    expect((await buildSummary({ name: 'offline', offline: true, complete: async () => 'x' }, a, qs)).generator).toBe('offline');
  });

  it("takes the model's paragraph, and falls back with a notice on an error or an empty reply", async () => {
    const written = await buildSummary(
      ai(async () => '  Excellent work on every part of this assignment.  '),
      a,
      qs,
    );
    expect([written.generator, written.summary]).toEqual(['ai', 'Excellent work on every part of this assignment.']);
    for (const reply of [
      async () => {
        throw new Error('timeout');
      },
      async () => ' ',
    ]) {
      const fallback = await buildSummary(ai(reply), a, qs);
      expect(fallback).toEqual({ ...offlineSummary(a, qs), notice: SUMMARY_NOTICE });
    }
  });
});
