/**
 * What is read aloud of an answer: formulas, markdown and citation markup removed (a listener hears the
 * sentences, not `$x^2$`, `**` or "(Biology, p. 12)"), and at most `maxChars` characters, cut at the end of a
 * sentence where one is near.
 */
export function speakableText(text: string, maxChars: number): string {
  let t = text.replace(/\r\n?/g, '\n');
  // Code blocks and display formulas go whole; inline formulas too (before `$` could be read as anything else).
  t = t.replace(/```[\s\S]*?(```|$)/g, ' ');
  t = t.replace(/\$\$[\s\S]*?\$\$/g, ' ');
  t = t.replace(/\\\[[\s\S]*?\\\]/g, ' ');
  t = t.replace(/\\\([\s\S]*?\\\)/g, ' ');
  t = t.replace(/(^|[^\\])\$(?!\s)[^$\n]*?[^\s\\]\$/g, '$1 ');
  t = t.replace(/(^|[^\\])\$[^$\s]\$/g, '$1 ');
  // Citations: "(Title, p. 12)", "[Title, pp. 3-4]", "(page 7)", "[1]", "[^2]", "【3】", "— Title, p. 12".
  t = t.replace(/[([][^()[\]\n]{0,200}?\b(?:pp?\.|pages?)\s*\d+(?:\s*[-–]\s*\d+)?[)\]]/gi, ' ');
  t = t.replace(/\[\^?\d+\]|【[^】]*】/g, ' ');
  // The offline answer's quotation attributions: `> "…" — {title}, p. {page}`.
  t = t.replace(/\s[—–]\s[^\n"“”]{0,200}?,\s*(?:pp?\.|pages?)\s*\d+(?:\s*[-–]\s*\d+)?/gi, ' ');
  // Markdown: images, links (their text stays), HTML tags, headings, quotes, list markers, tables, emphasis.
  t = t.replace(/!\[[^\]]*\]\([^)]*\)/g, ' ');
  t = t.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  t = t.replace(/<[^>\n]{1,200}>/g, ' ');
  t = t.replace(/^[ \t]{0,3}#{1,6}[ \t]+(.*)$/gm, '$1.');
  t = t.replace(/^[ \t]*>+[ \t]?/gm, '');
  t = t.replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '');
  t = t.replace(/^[ \t]*\|?[ \t]*:?-{3,}.*$/gm, ' ');
  t = t.replace(/^[ \t]*\|(.*?)\|?[ \t]*$/gm, '$1').replace(/\|/g, ', ');
  t = t.replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, ' ');
  t = t.replace(/(\*\*|__|\*|_|~~|`)(?=\S)([^\n]*?\S)\1/g, '$2');
  t = t.replace(/[*`~#\\]/g, '');
  // One line of text; a paragraph break ends a sentence.
  t = t
    .replace(/\s*\n\s*\n\s*/g, (_, at: number) => (/[.!?:;]["')\]]*$/.test(t.slice(Math.max(0, at - 4), at)) ? ' ' : '. '))
    .replace(/\s+/g, ' ');
  t = t.replace(/\s+([.,;:!?])/g, '$1').replace(/([.,;:!?])[.,;:]+/g, '$1');
  t = t.replace(/^[\s.,;:]+/, '').trim();
  return cutAtSentence(t, maxChars);
}

/** At most `maxChars` characters: up to the last sentence end in the second half, else the last word break. */
export function cutAtSentence(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars + 1);
  const ends = [...head.matchAll(/[.!?](?=\s|$)/g)].map((m) => m.index + 1);
  const lastEnd = ends.filter((i) => i <= maxChars).at(-1);
  if (lastEnd !== undefined && lastEnd >= maxChars / 2) return text.slice(0, lastEnd).trim();
  const space = head.lastIndexOf(' ', maxChars);
  return `${text.slice(0, space > 0 ? space : maxChars - 1).trim()}.`;
}
