import { describe, expect, it } from 'vitest';
import { marksFromNotes, marksIn, marksLine } from './marks';

describe('marks notes', () => {
  it.each([
    ['What is 2 + 2? [2 marks]', 2, 'What is 2 + 2?'],
    ['What is 2 + 2? [2]', 2, 'What is 2 + 2?'],
    ['What is 2 + 2? (2 marks)', 2, 'What is 2 + 2?'],
    ['What is 2 + 2? (2)', 2, 'What is 2 + 2?'],
    ['What is 2 + 2? - 2 marks', 2, 'What is 2 + 2?'],
    ['What is 2 + 2? 2 marks', 2, 'What is 2 + 2?'],
    ['What is 2 + 2? Marks: 2', 2, 'What is 2 + 2?'],
    ['What is 2 + 2? [1.5 marks]', 1.5, 'What is 2 + 2?'],
    ['What is 2 + 2? (2 pts)', 2, 'What is 2 + 2?'],
    ['Essay [Total: 10]', 10, 'Essay'],
  ])('%s', (line, value, rest) => {
    const found = marksIn(line);
    expect(found.notes.map((n) => n.value)).toEqual([value]);
    expect(found.rest).toBe(rest);
  });

  it.each([
    'Evaluate f(2)',
    'List 3 points about rivers',
    'Award 2 marks for the method',
    'Score out of 10 apples',
    'Solve for x in 2x = 10',
  ])('no marks in "%s"', (line) => expect(marksIn(line).notes).toEqual([]));

  it('whole-line marks', () => {
    expect(marksLine('Marks: 3')).toMatchObject({ value: 3, total: false });
    expect(marksLine('[4]')).toMatchObject({ value: 4 });
    expect(marksLine('Total: 10 marks')).toMatchObject({ value: 10, total: true });
    expect(marksLine('(2)')).toMatchObject({ value: 2 });
    expect(marksLine('5 marks')).toMatchObject({ value: 5 });
    expect(marksLine('42')).toBeNull();
    expect(marksLine('x = 4')).toBeNull();
  });

  it('totals, single notes, totals followed by parts, parts that add up', () => {
    const n = (value: number, total = false) => ({ value, total, text: '' });
    expect(marksFromNotes([])).toBeNull();
    expect(marksFromNotes([n(3)])).toBe(3);
    expect(marksFromNotes([n(2), n(3), n(10, true)])).toBe(10);
    expect(marksFromNotes([n(5), n(2), n(3)])).toBe(5);
    expect(marksFromNotes([n(2), n(3), n(1.5)])).toBe(6.5);
  });
});
