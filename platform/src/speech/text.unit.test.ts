import { describe, expect, it } from 'vitest';
import { cutAtSentence, speakableText } from './text';

describe('speakableText', () => {
  it('drops formulas, markdown and citations, keeping the sentences', () => {
    const answer = [
      '## Photosynthesis',
      '',
      'Plants make **glucose** from light: $6CO_2 + 6H_2O \\to C_6H_{12}O_6$ (Biology Basics, p. 12).',
      '',
      '> "The chloroplast is where it happens." [Biology Basics, pp. 13-14]',
      '',
      '- First, *light* is absorbed [1].',
      '- Then `energy` is stored, see [the glossary](https://example.org/g).',
      '',
      '$$E = mc^2$$',
      '| a | b |',
      '|---|---|',
    ].join('\n');
    const spoken = speakableText(answer, 1500);
    expect(spoken).toBe(
      'Photosynthesis. Plants make glucose from light: "The chloroplast is where it happens." First, light is absorbed. Then energy is stored, see the glossary. a, b',
    );
    expect(spoken).not.toMatch(/[$*#`[\]|]|p\. 1/);
  });

  it("drops the offline answer's attributions of its quotations", () => {
    const answer = [
      'From Cells, Plants and the Human Body:',
      '',
      '> "Plants make glucose in their leaves." — Cells, Plants and the Human Body, p. 7',
      '',
      '> "Oxygen is released as a by-product." — Cells, Plants and the Human Body, pp. 7-8',
    ].join('\n');
    expect(speakableText(answer, 1500)).toBe(
      'From Cells, Plants and the Human Body: "Plants make glucose in their leaves." "Oxygen is released as a by-product."',
    );
  });

  it('keeps a dollar amount (the synthesizer says "dollars"), drops a formula', () => {
    expect(speakableText('It costs $5 today.', 100)).toBe('It costs $5 today.');
    expect(speakableText('Let $x$ be a number.', 100)).toBe('Let be a number.');
  });

  it('cuts long text at a sentence end within the limit', () => {
    const text = 'The cell is the unit of life. '.repeat(100);
    const spoken = speakableText(text, 200);
    expect(spoken.length).toBeLessThanOrEqual(200);
    expect(spoken.endsWith('life.')).toBe(true);
  });

  it('cuts at a word when no sentence ends in the second half of the limit', () => {
    const cut = cutAtSentence(`Short. ${'word '.repeat(100)}`, 120);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut.endsWith('word.')).toBe(true);
  });

  it('leaves nothing of a text that is only a formula', () => {
    expect(speakableText('$$x^2$$', 100)).toBe('');
  });
});
