/** Feedback sentences in the key's own words. */

/** "a", "a and b", "a, b and c". */
export function andList(items: readonly string[], joiner = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}
export const orList = (items: readonly string[]) => andList(items, 'or');

/** The key's phrase inside a sentence: no trailing stop, a leading article in lower case ("The pressure" → "the pressure"). */
export const phrase = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/[.;:,]+$/, '')
    .trim()
    .replace(/^(The|A|An|It|They|Plants|Water)\b/, (c) => c.toLowerCase());

/** The sentences joined, empty ones left out. */
export const sentences = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ');

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
