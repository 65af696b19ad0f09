import { describe, expect, it } from 'vitest';
import { makeTextPdf } from '../testing';
import { countPdfPages } from './pdfjs';
import { extractPdfPages } from './extract';

describe('pdfjs leaves the process its native built-ins', () => {
  it('JSON.stringify, JSON.parse, Array.prototype.push and Function.prototype.toString are the same after reading PDFs', async () => {
    const before = [JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString];
    // The library's module on first use, its worker's module with the first document: both carry core-js.
    expect(await countPdfPages(await makeTextPdf([['One page.']]))).toBe(1);
    const pages = await extractPdfPages(await makeTextPdf([['Page one.'], ['Page two.']]), { ocr: false });
    expect(pages.map((p) => p.pageNumber)).toEqual([1, 2]);
    expect([JSON.stringify, JSON.parse, Array.prototype.push, Function.prototype.toString]).toEqual(before);
    expect(JSON.stringify({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
  });
});
