import { describe, expect, it } from 'vitest';
import { groupIntoLines, type TextItem } from './text-lines';

const item = (str: string, x: number, y: number, width = str.length * 5, height = 10): TextItem => ({
  str,
  transform: [height, 0, 0, height, x, y],
  width,
  height,
});

describe('groupIntoLines', () => {
  it('keeps lines by baseline, top to bottom, left to right, spacing words apart', () => {
    const lines = groupIntoLines([
      item('Answer: 4', 50, 700),
      item('[2 marks]', 200, 720.5),
      item('1. What is 2 + 2?', 50, 720),
      item('', 10, 500),
      item('Marking', 50, 760),
      item('Scheme', 90, 760),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['Marking Scheme', '1. What is 2 + 2? [2 marks]', 'Answer: 4']);
  });

  it('joins pieces of one word without a space', () => {
    expect(groupIntoLines([item('Photo', 50, 700, 25), item('synthesis', 75, 700)]).map((l) => l.text)).toEqual(['Photosynthesis']);
  });
});
