import { describe, expect, it } from 'vitest';
import { rubricScores } from '@evergrade/contracts';
import { OFFLINE_LABEL, commonMistakes, offlineClassSummary, offlineStudentSummary, trendSentence, type GradedWork } from './offline';

/** Four questions: two Algebra, one Geometry, one untagged (General); 10 marks in all. */
const sheet = [
  { question_id: 11, question_number: 1, marks_possible: 2, tags: ['Algebra - equations'] },
  { question_id: 12, question_number: 2, marks_possible: 3, tags: ['Algebra - factorising'] },
  { question_id: 13, question_number: 3, marks_possible: 4, tags: ['Geometry - angles'] },
  { question_id: 14, question_number: 4, marks_possible: 1, tags: [] },
];
const questions = sheet.map(({ question_id, question_number, marks_possible }) => ({ question_id, question_number, marks_possible }));

function work(points: Record<number, number>, feedback: Record<number, string>): GradedWork {
  const total = Object.values(points).reduce((s, p) => s + p, 0);
  return {
    total,
    possible: 10,
    points,
    feedback,
    rubrics: rubricScores(sheet, new Map(Object.entries(points).map(([k, v]) => [Number(k), v]))),
  };
}

describe('offline student summary', () => {
  const ana = work(
    { 11: 2, 12: 3, 13: 1, 14: 0 },
    {
      11: 'Correct.',
      12: 'Well factorised.',
      13: 'Units missing. The angle sum of a triangle is 180 degrees.',
      14: 'Units missing. Show the working.',
    },
  );

  it('names the total, the strongest and weakest categories, the weakest question, the common mistake and the trend', () => {
    const text = offlineStudentSummary({
      title: 'Unit test 3',
      questions,
      work: ana,
      earlier: [
        { title: 'Quiz 1', due: '2026-01-10T00:00:00.000Z', percent: 40 },
        { title: 'Quiz 2', due: '2026-02-10T00:00:00.000Z', percent: 50 },
      ],
    });
    expect(text).toBe(
      [
        'Scored 6/10 (60%) on “Unit test 3”.',
        'Strongest rubric category: Algebra (5/5, 100%); weakest: General (0/1, 0%).',
        'Full marks on Questions 1 and 2.',
        'Weakest question: Question 4 (0/1).',
        'Most common mistake in the feedback: “Units missing” (Questions 3 and 4).',
        'Trend: 60% is up 15 points on their average of 45% over 2 earlier assignments; the latest, “Quiz 2”, was 50%.',
        OFFLINE_LABEL,
      ].join(' '),
    );
  });

  it('says when there is no earlier result, and a fall against one', () => {
    expect(trendSentence(60, [])).toBe('This is their first graded assignment in the course, so there is no trend yet.');
    expect(trendSentence(50, [{ title: 'Quiz 1', due: '2026-01-10T00:00:00.000Z', percent: 75 }])).toBe(
      'Trend: 50% is down 25 points from their earlier result (75%).',
    );
    expect(trendSentence(72, [{ title: 'Quiz 1', due: '2026-01-10T00:00:00.000Z', percent: 70 }])).toBe(
      'Trend: 72% is in line with their earlier result (70%).',
    );
  });

  it('with full marks everywhere says so, with no mistake', () => {
    const text = offlineStudentSummary({ title: 'T', questions, work: work({ 11: 2, 12: 3, 13: 4, 14: 1 }, {}), earlier: [] });
    expect(text).toContain('Every question earned full marks.');
    expect(text).not.toContain('mistake');
    expect(text.endsWith(OFFLINE_LABEL)).toBe(true);
  });
});

describe('common mistakes', () => {
  it('counts repeated feedback sentences on answers that lost marks, case and full stops aside', () => {
    expect(
      commonMistakes([
        { question_number: 1, lost: 1, feedback: 'Sign error. Check the second line.' },
        { question_number: 2, lost: 2, feedback: 'sign error' },
        { question_number: 3, lost: 0, feedback: 'Sign error.' },
        { question_number: 3, lost: 1, feedback: 'Sign error!' },
      ]),
    ).toEqual([{ text: 'Sign error.', count: 3, questions: [1, 2, 3] }]);
  });

  it('without a repeat, the feedback on the answer that lost the most', () => {
    expect(
      commonMistakes([
        { question_number: 1, lost: 1, feedback: 'Close.' },
        { question_number: 2, lost: 3, feedback: 'The method is wrong. Use the chain rule.' },
      ]),
    ).toEqual([{ text: 'The method is wrong.', count: 1, questions: [2] }]);
  });
});

describe('offline class summary', () => {
  it('gives the class average, strongest and weakest categories, the questions most lost marks on and common mistakes', () => {
    const students = [
      work({ 11: 2, 12: 3, 13: 1, 14: 1 }, { 13: 'Units missing.' }),
      work({ 11: 2, 12: 2, 13: 2, 14: 1 }, { 12: 'Incomplete factorisation.', 13: 'Units missing.' }),
      work({ 11: 1, 12: 3, 13: 4, 14: 1 }, { 11: 'Arithmetic slip.' }),
    ];
    const text = offlineClassSummary({ title: 'Unit test 3', questions, students });
    expect(text).toBe(
      [
        '3 graded submissions of “Unit test 3”: class average 7.67/10 (76.7%).',
        'Strongest rubric category on average: General (1/1, 100%); weakest: Geometry (2.33/4, 58.3%).',
        'Most students lost marks on Question 3 (2 of 3, average 2.33/4) and Question 1 (1 of 3, average 1.67/2).',
        'Common mistakes in the feedback: “Units missing” (2 times, Question 3).',
        OFFLINE_LABEL,
      ].join(' '),
    );
  });

  it('with nobody graded says so', () => {
    expect(offlineClassSummary({ title: 'T', questions, students: [] })).toBe(`No submission of “T” is fully graded yet. ${OFFLINE_LABEL}`);
  });
});
