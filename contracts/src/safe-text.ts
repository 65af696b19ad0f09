import { ValidationError } from './errors';

/**
 * Text made safe on the way in. PostgreSQL refuses U+0000 in text and jsonb, and jsonb refuses a lone UTF-16
 * surrogate; both arrive easily (text pasted from a PDF, a JSON `\u0000` escape). We clean rather than refuse, so a
 * student's answer with such a character still saves: NUL is removed, a lone surrogate becomes U+FFFD. Rich text
 * (a serialised lexical state inside a string) is cleaned inside too. Every request's body, query and path
 * parameters, and multipart text fields, pass through `safeInput` before validation (platform/src/http).
 */

/** Deeper JSON than this is refused: no form of the product nests a tenth as deep. */
export const MAX_INPUT_DEPTH = 100;
export const INPUT_MESSAGES = {
  tooDeep: `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`,
  /** The database could not use a value of the request (a number beyond any id, a malformed value). */
  unusableValue: 'A value in the request is out of range or malformed',
} as const;

// eslint-disable-next-line no-control-regex -- finding NUL is the point
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** A JSON escape of NUL or of a surrogate, the only way either can hide inside embedded JSON text. */
const UNSAFE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})/;

/** The text without NUL and with each lone surrogate replaced by U+FFFD; JSON inside it cleaned the same way. */
export function safeText(text: string): string {
  let out = text;
  if (out.includes('\u0000')) out = out.replace(NUL, '');
  LONE_SURROGATE.lastIndex = 0;
  if (LONE_SURROGATE.test(out)) out = out.replace(LONE_SURROGATE, '\uFFFD');
  if (UNSAFE_ESCAPE.test(out)) out = safeEmbeddedJson(out);
  return out;
}

/** A string holding JSON (rich text) whose escapes decode to NUL or a lone surrogate: cleaned and written again. */
function safeEmbeddedJson(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text; // Not JSON: the characters `\u0000` are plain, harmless text.
  }
  const cleaned = clean(parsed, 0);
  return cleaned === parsed ? text : JSON.stringify(cleaned);
}

/**
 * Every string (and object key) in `value` made safe, at any depth; a value that needed nothing is returned as it
 * is. Refused with 400 when nested deeper than MAX_INPUT_DEPTH.
 */
export function safeInput<T>(value: T): T {
  return clean(value, 0) as T;
}

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return safeText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_INPUT_DEPTH) throw new ValidationError(INPUT_MESSAGES.tooDeep, 'body');
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item = clean(value[i], depth + 1);
      if (item !== value[i]) (out ??= [...value])[i] = item;
    }
    return out ?? value;
  }
  // Bytes and streams (a raw body) are not text; everything else here is parsed JSON, a query or path parameters.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const k = safeText(key);
    const v = clean(item, depth + 1);
    if (k !== key || v !== item) changed = true;
    return [k, v] as const;
  });
  // fromEntries defines own properties, so a key like `__proto__` stays data and never reaches the prototype.
  return changed ? Object.fromEntries(entries) : value;
}
