/** A piece of text as pdfjs reports it: a string and its transform (x at [4], y at [5], PDF units, y up). */
export type TextItem = { str: string; transform: number[]; width: number; height: number };
/** `right`: where the line ends; `size`: its font height (PDF units). */
export type TextLine = { text: string; x: number; y: number; right: number; size: number };

/**
 * Rebuilds visual lines from text items: items whose baselines are within half a line height share a line,
 * read left to right, with a space where there is a gap. Lines come top to bottom.
 */
export function groupIntoLines(items: readonly TextItem[]): TextLine[] {
  const pieces = items
    .filter((item) => item.str.trim() !== '')
    .map((item) => ({
      str: item.str,
      x: item.transform[4] ?? 0,
      y: item.transform[5] ?? 0,
      width: item.width,
      size: Math.abs(item.height) || Math.abs(item.transform[3] ?? 0) || 10,
    }))
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; size: number; pieces: typeof pieces }[] = [];
  for (const piece of pieces) {
    const line = lines.find((l) => Math.abs(l.y - piece.y) <= Math.max(2, Math.min(l.size, piece.size) * 0.5));
    if (line) line.pieces.push(piece);
    else lines.push({ y: piece.y, size: piece.size, pieces: [piece] });
  }
  return lines
    .sort((a, b) => b.y - a.y)
    .map((line) => {
      const sorted = line.pieces.sort((a, b) => a.x - b.x);
      let text = '';
      let end = -Infinity;
      for (const p of sorted) {
        const gap = p.x - end;
        if (text !== '' && gap > p.size * 0.15 && !text.endsWith(' ') && !p.str.startsWith(' ')) text += ' ';
        text += p.str;
        end = p.x + p.width;
      }
      return { text: text.replace(/\s+/g, ' ').trim(), x: sorted[0]!.x, y: line.y, right: end, size: line.size };
    });
}
