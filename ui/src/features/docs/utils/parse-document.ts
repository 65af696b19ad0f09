/**
 * A manual is a static HTML file whose contents list is a `<nav id="toc">` of nested lists of links
 * to section ids; an entry's indent is its list depth, or its `data-indent` attribute when given.
 * That block is the marker telling a real document from the SPA's index.html fallback.
 */
export type TocEntry = { id: string; text: string; indent: number };
export type ParsedDocument = { title: string; html: string; toc: TocEntry[] };

export const TOC_SELECTOR = 'nav#toc';
const DROP = 'script, style, link, meta, iframe, object, embed, base, form, noscript, template';

function depthOf(el: Element, root: Element): number {
  let depth = -1;
  for (let n: Element | null = el; n && n !== root; n = n.parentElement) if (n.tagName === 'UL' || n.tagName === 'OL') depth++;
  return Math.max(0, depth);
}

export function buildToc(nav: Element): TocEntry[] {
  return [...nav.querySelectorAll('a[href^="#"]')].flatMap((a) => {
    const id = decodeURIComponent(a.getAttribute('href')!.slice(1));
    const text = (a.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!id || !text) return [];
    const explicit = a.closest('[data-indent]')?.getAttribute('data-indent');
    const indent = explicit != null && /^\d+$/.test(explicit) ? Number(explicit) : depthOf(a, nav);
    return [{ id, text, indent }];
  });
}

/** Only our own static files come through here, but they are still stripped of anything executable. */
function scrub(root: Element): void {
  root.querySelectorAll(DROP).forEach((el) => el.remove());
  for (const el of root.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) {
      const unsafeUrl = (attr.name === 'href' || attr.name === 'src') && /^\s*(javascript|data|vbscript):/i.test(attr.value);
      if (attr.name.startsWith('on') || unsafeUrl || attr.name === 'style') el.removeAttribute(attr.name);
    }
  }
}

export function parseDocument(source: string): ParsedDocument | null {
  const doc = new DOMParser().parseFromString(source, 'text/html');
  const nav = doc.querySelector(TOC_SELECTOR);
  if (!nav) return null;
  const toc = buildToc(nav);
  nav.remove();
  const body = doc.querySelector('main, article') ?? doc.body;
  scrub(body);
  const title = doc.querySelector('h1')?.textContent?.trim() || doc.title || '';
  return { title, html: body.innerHTML, toc };
}
