import { describe, expect, it } from 'vitest';
import { LIBRARY_PLACEHOLDERS } from '@evergrade/contracts';
import type { LibraryItem } from '../library';
import { rankByRelevance, tokenize } from '../rank';
import { readPromptHints } from './hints';
import { generateOffline, scaleMarks, type GenerationRequest, type ReferenceQuestion } from './offline';
import { resolveRubricTags } from './index';

let nextId = 1;
const item = (subject: string, questionText: string, topics: string[], extra: Partial<LibraryItem> = {}): LibraryItem => ({
  questionId: nextId++,
  subject,
  questionType: 'short answer',
  questionText,
  answer: 'an answer',
  gradingInstructions: '',
  marksPossible: 2,
  topics,
  sourceTitle: 'Bank',
  sourceDocumentId: 'bank',
  originalQuestionNumber: 1,
  grade: '9',
  addedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});
const library = [
  item('Physics', "State Newton's second law.", ['forces', "Newton's laws"], { grade: '8' }),
  item('Physics', 'A 2 kg cart accelerates at 3 m/s². Find the force.', ['forces', 'acceleration'], {
    questionType: 'numerical',
    marksPossible: 3,
    grade: '10',
  }),
  item('Physics', 'What is the speed of a wave of frequency 50 Hz and wavelength 4 m?', ['waves'], { questionType: 'numerical' }),
  item('Mathematics', 'Solve x² − 5x + 6 = 0.', ['quadratic equations'], { marksPossible: 4 }),
  item('Biology', 'What is osmosis?', ['osmosis'], { answer: '' }),
];
const request = (prompt: string, over: Partial<GenerationRequest> = {}): GenerationRequest => ({
  prompt,
  subject: '',
  title: '',
  description: '',
  textbooks: [],
  rubricTags: [],
  ...over,
});

describe('prompt hints', () => {
  it('reads counts, totals, marks each, grade and question types', () => {
    expect(readPromptHints('Create 5 numerical questions on forces for grade 9, 20 marks')).toEqual({
      count: 5,
      totalMarks: 20,
      grade: 9,
      questionTypes: ['numerical'],
    });
    expect(readPromptHints('ten multiple choice questions worth 2 marks each')).toMatchObject({
      count: 10,
      marksEach: 2,
      questionTypes: ['multiple choice'],
    });
    expect(readPromptHints('an essay question out of 30')).toMatchObject({ totalMarks: 30, questionTypes: ['long answer'] });
    expect(readPromptHints('revision on photosynthesis')).toEqual({ questionTypes: [] });
    expect(readPromptHints('500 questions please').count).toBe(30);
  });
});

describe('relevance', () => {
  it('stems words and ranks the best match first', () => {
    expect(tokenize('The Equations of forces')).toEqual(['equation', 'force']);
    const ranked = rankByRelevance(library, 'forces and acceleration', (q) => [
      { text: q.questionText, weight: 1 },
      { text: q.topics.join(' '), weight: 2 },
    ]).sort((a, b) => b.score - a.score);
    expect(ranked[0]!.item.questionText).toContain('accelerates');
    expect(ranked.find((r) => r.item.subject === 'Biology')!.score).toBe(0);
  });
});

describe('the offline generator', () => {
  const run = (prompt: string, over: Partial<GenerationRequest> = {}, refs: ReferenceQuestion[] = []) =>
    generateOffline(request(prompt, over), library, refs);

  it('picks the most relevant library questions of the subject, numbered, with the rubric tags and placeholders', () => {
    const { questions } = run('2 questions about forces', { subject: 'Physics', rubricTags: ['Problem Solving - Accuracy of Solution'] });
    expect(questions.map((q) => q.question_number)).toEqual([1, 2]);
    expect(questions.every((q) => /force|Newton/i.test(q.question))).toBe(true);
    expect(questions[0]).toMatchObject({
      tags: ['Problem Solving - Accuracy of Solution'],
      grading_instructions: LIBRARY_PLACEHOLDERS.gradingInstructions,
    });
    const osmosis = run('osmosis');
    expect(osmosis.questions).toEqual([expect.objectContaining({ question: 'What is osmosis?', answer: LIBRARY_PLACEHOLDERS.answer })]);
  });

  it('prefers the question types and grade the prompt names', () => {
    const [first] = run('1 numerical question on forces for grade 10', { subject: 'Physics' }).questions;
    expect(first!.question).toContain('accelerates');
  });

  it("puts the reference documents' questions first, then only library questions on the topic, and says when they run short", () => {
    const result = run('3 questions on waves', { subject: 'Physics' }, [
      {
        question: 'Define amplitude.',
        marks_possible: 1,
        answer: 'Maximum displacement from rest.',
        grading_instructions: '',
        source: 'waves.pdf',
        original_question_number: 1,
      },
    ]);
    expect(result.questions.map((q) => q.question)).toEqual([
      'Define amplitude.',
      'What is the speed of a wave of frequency 50 Hz and wavelength 4 m?',
    ]);
    expect(result.questions[0]).toMatchObject({ source_document_id: 'waves.pdf', original_question_number: 1 });
    expect(result).toMatchObject({ topic: 'waves', fromLibrary: 1, asked: 3, short: true });
  });

  it('returns nothing, and says so, for words the library does not know; never a question of the subject instead', () => {
    expect(run('zxqv wrrbl')).toMatchObject({ questions: [], fromLibrary: 0, topic: 'zxqv wrrbl', short: true });
    expect(run('5 questions on black holes', { subject: 'Physics' }).questions).toEqual([]);
  });

  it('takes the whole subject when the prompt names no topic but a subject or textbook does', () => {
    const { questions } = run('A short revision quiz', { textbooks: [{ title: 'Physics for Schools', subject: 'Physics' }] });
    expect(questions.map((q) => q.question)).toHaveLength(3);
    expect(questions.every((q) => /force|Newton|wave/i.test(q.question))).toBe(true);
  });
});

describe('marks', () => {
  const questions = (marks: number[]) =>
    marks.map((m, i) => ({ question_number: i + 1, question: `q${i}`, marks_possible: m, answer: '', grading_instructions: '', tags: [] }));
  const sum = (qs: { marks_possible: number }[]) => qs.reduce((s, q) => s + q.marks_possible, 0);
  const halfSteps = (qs: { marks_possible: number }[]) => qs.every((q) => Number.isInteger(q.marks_possible * 2) && q.marks_possible > 0);

  it.each([
    [[2, 3, 4], 10],
    [[2, 3, 4], 20],
    [[1, 1, 1], 10],
    [[4, 1, 1, 1, 1], 7],
    [[2, 2, 2, 2, 2], 12.5],
    [[3, 5], 3],
    [[1, 2, 3, 4, 5, 6], 50],
    [[2, 2, 2], 1.5],
    [[0, 0], 5],
  ])('shares %j among the questions as exactly %d marks, in whole or half marks', (marks, total) => {
    const scaled = scaleMarks(questions(marks), { totalMarks: total });
    expect(sum(scaled)).toBe(total);
    expect(halfSteps(scaled)).toBe(true);
    if (Number.isInteger(total) && total >= marks.length) for (const q of scaled) expect(Number.isInteger(q.marks_possible)).toBe(true);
  });

  it('keeps the proportions of the library marks', () => {
    expect(scaleMarks(questions([2, 3, 4]), { totalMarks: 18 }).map((q) => q.marks_possible)).toEqual([4, 6, 8]);
    expect(scaleMarks(questions([1, 1]), { totalMarks: 3 }).map((q) => q.marks_possible)).toEqual([2, 1]);
  });

  it('keeps only as many questions as a tiny total can give half a mark each, and rounds a total to half marks', () => {
    expect(scaleMarks(questions([2, 2, 2, 2]), { totalMarks: 1 }).map((q) => q.marks_possible)).toEqual([0.5, 0.5]);
    expect(sum(scaleMarks(questions([2, 2]), { totalMarks: 7.3 }))).toBe(7.5);
  });

  it('sets marks each to the nearest half mark, and leaves marks alone when the prompt names none', () => {
    const qs = questions([2, 3, 4]);
    expect(scaleMarks(qs, { marksEach: 1.5 }).map((q) => q.marks_possible)).toEqual([1.5, 1.5, 1.5]);
    expect(scaleMarks(qs, { marksEach: 1.3 }).map((q) => q.marks_possible)).toEqual([1.5, 1.5, 1.5]);
    expect(scaleMarks(qs, {})).toBe(qs);
  });

  it('gives the generated questions the total a prompt asks for', () => {
    const { questions: made } = generateOffline(request('2 questions on forces, 7 marks', { subject: 'Physics' }), library, []);
    expect(made).toHaveLength(2);
    expect(sum(made)).toBe(7);
    expect(halfSteps(made)).toBe(true);
  });
});

describe('rubric tags', () => {
  const rubrics = [
    {
      rubricId: 3,
      rubricName: 'Communication',
      criterion: 'Organisation',
      description: '',
      addedBy: null,
      addedAt: '2026-01-01T00:00:00.000Z',
    },
  ];
  it("turns ids, tag text and rubric objects into 'rubric name - criterion', once each", () => {
    expect(
      resolveRubricTags([3, '3', 'Communication - Organisation', { rubric_name: 'Communication', criterion: 'Organisation' }], rubrics),
    ).toEqual(['Communication - Organisation']);
    expect(() => resolveRubricTags([99], rubrics)).toThrow('Unknown rubric 99');
  });
});
