import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../types';
import { parseMarkingScheme, parseQuestionPaperAndKey } from './marking-scheme';

const summary = (text: string) => parseMarkingScheme(text).map((q) => [q.question_number, q.marks_possible, q.question, q.answer]);

describe('parseMarkingScheme', () => {
  it('reads a typed scheme: numbers, bracketed marks, answers, grading notes', () => {
    const questions = parseMarkingScheme(`Marking Scheme - Algebra Quiz
1. Solve 2x + 3 = 11. [3 marks]
Answer: x = 4
Grading: Award 1 mark for subtracting 3, 1 for dividing by 2, 1 for the answer.
2. Factorise x^2 - 9. [2 marks]
Answer: (x - 3)(x + 3)
3. State Pythagoras' theorem. [1 mark]
Answer: a^2 + b^2 = c^2 for a right-angled triangle
4. Expand (x + 2)^2. [4 marks]
Answer: x^2 + 4x + 4
Marking notes: accept x^2 + 2x + 2x + 4 for 3 marks.
5. Explain why the square root of 2 is irrational. [5 marks]
Answer: Assume sqrt 2 = p/q in lowest terms; then p^2 = 2q^2 so p is even,
hence q is even too, a contradiction.`);
    expect(questions.map((q) => q.question_number)).toEqual([1, 2, 3, 4, 5]);
    expect(questions.map((q) => q.marks_possible)).toEqual([3, 2, 1, 4, 5]);
    expect(questions[0]).toMatchObject({
      question: 'Solve 2x + 3 = 11.',
      answer: 'x = 4',
      grading_instructions: 'Award 1 mark for subtracting 3, 1 for dividing by 2, 1 for the answer.',
      tags: [],
    });
    expect(questions[3]!.grading_instructions).toBe('accept x^2 + 2x + 2x + 4 for 3 marks.');
    expect(questions[4]!.answer).toBe(
      'Assume sqrt 2 = p/q in lowest terms; then p^2 = 2q^2 so p is even, hence q is even too, a contradiction.',
    );
    expect(questions.every((q) => q.flagged_for_review === undefined)).toBe(true);
  });

  it.each([
    ['Q1 / Q2 with (n marks)', 'Q1 What is 2 + 2? (2 marks)\nAns: 4\nQ2 Name a prime. (1 mark)\nAns: 7'],
    [
      'Question 1: with Marks: n lines',
      'Question 1: What is 2 + 2?\nMarks: 2\nSolution: 4\nQuestion 2: Name a prime.\nMarks: 1\nSolution: 7',
    ],
    ['1) with bare (n) closing the line', '1) What is 2 + 2? (2)\nAnswer - 4\n2) Name a prime. (1)\nAnswer - 7'],
    ['Q.1 with "n marks" closing the line', 'Q.1 What is 2 + 2? 2 marks\nModel answer: 4\nQ.2 Name a prime. 1 mark\nModel answer: 7'],
    ['(1) with [n]', '(1) What is 2 + 2? [2]\nExpected answer: 4\n(2) Name a prime. [1]\nExpected answer: 7'],
    [
      'Question No. 1 with Mark scheme sections',
      'Question No. 1 What is 2 + 2? [2 marks]\nMark scheme\n4\nQuestion No. 2 Name a prime. [1 mark]\nMark scheme\n7',
    ],
    ['no labels: the answer follows the marks', '1. What is 2 + 2? [2]\n4\n2. Name a prime. [1]\n7'],
    ['Ans. abbreviation and [Total: n]', '1. What is 2 + 2? [Total: 2]\nAns. 4\n2. Name a prime. [Total: 1]\nAns. 7'],
  ])('%s', (_name, text) => {
    expect(summary(text)).toEqual([
      [1, 2, 'What is 2 + 2?', '4'],
      [2, 1, 'Name a prime.', '7'],
    ]);
  });

  it('keeps sub-parts inside their question and adds their marks', () => {
    const [q1, q2] = parseMarkingScheme(`1. A rectangle is 3 cm by 4 cm.
(a) Find its area. [2]
(b) Find its diagonal. [3]
Answer: (a) 12 cm^2 (b) 5 cm
2. Define speed. [1]
Answer: distance / time`);
    expect(q1).toMatchObject({
      question_number: 1,
      marks_possible: 5,
      question: 'A rectangle is 3 cm by 4 cm.\n(a) Find its area.\n(b) Find its diagonal.',
      answer: '(a) 12 cm^2 (b) 5 cm',
    });
    expect(q2).toMatchObject({ question_number: 2, marks_possible: 1 });
  });

  it('a total before the sub-parts is the marks, not the sum again', () => {
    const [q1] = parseMarkingScheme(
      '1. Triangles [5 marks]\n(a) Define a triangle. [2]\n(b) Sum of angles? [3]\nAnswer: (a) three sides (b) 180',
    );
    expect(q1!.marks_possible).toBe(5);
  });

  it('numbered steps inside an answer stay in the answer', () => {
    const questions = parseMarkingScheme(`1. Describe how to solve 3x = 12. [2 marks]
Answer:
1. Divide both sides by 3.
2. So x = 4.
2. What is 5 x 6? [1 mark]
Answer: 30
3. List the steps of long division. [3 marks]
Answer:
1. Divide
2. Multiply
3. Subtract
4. Bring down
4. What is 7 + 8? [1 mark]
Answer: 15`);
    expect(questions.map((q) => [q.question_number, q.marks_possible])).toEqual([
      [1, 2],
      [2, 1],
      [3, 3],
      [4, 1],
    ]);
    expect(questions[0]!.answer).toBe('1. Divide both sides by 3.\n2. So x = 4.');
    expect(questions[2]!.answer).toBe('1. Divide\n2. Multiply\n3. Subtract\n4. Bring down');
  });

  it('with "Q" numbering, plain numbered lines are lists inside a question', () => {
    const questions = parseMarkingScheme(
      'Q1 Give two causes of World War I. [2]\nAnswer:\n1. Militarism\n2. Alliances\nQ2 When did it end? [1]\nAnswer: 1918',
    );
    expect(questions.map((q) => q.question_number)).toEqual([1, 2]);
    expect(questions[0]!.answer).toBe('1. Militarism\n2. Alliances');
  });

  it('moves "Award ..." lines out of the answer into grading instructions', () => {
    const [q] = parseMarkingScheme(
      '1. Name the gas plants absorb. [2 marks]\nAnswer: carbon dioxide\nAward 2 marks for CO2.\nAccept "CO2" written as a formula.',
    );
    expect(q!.answer).toBe('carbon dioxide');
    expect(q!.grading_instructions).toBe('Award 2 marks for CO2. Accept "CO2" written as a formula.');
  });

  it('adds up "(1 mark)" allocations in the answer when the question states no marks', () => {
    const [q] = parseMarkingScheme('1. Name three states of matter.\nAnswer: solid (1 mark), liquid (1 mark), gas (1 mark)');
    expect(q!.marks_possible).toBe(3);
    expect(q!.flagged_for_review).toBeUndefined();
  });

  it('flags a question without marks or without an answer, with the default of 1 mark', () => {
    const [q1, q2] = parseMarkingScheme('1. Why is the sky blue?\nAnswer: Rayleigh scattering\n2. What is 3 + 3? [1]');
    expect(q1).toMatchObject({ marks_possible: 1, flagged_for_review: REVIEW_MESSAGES.noMarks });
    expect(q2).toMatchObject({ marks_possible: 1, answer: '', flagged_for_review: REVIEW_MESSAGES.noAnswer });
  });

  it('accepts half marks and ignores the title, running headers and page numbers', () => {
    const questions = parseMarkingScheme(
      'Physics Marking Scheme\nPage 1\n1. Define work. [1.5 marks]\nAnswer: force x distance\n2. Unit of power? [0.5 marks]\nAnswer: watt',
    );
    expect(questions.map((q) => q.marks_possible)).toEqual([1.5, 0.5]);
    expect(questions[0]!.question).toBe('Define work.');
  });

  it('reads a document with the questions first and an Answers section numbered again', () => {
    const questions = parseMarkingScheme(`Science Test
1. What is H2O? [1]
2. What do plants make in photosynthesis? [2]
3. Name the closest star. [1]
Answers
1. Water
2. Glucose and oxygen
3. The Sun`);
    expect(questions.map((q) => [q.question_number, q.marks_possible, q.question, q.answer])).toEqual([
      [1, 1, 'What is H2O?', 'Water'],
      [2, 2, 'What do plants make in photosynthesis?', 'Glucose and oxygen'],
      [3, 1, 'Name the closest star.', 'The Sun'],
    ]);
  });

  it('is deterministic and handles unicode punctuation and empty input', () => {
    const text = '1\u2009) What\u2019s 2 \u2212 1? [1 mark]\nAnswer: 1';
    expect(parseMarkingScheme(text)).toEqual(parseMarkingScheme(text));
    expect(parseMarkingScheme(text)[0]).toMatchObject({ question: "What's 2 - 1?", answer: '1' });
    expect(parseMarkingScheme('')).toEqual([]);
    expect(parseMarkingScheme('No questions here.')).toEqual([]);
  });
});

describe('parseMarkingScheme: more layouts', () => {
  it('section headings, questions numbered on their own line, a total line and marking guidance', () => {
    const questions = parseMarkingScheme(`SECTION A
Question 1
Define photosynthesis. (2 marks)
Answer: The process by which plants make food.
Question 2
(a) What is x? [1]
(b) What is y? [2]
Answer:
(a) 3
(b) 4
SECTION B - Essays (10 marks)
Question 3 Discuss erosion.
Total: 10 marks
Marking guidance: Level 3 (7-10): detailed discussion.
Answer: Erosion is the wearing away of land.`);
    expect(questions.map((q) => [q.question_number, q.marks_possible, q.question, q.answer])).toEqual([
      [1, 2, 'Define photosynthesis.', 'The process by which plants make food.'],
      [2, 3, '(a) What is x?\n(b) What is y?', '(a) 3\n(b) 4'],
      [3, 10, 'Discuss erosion.', 'Erosion is the wearing away of land.'],
    ]);
    expect(questions[2]!.grading_instructions).toBe('Level 3 (7-10): detailed discussion.');
  });

  it('leader dots, multiple-choice options, and "Answer" without a colon', () => {
    const questions = parseMarkingScheme(`1. What is 2+2? ............ [2]
Ans: 4
2. Which is a mammal?
A. Shark
B. Whale
[1 mark]
Answer: B
3. a) Define force [2] b) Give its unit [1]
Answer a) push or pull b) newton
4. Answer the following: what is 3 x 3? [1]
Answer 9`);
    expect(questions.map((q) => [q.question_number, q.marks_possible, q.question, q.answer])).toEqual([
      [1, 2, 'What is 2+2?', '4'],
      [2, 1, 'Which is a mammal?\nA. Shark\nB. Whale', 'B'],
      [3, 3, 'a) Define force\nb) Give its unit', 'a) push or pull b) newton'],
      [4, 1, 'Answer the following: what is 3 x 3?', '9'],
    ]);
  });
});

describe('parseQuestionPaperAndKey', () => {
  it('pairs questions with answers by number; marks from the paper', () => {
    const questions = parseQuestionPaperAndKey(
      'Mid-term paper\nAnswer all questions.\n1. What is the capital of Kenya? [2 marks]\n2. Who wrote Hamlet? [3 marks]\n3. Boiling point of water at sea level? [1 mark]',
      'Answer key\n1. Nairobi\n2. William Shakespeare\nAward 3 marks for the full name, 2 for the surname only.\n3. 100 degrees Celsius',
    );
    expect(questions).toEqual([
      {
        question_number: 1,
        question: 'What is the capital of Kenya?',
        marks_possible: 2,
        answer: 'Nairobi',
        grading_instructions: '',
        tags: [],
      },
      {
        question_number: 2,
        question: 'Who wrote Hamlet?',
        marks_possible: 3,
        answer: 'William Shakespeare',
        grading_instructions: 'Award 3 marks for the full name, 2 for the surname only.',
        tags: [],
      },
      {
        question_number: 3,
        question: 'Boiling point of water at sea level?',
        marks_possible: 1,
        answer: '100 degrees Celsius',
        grading_instructions: '',
        tags: [],
      },
    ]);
  });

  it('takes marks from the key when the paper has none, and flags missing answers', () => {
    const questions = parseQuestionPaperAndKey(
      'Q1 Define mass.\nQ2 Define weight.\nQ3 Define density.',
      'Q1 Answer: amount of matter [2]\nQ3 Answer: mass per unit volume\nMarks: 2',
    );
    expect(questions.map((q) => [q.question_number, q.marks_possible, q.answer])).toEqual([
      [1, 2, 'amount of matter'],
      [2, 1, ''],
      [3, 2, 'mass per unit volume'],
    ]);
    expect(questions[1]!.flagged_for_review).toContain(REVIEW_MESSAGES.noAnswer);
  });
});
