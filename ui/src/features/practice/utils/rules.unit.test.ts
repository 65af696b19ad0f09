import { describe, expect, it } from 'vitest';
import { PRACTICE_MESSAGES, plainTextToRichText } from '@evergrade/contracts';
import {
  acceptPracticeFiles,
  capitaliseTitle,
  documentProgress,
  keptQuestions,
  marksWord,
  practiceTitleError,
  practiceUrlError,
  promptError,
  type DraftQuestion,
} from './rules';

const pdf = (name: string) => new File(['%PDF-'], name, { type: 'application/pdf' });
const draft = (question: string): DraftQuestion => ({ key: question, question, type: 'short_answer', marks_possible: 1, answer: '' });

describe('practice wizard rules', () => {
  it('title: required, starts with a letter, allowed characters; capitalised by word', () => {
    expect(practiceTitleError('')).toBe(PRACTICE_MESSAGES.titleRequired);
    expect(practiceTitleError('9 lives')).toBe(PRACTICE_MESSAGES.titleStartLetter);
    expect(practiceTitleError('Forces!')).toBe(PRACTICE_MESSAGES.titleCharacters);
    expect(practiceTitleError('Forces #2 (Newton) & Co_1 @home $')).toBeNull();
    expect(capitaliseTitle('forces and motion')).toBe('Forces And Motion');
  });

  it('prompt required; URL non-empty, complete, http or https', () => {
    expect(promptError('  ')).toBe(PRACTICE_MESSAGES.promptRequired);
    expect(promptError('fractions')).toBeNull();
    expect(practiceUrlError(' ')).toBe(PRACTICE_MESSAGES.urlRequired);
    expect(practiceUrlError('ftp://example.com/a.pdf')).toBe('Unsupported protocol "ftp". Please use HTTP or HTTPS URLs only.');
    expect(practiceUrlError('example')).toMatch(/complete URL/);
    expect(practiceUrlError('https://example.com/a.pdf')).toBeNull();
  });

  it('at most 3 reference documents, PDF only', () => {
    expect(acceptPracticeFiles([pdf('a.pdf'), pdf('b.pdf')], 1)).toEqual({ accepted: [expect.any(File), expect.any(File)], alert: null });
    const over = acceptPracticeFiles([pdf('a.pdf'), pdf('b.pdf')], 2);
    expect(over.accepted).toHaveLength(1);
    expect(over.alert).toBe(PRACTICE_MESSAGES.maxDocuments);
    expect(acceptPracticeFiles([new File(['x'], 'a.txt', { type: 'text/plain' })], 0)).toEqual({
      accepted: [],
      alert: 'Please select a valid PDF file',
    });
  });

  it('drops questions with empty text, also empty editor states', () => {
    const kept = keptQuestions([
      draft('What is a force?'),
      draft(''),
      draft(plainTextToRichText('   ')),
      draft(plainTextToRichText('Define mass.')),
    ]);
    expect(kept.map((q) => q.key)).toEqual(['What is a force?', plainTextToRichText('Define mass.')]);
  });

  it("'mark' when 1, else 'marks'", () => {
    expect(marksWord(1)).toBe('1 mark');
    expect(marksWord(2)).toBe('2 marks');
    expect(marksWord(0.5)).toBe('0.5 marks');
  });

  it('From Document progress: uploading, then page by page, then done', () => {
    expect(documentProgress({ status: 'processing', pages: 0 })).toEqual({ phase: 'Uploading', details: [], percent: 5 });
    expect(documentProgress({ status: 'processing', total_pages: 4, current_page: 1 })).toEqual({
      phase: 'Processing',
      details: ['Page 1 of 4'],
      percent: 25,
    });
    expect(documentProgress({ status: 'complete', total_pages: 4, current_page: 4 })).toEqual({
      phase: 'Done',
      details: ['4 of 4 pages'],
      percent: 100,
    });
  });
});
