import type { AnalystEventLine } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import type { Naming, School } from './school';

/** Never exported, whatever the setting: password and code hashes, tokens, secrets. */
const SECRET_KEY = /hash$|token|secret|password/i;
/** Fields that hold a person's name. */
const NAME_KEYS = new Set(['firstName', 'lastName', 'reporterName']);
/** Stored files' keys and names (an uploaded file is often named after its student). */
const FILE_KEYS = new Set(['originalFilename', 'fileKey', 'documentKey']);
const EMAIL = /[^\s@<>"',;:()[\]]+@[^\s@<>"',;:()[\]]+\.[^\s@<>"',;:()[\]]+/g;

export type Redactor = {
  /** One of the school's events as an export line; call in log order, after the school's directory has folded it. */
  line(event: RecordedEvent): AnalystEventLine;
};

/**
 * The export of `GET /analyst/events`: data and metadata as stored, minus secrets; unless names are allowed, every
 * e-mail address becomes a pseudonymous one (`student-3@pseudonymised.invalid` for a known person, `address-n@…`
 * otherwise, numbered by first appearance), names become the person's pseudonym and stored files' names are dropped.
 */
export function createRedactor(school: School, naming: Naming): Redactor {
  const addresses = new Map<string, string>();
  const slug = (pseudonym: string) => pseudonym.toLowerCase().replace(/\s+/g, '-');
  const address = (email: string) => {
    const lower = email.toLowerCase();
    const known = school.byEmail.get(lower);
    const person = known === undefined ? undefined : school.people.get(known);
    if (person) return `${slug(person.pseudonym)}@pseudonymised.invalid`;
    let a = addresses.get(lower);
    if (!a) {
      a = `address-${addresses.size + 1}@pseudonymised.invalid`;
      addresses.set(lower, a);
    }
    return a;
  };
  const personOf = (data: Record<string, unknown>) => {
    const id = typeof data.userId === 'number' ? data.userId : typeof data.studentId === 'number' ? data.studentId : null;
    return id === null ? undefined : school.people.get(id);
  };

  // People's names inside free text (a summary's paragraph, a report): whole words only, longest first.
  let known = -1;
  let names: { pattern: RegExp; pseudonym: Map<string, string> } | null = null;
  const nameMatcher = () => {
    if (known === school.people.size && names) return names;
    known = school.people.size;
    const pseudonym = new Map<string, string>();
    for (const p of school.people.values()) {
      const full = `${p.firstName} ${p.lastName}`.trim();
      for (const n of [full, p.firstName, p.lastName]) if (n.trim().length >= 2 && !pseudonym.has(n)) pseudonym.set(n, p.pseudonym);
    }
    const alternatives = [...pseudonym.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    names = {
      pattern: alternatives.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'gu') : /(?!)/g,
      pseudonym,
    };
    return names;
  };
  const text = (s: string, free: boolean) => {
    if (naming.namesAllowed) return s;
    const masked = s.replace(EMAIL, address);
    if (!free) return masked;
    const { pattern, pseudonym } = nameMatcher();
    return masked.replace(pattern, (n) => pseudonym.get(n) ?? n);
  };
  // `free`: strings that may hold names in running text (the event's data, tenants' ids aside); metadata holds ids.
  const walk = (value: unknown, free: boolean, owner: Record<string, unknown> | null, key: string | null): unknown => {
    if (typeof value === 'string') {
      if (!naming.namesAllowed && key !== null && owner) {
        if (NAME_KEYS.has(key)) return key === 'lastName' ? '' : (personOf(owner)?.pseudonym ?? 'Someone');
        if (FILE_KEYS.has(key)) return '(file)';
      }
      return text(value, free && key !== 'tenant');
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, free, null, null));
    if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(obj)) if (!SECRET_KEY.test(k)) out[k] = walk(v, free, obj, k);
      return out;
    }
    return value;
  };

  return {
    line: (event) => ({
      event_id: event.eventId,
      type: event.type,
      position: event.globalPosition,
      recorded_at: event.recordedAt.toISOString(),
      data: walk(event.data, true, null, null) as Record<string, unknown>,
      metadata: walk(event.metadata, false, null, null) as Record<string, unknown>,
    }),
  };
}
