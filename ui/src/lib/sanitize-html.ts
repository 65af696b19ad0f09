/**
 * Question content is instructor HTML. Until a vetted sanitiser is chosen we keep a small allow-list:
 * formatting tags survive, everything executable or styling-related is dropped.
 */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'span',
  'div',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
  'a',
  'hr',
]);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'form']);
const ALLOWED_ATTRS: Record<string, string[]> = {
  img: ['src', 'alt', 'width', 'height'],
  a: ['href', 'title'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

const safeUrl = (value: string, allowDataImage: boolean) => {
  const v = value.trim().toLowerCase();
  return (
    v.startsWith('https://') ||
    v.startsWith('http://') ||
    v.startsWith('/') ||
    (allowDataImage && /^data:image\/(png|jpe?g|gif|webp);/.test(v))
  );
};

function clean(node: Node, doc: Document): Node | null {
  if (node.nodeType === Node.TEXT_NODE) return doc.createTextNode(node.textContent ?? '');
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP_WITH_CONTENT.has(tag)) return null;
  const children = [...el.childNodes].map((c) => clean(c, doc)).filter((c): c is Node => c !== null);
  if (!ALLOWED_TAGS.has(tag)) {
    const frag = doc.createDocumentFragment();
    children.forEach((c) => frag.appendChild(c));
    return frag;
  }
  const out = doc.createElement(tag);
  for (const name of ALLOWED_ATTRS[tag] ?? []) {
    const value = el.getAttribute(name);
    if (value == null) continue;
    if ((name === 'src' || name === 'href') && !safeUrl(value, name === 'src')) continue;
    out.setAttribute(name, value);
  }
  if (tag === 'a') {
    out.setAttribute('target', '_blank');
    out.setAttribute('rel', 'noopener noreferrer');
  }
  children.forEach((c) => out.appendChild(c));
  return out;
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const container = doc.createElement('div');
  [...doc.body.childNodes].forEach((c) => {
    const cleaned = clean(c, doc);
    if (cleaned) container.appendChild(cleaned);
  });
  return container.innerHTML;
}
