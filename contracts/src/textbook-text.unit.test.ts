import { describe, expect, it } from 'vitest';
import { exampleQueriesFrom, headingOf, isPageNumberLine, passageIdOf, questionFromHeading, splitPagePassages } from './textbook-text';

const sentence = (i: number) => `Sentence ${i} explains one more idea about the topic in plain words.`;
const paragraph = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => sentence(from + i))
    .join(' ')
    .replace(/(.{1,70})(\s|$)/g, '$1\n')
    .trim() + '\nThat is all.';

describe('textbook text rules', () => {
  it('knows headings from body lines', () => {
    expect(headingOf('2.1 Newton’s Second Law')).toEqual({ text: 'Newton’s Second Law', number: '2.1', chapter: false });
    expect(headingOf('Chapter 3 Energy')).toMatchObject({ text: 'Energy', chapter: true });
    expect(headingOf('Chapter 4')).toMatchObject({ chapter: true });
    expect(headingOf('The Water Cycle')).toMatchObject({ text: 'The Water Cycle', number: null });
    expect(headingOf('2.1 What Is a Force?')).toMatchObject({ text: 'What Is a Force?' });
    for (const line of [
      '1. Add the water.',
      '2 cups of flour',
      'the rest of a sentence that wraps',
      'Algebra, Equations and',
      '12',
      'Page 3 of 9',
    ])
      expect(headingOf(line)).toBeNull();
    expect(isPageNumberLine('- 14 -')).toBe(true);
  });

  it('splits a page into passages of about 60-200 words that keep their section', () => {
    const text = ['1.1 Cells', paragraph(1, 6), paragraph(7, 6), paragraph(13, 6), '1.2 Tissues', paragraph(19, 3), '7'].join('\n');
    const { passages, lastHeading } = splitPagePassages(text, null);
    expect(lastHeading).toBe('Tissues');
    expect(passages.map((p) => p.heading)).toEqual(['Cells', 'Cells', 'Tissues']);
    expect(passages[0]!.text.startsWith('1.1 Cells')).toBe(true);
    expect(passages.at(-1)!.text.startsWith('1.2 Tissues')).toBe(true);
    for (const p of passages) expect(p.text.split(/\s+/).length).toBeLessThanOrEqual(200);
    expect(passages.map((p) => p.text).join('\n')).not.toMatch(/^7$/m);
    // A page continuing a section carries its heading; an empty page has no passages.
    expect(splitPagePassages(paragraph(1, 3), 'Cells').passages[0]!.heading).toBe('Cells');
    expect(splitPagePassages('  \n', null).passages).toEqual([]);
    expect(passageIdOf(3, 12, 0)).toBe(30_012_001);
  });

  it('draws example queries from the section headings, spread over the book', () => {
    const pages = [
      { page: 1, text: 'Forces\nPhysics\nA. Writer' },
      { page: 2, text: `Chapter 1 Motion\n1.1 Speed and Velocity\n${paragraph(1, 3)}` },
      { page: 3, text: `1.2 Acceleration\n${paragraph(1, 3)}` },
      { page: 4, text: `1.3 Newton's Laws of Motion\n${paragraph(1, 3)}` },
      { page: 5, text: `1.4 How Rockets Fly\n${paragraph(1, 3)}` },
      { page: 6, text: `1.5 Friction\n${paragraph(1, 3)}` },
    ];
    expect(exampleQueriesFrom(pages, 4, { title: 'Forces', author: 'A. Writer', subject: 'Physics' })).toEqual([
      'What is speed and velocity?',
      'Explain acceleration',
      "What are Newton's laws of motion?",
      'Explain how rockets fly',
    ]);
    expect(questionFromHeading('Cells', 0)).toBe('What are cells?');
    expect(exampleQueriesFrom([{ page: 1, text: paragraph(1, 4) }], 4, { title: 'x', subject: 'y' })).toEqual([]);
  });
});
