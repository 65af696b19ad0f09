import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { INPUT_MESSAGES, MAX_INPUT_DEPTH, safeInput, safeText } from './safe-text';

describe('safeText', () => {
  it('removes NUL and replaces lone surrogates with U+FFFD, keeping pairs, tabs and newlines', () => {
    expect(safeText('a\u0000b\u0000')).toBe('ab');
    expect(safeText('x\ud800y\udfffz')).toBe('x\ufffdy\ufffdz');
    expect(safeText('end\ud83d')).toBe('end\ufffd');
    expect(safeText('\ude00start')).toBe('\ufffdstart');
    expect(safeText('smile 😀\tline\nnext')).toBe('smile 😀\tline\nnext');
  });

  it('cleans rich text whose JSON escapes hide NUL or a lone surrogate, and leaves other text as it is', () => {
    const rich = '{"root":{"type":"root","children":[{"type":"text","text":"a\\u0000b\\ud800c"}]}}';
    expect(JSON.parse(safeText(rich)).root.children[0].text).toBe('ab\ufffdc');
    const pair = '{"text":"\\ud83d\\ude00"}';
    expect(safeText(pair)).toBe(pair);
    expect(safeText('not json \\u0000 at all')).toBe('not json \\u0000 at all');
  });
});

describe('safeInput', () => {
  it('cleans every string and key at any depth, returning untouched input as it is', () => {
    const clean = { a: ['x', { b: 1 }], c: null };
    expect(safeInput(clean)).toBe(clean);
    expect(safeInput({ 'k\u0000': ['v\u0000', { w: '\udc00' }], n: 2 })).toEqual({ k: ['v', { w: '\ufffd' }], n: 2 });
  });

  it('keeps a `__proto__` key as data', () => {
    const input = JSON.parse('{"__proto__":{"polluted":"x\\u0000"}}') as Record<string, unknown>;
    const out = safeInput(input) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: 'x' });
  });

  it(`refuses nesting deeper than ${MAX_INPUT_DEPTH} levels with a 400`, () => {
    const deep = JSON.parse('['.repeat(2000) + ']'.repeat(2000)) as unknown;
    expect(() => safeInput(deep)).toThrow(DomainError);
    expect(() => safeInput(deep)).toThrow(INPUT_MESSAGES.tooDeep);
    const fine = JSON.parse('['.repeat(MAX_INPUT_DEPTH) + ']'.repeat(MAX_INPUT_DEPTH)) as unknown;
    expect(safeInput(fine)).toBe(fine);
  });
});
