import katex from 'katex';
import { EQUATION_PLACEHOLDER } from '@evergrade/contracts';

const cache = new Map<string, string>();

/** KaTeX HTML for a formula; a formula KaTeX cannot parse is shown as its source in the error colour, never thrown. */
export function renderFormula(equation: string, block: boolean): string {
  const key = `${block ? 'B' : 'I'}${equation}`;
  let html = cache.get(key);
  if (html === undefined) {
    const tex = equation === EQUATION_PLACEHOLDER ? `\\text{${EQUATION_PLACEHOLDER}}` : equation;
    html = katex.renderToString(tex, {
      displayMode: block,
      throwOnError: false,
      errorColor: 'var(--danger)',
      strict: 'ignore',
      trust: false,
      output: 'htmlAndMathml',
    });
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
  }
  return html;
}
