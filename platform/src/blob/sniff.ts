/** Types recognised by their first bytes, whatever the client declared. */
export type SniffedType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

const startsWith = (buf: Uint8Array, bytes: readonly number[], at = 0) =>
  buf.length >= at + bytes.length && bytes.every((b, i) => buf[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const SIGNATURES: ReadonlyArray<{ type: SniffedType; test: (b: Uint8Array) => boolean }> = [
  { type: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')) },
  { type: 'image/webp', test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8) },
  { type: 'application/pdf', test: (b) => startsWith(b, ascii('%PDF-')) },
];

export const SNIFFABLE_TYPES: ReadonlySet<string> = new Set(SIGNATURES.map((s) => s.type));

/** The type a file's magic bytes say it is, or null when it is none of the types we accept. */
export function sniffContentType(buf: Uint8Array): SniffedType | null {
  return SIGNATURES.find((s) => s.test(buf))?.type ?? null;
}

/** `image/PNG; charset=x` → `image/png`. */
export const baseContentType = (value: string | undefined): string => (value ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * Whether a body may be stored under a declared type: a type we can sniff must match its magic bytes
 * (a text file called .png is refused); other types are taken as declared.
 */
export function contentMatches(declared: string, body: Uint8Array): boolean {
  const type = baseContentType(declared);
  return !SNIFFABLE_TYPES.has(type) || sniffContentType(body) === type;
}
