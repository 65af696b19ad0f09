import { describe, expect, it } from 'vitest';
import { mergeByNumber, readReply } from './structure';

describe('readReply', () => {
  it('accepts the asked shape, fenced or bare, coercing numbers and keeping only offered tags', () => {
    const reply =
      '```json\n{"questions":[{"question_number":"2","question":"Q two","marks_possible":"1.5","tags":["A - b","made up"]},{"question_number":1,"question":"Q one","marks_possible":3,"answer":"x","grading_instructions":"g"}]}\n```';
    expect(readReply(reply, ['A - b'])).toEqual([
      { question_number: 1, question: 'Q one', marks_possible: 3, answer: 'x', grading_instructions: 'g', tags: [] },
      { question_number: 2, question: 'Q two', marks_possible: 1.5, answer: '', grading_instructions: '', tags: ['A - b'] },
    ]);
    expect(readReply('[{"question_number":1,"question":"Q","marks_possible":2}]')).toHaveLength(1);
  });

  it.each([
    ['not JSON', 'Sure! Here are the questions: ...'],
    ['wrong shape', '{"items": []}'],
    ['a question without text', '{"questions":[{"question_number":1,"question":"","marks_possible":2}]}'],
    ['negative marks', '{"questions":[{"question_number":1,"question":"Q","marks_possible":-2}]}'],
    ['a number that is not one', '{"questions":[{"question_number":"first","question":"Q","marks_possible":2}]}'],
  ])('null for %s', (_name, reply) => expect(readReply(reply)).toBeNull());
});

describe('mergeByNumber', () => {
  it('joins a question split across batches', () => {
    const part = (question: string, answer: string, marks: number) => ({
      question_number: 3,
      question,
      marks_possible: marks,
      answer,
      grading_instructions: '',
      tags: [],
    });
    expect(mergeByNumber([part('Start of the question', 'first half', 4), part('rest of it', 'second half', 0)])).toEqual([
      {
        question_number: 3,
        question: 'Start of the question\nrest of it',
        marks_possible: 4,
        answer: 'first half\nsecond half',
        grading_instructions: '',
        tags: [],
      },
    ]);
  });
});
