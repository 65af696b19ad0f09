import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">Solve <strong>x</strong><sup>2</sup></p><script>alert(1)</script><a href="javascript:alert(1)">link</a><img src="x" onerror="alert(1)">',
    );
    expect(out).toBe('<p>Solve <strong>x</strong><sup>2</sup></p><a target="_blank" rel="noopener noreferrer">link</a><img>');
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<custom-el>kept <b>bold</b></custom-el>')).toBe('kept <b>bold</b>');
  });
});
