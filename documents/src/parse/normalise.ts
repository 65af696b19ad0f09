/** Text as the parsers want it: one trimmed line per visual line, plain ASCII punctuation, no page furniture. */
export function normaliseLines(text: string): string[] {
  return (
    text
      .replace(/\r\n?/g, '\n')
      .replace(/[\u00a0\u2000-\u200b\u202f\u3000]/g, ' ')
      .replace(/[\u2010-\u2015\u2212]/g, '-')
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/\u2026/g, '...')
      .replace(/[\u2022\u25cf\u25aa\u25e6]/g, '-')
      // Leader dots and answer blanks ("What is 2 + 2? ........ [2]", "Name: ______").
      .replace(/(?:\. ?){4,}|_{3,}/g, ' ')
      .split('\n')
      .map((line) => line.replace(/\t/g, ' ').replace(/ {2,}/g, ' ').trim())
  );
}

const PAGE_FURNITURE = [/^page\s+\d+(\s*(of|\/)\s*\d+)?$/i, /^-\s*\d+\s*-$/, /^\d+\s*\/\s*\d+$/];

/**
 * Drops page numbers that open or close a page, then joins the pages into one text. A bare number counts
 * as a page number only when it is that page's number (it could be an answer otherwise).
 */
export function joinPages(pages: readonly string[]): string {
  const pageLines = pages.map((page) => normaliseLines(page).filter((line) => line !== ''));
  const { top, bottom } = runningLines(pageLines);
  return pageLines
    .map((all, index) => {
      const lines = all.filter((line, i) => !((i < EDGE && top.has(line)) || (i >= all.length - EDGE && bottom.has(line))));
      const isFurniture = (line: string | undefined) =>
        line !== undefined && (line === String(index + 1) || PAGE_FURNITURE.some((re) => re.test(line)));
      while (lines.length > 0 && isFurniture(lines[0])) lines.shift();
      while (lines.length > 0 && isFurniture(lines.at(-1))) lines.pop();
      return lines.join('\n');
    })
    .filter((page) => page !== '')
    .join('\n');
}

const EDGE = 2;

/** Running headers and footers: the same line among the first (or last) two of at least half the pages, two or more. */
function runningLines(pages: readonly string[][]): { top: Set<string>; bottom: Set<string> } {
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  const repeated = (edge: (lines: readonly string[]) => string[]) => {
    const counts = new Map<string, number>();
    for (const lines of pages) for (const line of new Set(edge(lines))) counts.set(line, (counts.get(line) ?? 0) + 1);
    return new Set([...counts].filter(([line, n]) => n >= needed && !/^\(?\d{1,3}[.)]/.test(line)).map(([line]) => line));
  };
  return { top: repeated((lines) => lines.slice(0, EDGE)), bottom: repeated((lines) => lines.slice(-EDGE)) };
}

const BREAK_BEFORE = /^(\(?([a-z]|[ivx]{1,4})\)|[a-z][.)]|[A-H][.)]|[-*]|\(?\d{1,2}\)|\d{1,2}\.)\s/;

/**
 * Joins lines back into text: soft-wrapped lines become one line, while sub-parts, options and list items
 * keep their own line.
 */
export function joinText(lines: readonly string[]): string {
  let out = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      if (out !== '' && !out.endsWith('\n')) out += '\n';
      continue;
    }
    if (out === '') out = line;
    else if (out.endsWith('\n') || BREAK_BEFORE.test(line) || /[:;]$/.test(out)) out += (out.endsWith('\n') ? '' : '\n') + line;
    else out += ` ${line}`;
  }
  return out.trim();
}
