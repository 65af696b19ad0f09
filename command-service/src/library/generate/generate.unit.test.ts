import { describe, expect, it } from 'vitest';
import { LIBRARY_PLACEHOLDERS } from '@evergrade/contracts';
import type { LibraryItem } from '../library';
import { rankByRelevance, tokenize } from '../rank';
import { readPromptHints } from './hints';
import { generateOffline, scaleMarks, type GenerationRequest } from './offline';
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
  it('picks the most relevant library questions of the subject, numbered, with the rubric tags and placeholders', () => {
    const questions = generateOffline(
      request('2 questions about forces', { subject: 'Physics', rubricTags: ['Problem Solving - Accuracy of Solution'] }),
      library,
      [],
    );
    expect(questions.map((q) => q.question_number)).toEqual([1, 2]);
    expect(questions.every((q) => /force|Newton/i.test(q.question))).toBe(true);
    expect(questions[0]).toMatchObject({
      tags: ['Problem Solving - Accuracy of Solution'],
      grading_instructions: LIBRARY_PLACEHOLDERS.gradingInstructions,
    });
    const osmosis = generateOffline(request('osmosis'), library, []);
    expect(osmosis[0]).toMatchObject({ question: 'What is osmosis?', answer: LIBRARY_PLACEHOLDERS.answer });
  });

  it('prefers the question types and grade the prompt names', () => {
    const [first] = generateOffline(request('1 numerical question on forces for grade 10', { subject: 'Physics' }), library, []);
    expect(first!.question).toContain('accelerates');
  });

  it("puts the reference documents' questions first and fills up to the count from the library", () => {
    const questions = generateOffline(request('3 questions on waves', { subject: 'Physics' }), library, [
      {
        question: 'Define amplitude.',
        marks_possible: 1,
        answer: 'Maximum displacement from rest.',
        grading_instructions: '',
        source: 'waves.pdf',
        original_question_number: 1,
      },
    ]);
    expect(questions).toHaveLength(3);
    expect(questions[0]).toMatchObject({ question: 'Define amplitude.', source_document_id: 'waves.pdf', original_question_number: 1 });
    expect(questions[1]!.question).toContain('wave');
  });

  it('finds nothing for words the library does not know and no subject', () => {
    expect(generateOffline(request('zxqv wrrbl'), library, [])).toEqual([]);
  });

  it('scales marks to the total asked for, in steps of 0.25, or sets marks each', () => {
    const qs = [2, 3, 4].map((m, i) => ({
      question_number: i + 1,
      question: 'q',
      marks_possible: m,
      answer: '',
      grading_instructions: '',
      tags: [],
    }));
    const scaled = scaleMarks(qs, { totalMarks: 10 });
    expect(scaled.reduce((s, q) => s + q.marks_possible, 0)).toBe(10);
    for (const q of scaled) expect(Number.isInteger(q.marks_possible * 4)).toBe(true);
    expect(scaleMarks(qs, { marksEach: 1.5 }).map((q) => q.marks_possible)).toEqual([1.5, 1.5, 1.5]);
    expect(scaleMarks(qs, {})).toBe(qs);
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
