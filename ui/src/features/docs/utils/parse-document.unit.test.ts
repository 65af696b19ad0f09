import { describe, expect, it } from 'vitest';
import { parseDocument } from './parse-document';

const DOC = `<!doctype html><html><head><title>Manual</title><style>body{color:red}</style></head><body><main>
<h1 id="top">Manual</h1>
<nav id="toc"><ol>
  <li><a href="#start">Getting started</a>
    <ol><li><a href="#account">Your  account</a></li><li><a href="#sign-in">Signing in</a>
      <ul><li><a href="#reset">Resetting a password</a></li></ul></li></ol>
  </li>
  <li data-indent="2"><a href="#deep">Forced indent</a></li>
  <li><a href="https://example.com">External</a></li>
</ol></nav>
<h2 id="start" onclick="alert(1)">Getting started</h2><script>alert(2)</script>
<p><a href="javascript:alert(3)">bad</a> <a href="#account">ok</a></p>
</main></body></html>`;

describe('parseDocument', () => {
  it('builds the contents list from the toc block: text, target id and indent by nesting', () => {
    expect(parseDocument(DOC)!.toc).toEqual([
      { id: 'start', text: 'Getting started', indent: 0 },
      { id: 'account', text: 'Your account', indent: 1 },
      { id: 'sign-in', text: 'Signing in', indent: 1 },
      { id: 'reset', text: 'Resetting a password', indent: 2 },
      { id: 'deep', text: 'Forced indent', indent: 2 },
    ]);
  });

  it('keeps the content without the toc block, scripts, styles or handlers', () => {
    const { html, title } = parseDocument(DOC)!;
    expect(title).toBe('Manual');
    expect(html).toContain('<h2 id="start">Getting started</h2>');
    expect(html).not.toMatch(/toc|<script|<style|onclick|javascript:/);
    expect(html).toContain('href="#account"');
  });

  it('rejects a page without the toc marker, such as the SPA fallback', () => {
    expect(
      parseDocument('<!doctype html><html><body><div id="root"></div><script src="/assets/index.js"></script></body></html>'),
    ).toBeNull();
  });
});
