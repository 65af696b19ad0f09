import { describe, expect, it } from 'vitest';
import { RUBRIC_LEVELS } from '@evergrade/contracts';
import { SEED_QUESTION_BANK } from './data/questions';
import { SEED_RUBRICS, describeLevels } from './data/rubrics';
import { SEED_BOOKS } from './data/books';
import { LEGACY_TEXTBOOKS } from './data/textbooks';

describe('the seeded libraries', () => {
  const questions = SEED_QUESTION_BANK.flatMap((s) => s.questions.map((q) => ({ ...q, subject: s.subject })));

  it('hold about 150 questions across seven subjects and grades 6 to 12, each with an answer', () => {
    expect(questions.length).toBeGreaterThanOrEqual(150);
    expect(SEED_QUESTION_BANK.map((s) => s.subject)).toEqual([
      'Mathematics',
      'Physics',
      'Chemistry',
      'Biology',
      'English',
      'History',
      'Computer Science',
    ]);
    for (const s of SEED_QUESTION_BANK) {
      expect(s.questions.length).toBeGreaterThanOrEqual(20);
      expect(new Set(s.questions.map((q) => q.grade))).toEqual(new Set(['6', '7', '8', '9', '10', '11', '12']));
    }
    for (const q of questions) {
      expect(q.answer.trim()).not.toBe('');
      expect(q.topics.length).toBeGreaterThan(0);
      expect(Number.isInteger(q.marks * 4) && q.marks > 0).toBe(true);
    }
    expect(new Set(questions.map((q) => q.text.toLowerCase())).size).toBe(questions.length);
    expect(new Set(questions.map((q) => q.type))).toEqual(new Set(['short answer', 'numerical', 'long answer', 'multiple choice']));
  });

  it('describe every rubric criterion at the four levels, one criterion per category once', () => {
    expect(new Set(SEED_RUBRICS.map((r) => r.rubricName)).size).toBeGreaterThanOrEqual(4);
    for (const r of SEED_RUBRICS) {
      const text = describeLevels(r.levels);
      for (const level of RUBRIC_LEVELS) expect(text).toContain(`${level}: `);
      expect(`${r.rubricName}${r.criterion}`).not.toContain(' - ');
    }
    expect(new Set(SEED_RUBRICS.map((r) => `${r.rubricName}|${r.criterion}`)).size).toBe(SEED_RUBRICS.length);
  });

  it('name each textbook once, none with a retired title-only book’s title', () => {
    expect(new Set(SEED_BOOKS.map((t) => t.title)).size).toBe(SEED_BOOKS.length);
    const legacy = new Set(LEGACY_TEXTBOOKS.map((t) => t.title.toLowerCase()));
    for (const book of SEED_BOOKS) expect(legacy.has(book.title.toLowerCase())).toBe(false);
  });
});
