import { describe, expect, it } from 'vitest';
import { SEED_QUESTION_BANK, seedSource } from './data/questions';
import type { LibraryItem } from './library';
import { RELEVANCE_THRESHOLD, indexLibrary, terms, topicRelevance } from './relevance';
import { generateOffline, type GenerationRequest } from './generate/offline';
import { guessSubject } from '../practice/generate';

/** The library every school shares, as the seed writes it. */
const library: LibraryItem[] = SEED_QUESTION_BANK.flatMap(({ subject, questions }) =>
  questions.map((q, i) => ({
    questionId: 0,
    subject,
    questionType: q.type,
    questionText: q.text,
    answer: q.answer,
    gradingInstructions: q.instructions ?? '',
    marksPossible: q.marks,
    topics: q.topics,
    ...seedSource(subject),
    originalQuestionNumber: i + 1,
    grade: q.grade,
    addedAt: '2026-01-01T00:00:00.000Z',
  })),
).map((q, i) => ({ ...q, questionId: i + 1 }));
const index = indexLibrary(library);

/** Library questions relevant to a prompt: their topics and subject. */
const relevant = (prompt: string) =>
  topicRelevance(index, prompt)
    .scores.map((score, i) => ({ score, item: library[i]! }))
    .filter((r) => r.score >= RELEVANCE_THRESHOLD)
    .map((r) => ({ subject: r.item.subject, topics: r.item.topics.join(', ').toLowerCase(), text: r.item.questionText }));

const offline = (prompt: string, over: Partial<GenerationRequest> = {}) =>
  generateOffline({ prompt, subject: '', title: '', description: '', textbooks: [], rubricTags: [], ...over }, library, []);

describe('topic relevance over the seeded library', () => {
  it('stems and drops the words that are not a topic', () => {
    expect(terms('Create 5 questions on Linear Equations for grade 10, 20 marks')).toEqual(['linear', 'equat']);
    expect(terms("Newton's laws")).toEqual(['newton', 'law']);
  });

  it('"linear equations for grade 10" is linear equations only: no search algorithm, no genetics cross, no chemistry', () => {
    const found = relevant('linear equations for grade 10');
    expect(found.length).toBeGreaterThanOrEqual(4);
    for (const q of found) expect(q).toMatchObject({ subject: 'Mathematics', topics: expect.stringContaining('linear equations') });
    const made = offline('5 questions on linear equations for grade 10, 20 marks');
    expect(made.questions).toHaveLength(5);
    expect(made.short).toBe(false);
    for (const q of made.questions) {
      expect(q.topics).toContain('linear equations');
      expect(q.question).not.toMatch(/search|heterozygous|Punnett|balance the equation/i);
    }
  });

  it.each([
    ['photosynthesis', 'Biology', 'photosynthesis'],
    ['fractions for year 7', 'Mathematics', 'fraction'],
    ["Newton's laws of motion", 'Physics', 'newton'],
    ['quadratic equations', 'Mathematics', 'quadratic'],
    ['the French Revolution', 'History', 'french revolution'],
    ['World War 2', 'History', 'second world war'],
    ['momentum', 'Physics', 'momentum'],
    ['genetics', 'Biology', 'genetics'],
  ])('"%s" finds %s questions on it, and none off it', (prompt, subject, topic) => {
    const found = relevant(prompt);
    expect(found.length).toBeGreaterThan(0);
    for (const q of found) {
      expect(q.subject).toBe(subject);
      expect(`${q.topics} ${q.text.toLowerCase()}`).toContain(topic);
    }
  });

  it('words the library has but not together are not the topic ("chemical equations" is not a maths equation)', () => {
    for (const q of relevant('chemical equations')) expect(q.subject).toBe('Chemistry');
    expect(relevant('linear search').map((q) => q.topics)).toEqual(['searching, linear search, algorithms']);
  });

  it('widens the topic with the clauses that follow it, within its subject only', () => {
    const found = relevant('quadratic equations for grade 10: factorising, the formula and word problems');
    expect(found.length).toBeGreaterThanOrEqual(4);
    for (const q of found) expect(q.subject).toBe('Mathematics');
    expect(relevant('percentages and ratio').map((q) => q.topics)).toEqual(expect.arrayContaining(['percentages', 'ratio, simplifying']));
  });

  it('takes a misspelt topic word one letter from a library word as that word, but never a short word', () => {
    for (const q of relevant('photosynthesys')) expect(q.topics).toContain('photosynthesis');
    expect(relevant('photosynthesys').length).toBeGreaterThanOrEqual(4);
    const fractions = relevant('fracions for grade 6');
    expect(fractions.length).toBeGreaterThanOrEqual(4);
    expect(fractions.every((q) => q.topics.includes('fraction'))).toBe(true);
    expect(relevant('ran')).toEqual([]);
  });

  it('keeps "and" inside a library topic ("acids and bases", "Romeo and Juliet") rather than splitting the topic there', () => {
    expect(topicRelevance(index, 'Romeo and Juliet for grade 9').topic).toBe('Romeo and Juliet');
    expect(relevant('Romeo and Juliet').map((q) => q.topics)).toEqual(['dramatic irony, romeo and juliet, shakespeare']);
    expect(topicRelevance(index, 'acids and bases').topic).toBe('acids and bases');
    expect(topicRelevance(index, 'photosynthesis and respiration').topic).toBe('photosynthesis');
  });

  it('a subject the prompt names narrows the library to it', () => {
    const found = relevant('maths: fractions');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((q) => q.subject === 'Mathematics')).toBe(true);
  });

  it('a nonsense topic, or one the library lacks, is "nothing on this topic", not the nearest words', () => {
    for (const prompt of ['zxqv wrrbl', 'Hamlet by Shakespeare', 'maths: zxqv', '5 questions, 20 marks']) {
      expect(relevant(prompt)).toEqual([]);
      expect(offline(prompt).questions).toEqual([]);
    }
    expect(offline('zxqv wrrbl for grade 10')).toMatchObject({ topic: 'zxqv wrrbl', fromLibrary: 0 });
  });

  it('returns fewer questions than asked when the library has fewer on the topic, and says so', () => {
    const made = offline('10 questions on momentum, 20 marks');
    expect(made.questions.length).toBeGreaterThan(0);
    expect(made.questions.length).toBeLessThan(10);
    expect(made).toMatchObject({ short: true, asked: 10, topic: 'momentum' });
    expect(made.questions.every((q) => q.topics?.includes('momentum'))).toBe(true);
    expect(made.questions.reduce((s, q) => s + q.marks_possible, 0)).toBe(20);
  });

  it('notes on instructions that count marks when the question is now worth a different number', () => {
    const [taxi] = offline('1 question on linear equations and word problems for grade 10, 6 marks').questions;
    expect(taxi!.question).toContain('taxi');
    expect(taxi!.marks_possible).toBe(6);
    expect(taxi!.grading_instructions).toMatch(/^2 marks for the equation .* Written for 4 marks; this question is worth 6/);
  });

  it("guesses a practice prompt's subject from the questions on its topic", () => {
    expect(guessSubject('linear equations (grade 9)', library)).toBe('Mathematics');
    expect(guessSubject('linear search', library)).toBe('Computer Science');
    expect(guessSubject('photosynthesys', library)).toBe('Biology');
    expect(guessSubject('zxqv wrrbl', library)).toBe('General');
  });
});
