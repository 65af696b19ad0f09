import { describe, expect, it } from 'vitest';
import { splitResponsesByQuestion } from './responses';

describe('splitResponsesByQuestion', () => {
  it('splits typed answers by their numbers and keeps the heading apart', () => {
    const split = splitResponsesByQuestion('Name: Asha Patel\nClass 9B\n1. x = 4\n2. (x - 3)(x + 3)\n3. a^2 + b^2 = c^2', [1, 2, 3]);
    expect(split).toEqual({
      responses: [
        { question_number: 1, text: 'x = 4' },
        { question_number: 2, text: '(x - 3)(x + 3)' },
        { question_number: 3, text: 'a^2 + b^2 = c^2' },
      ],
      unassigned: 'Name: Asha Patel Class 9B',
    });
  });

  it('reads "Ans 1", "Answer 2:", "A3." and skipped questions', () => {
    const split = splitResponsesByQuestion('Ans 1 Nairobi\nAnswer 3: 100 degrees\nA4. Shakespeare', [1, 2, 3, 4]);
    expect(split.responses).toEqual([
      { question_number: 1, text: 'Nairobi' },
      { question_number: 3, text: '100 degrees' },
      { question_number: 4, text: 'Shakespeare' },
    ]);
  });

  it('keeps a numbered list inside the answer it belongs to', () => {
    const split = splitResponsesByQuestion('1. Two causes:\n1. Militarism\n2. Alliances\n2. It ended in 1918.', [1, 2]);
    expect(split.responses).toEqual([
      { question_number: 1, text: 'Two causes:\n1. Militarism\n2. Alliances' },
      { question_number: 2, text: 'It ended in 1918.' },
    ]);
  });

  it('answers spread over pages stay whole, and unknown numbers stay with their answer', () => {
    const split = splitResponsesByQuestion(
      'Q1 The mitochondria\nis the powerhouse\nQ2 Osmosis is\n7) the seventh point\nmovement of water',
      [1, 2],
    );
    expect(split.responses).toEqual([
      { question_number: 1, text: 'The mitochondria is the powerhouse' },
      { question_number: 2, text: 'Osmosis is\n7) the seventh point movement of water' },
    ]);
  });

  it('no numbers at all: everything is unassigned', () => {
    expect(splitResponsesByQuestion('just some words', [1])).toEqual({ responses: [], unassigned: 'just some words' });
  });
});
