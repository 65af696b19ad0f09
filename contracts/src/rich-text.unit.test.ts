import { describe, expect, it } from 'vitest';
import { isRichTextEmpty, parseRichText, plainTextToRichText, richTextToPlainText, splitFormulas, TAB_TEXT } from './rich-text';

const state = (...children: object[]) => JSON.stringify({ root: { type: 'root', version: 1, children } });
const p = (...children: object[]) => ({ type: 'paragraph', version: 1, children });
const t = (text: string) => ({ type: 'text', version: 1, text });

describe('splitFormulas', () => {
  it('finds inline and block formulas', () => {
    expect(splitFormulas('Solve $x^2 = 4$ then $$\\int_0^1 x\\,dx$$ done')).toEqual([
      { text: 'Solve ' },
      { equation: 'x^2 = 4', inline: true },
      { text: ' then ' },
      { equation: '\\int_0^1 x\\,dx', inline: false },
      { text: ' done' },
    ]);
  });

  it('leaves prices, lone and escaped dollars as text', () => {
    expect(splitFormulas('It costs $5 and $10 today')).toEqual([{ text: 'It costs $5 and $10 today' }]);
    expect(splitFormulas('a $ b $ c')).toEqual([{ text: 'a $ b $ c' }]);
    expect(splitFormulas('pay \\$3 or $x$')).toEqual([{ text: 'pay \\$3 or ' }, { equation: 'x', inline: true }]);
    expect(splitFormulas('open $$ never closed')).toEqual([{ text: 'open $$ never closed' }]);
    expect(splitFormulas('$a$5')).toEqual([{ text: '$a$5' }]);
    expect(splitFormulas('It costs $5 and $10, and $x^2$')).toEqual([
      { text: 'It costs $5 and $10, and ' },
      { equation: 'x^2', inline: true },
    ]);
  });
});

describe('plainTextToRichText', () => {
  it('makes one paragraph per line with equation nodes, and reads back as the same text', () => {
    const text = 'Question 1\nFind $x$ when $$x^2 = 9$$\n\nShow working.';
    const json = plainTextToRichText(text);
    const parsed = parseRichText(json)!;
    expect(parsed.root.children).toHaveLength(4);
    expect(parsed.root.children![1]!.children).toEqual([
      expect.objectContaining({ type: 'text', text: 'Find ' }),
      { type: 'equation', equation: 'x', inline: true, version: 1 },
      expect.objectContaining({ type: 'text', text: ' when ' }),
      { type: 'equation', equation: 'x^2 = 9', inline: false, version: 1 },
    ]);
    expect(parsed.root.children![2]!.children).toEqual([]);
    expect(richTextToPlainText(json)).toBe(text);
  });

  it('keeps a block formula that spans lines in one node', () => {
    const parsed = parseRichText(plainTextToRichText('$$\na + b\n$$'))!;
    expect(parsed.root.children).toHaveLength(1);
    expect(parsed.root.children![0]!.children).toEqual([{ type: 'equation', equation: 'a + b', inline: false, version: 1 }]);
  });
});

describe('richTextToPlainText', () => {
  it('passes plain text through and maps null to empty', () => {
    expect(richTextToPlainText('just { text')).toBe('just { text');
    expect(richTextToPlainText('{"not":"lexical"}')).toBe('{"not":"lexical"}');
    expect(richTextToPlainText(null)).toBe('');
  });

  it('writes images as [image], line breaks, and lists with markers', () => {
    const json = state(
      p(
        t('See '),
        { type: 'image', version: 1, src: '/editor/images/a.png', width: 10, height: 10 },
        { type: 'linebreak', version: 1 },
        t('below'),
      ),
      {
        type: 'list',
        listType: 'number',
        start: 1,
        version: 1,
        children: [
          { type: 'listitem', version: 1, children: [t('one')] },
          { type: 'listitem', version: 1, children: [t('two')] },
        ],
      },
      { type: 'list', listType: 'bullet', start: 1, version: 1, children: [{ type: 'listitem', version: 1, children: [t('dot')] }] },
    );
    expect(richTextToPlainText(json)).toBe('See [image]\nbelow\n1. one\n2. two\n- dot');
  });
});

describe('isRichTextEmpty', () => {
  it('counts text, formulas and images, not whitespace or em-spaces', () => {
    expect(isRichTextEmpty(null)).toBe(true);
    expect(isRichTextEmpty('   ')).toBe(true);
    expect(isRichTextEmpty('x')).toBe(false);
    expect(isRichTextEmpty(state(p()))).toBe(true);
    expect(isRichTextEmpty(state(p(t(TAB_TEXT)), p(t('  '))))).toBe(true);
    expect(isRichTextEmpty(state(p(t('a'))))).toBe(false);
    expect(isRichTextEmpty(state(p({ type: 'equation', equation: 'x', inline: true })))).toBe(false);
    expect(isRichTextEmpty(state(p({ type: 'equation', equation: ' ', inline: true })))).toBe(true);
    expect(isRichTextEmpty(state(p({ type: 'image', src: '/editor/x.png' })))).toBe(false);
  });
});
