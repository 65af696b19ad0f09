import { streamIds, emailSchema } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import { handleCommand } from '../decider';
import { loadSchool, schoolDecider, type SchoolCommand } from '../school/school';
import { metadataOf, type Actor } from './meta';

export async function changeSchool(store: EventStore, actor: Actor, command: SchoolCommand): Promise<string | null> {
  const r = await handleCommand(store, streamIds.tenant(actor.tenant), schoolDecider, command, { metadata: metadataOf(actor) });
  return r.position;
}

export type CsvImport = { entries: { line: number; email: string }[]; skipped: { line: number; value: string; reason: string }[] };

/** One address per line, or a header row with an `email` column; blank lines ignored; duplicates reported. */
export function parsePreapprovalCsv(csv: string): CsvImport {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());
  const column = header.includes('email') ? header.indexOf('email') : header.includes('e-mail') ? header.indexOf('e-mail') : -1;
  const entries: CsvImport['entries'] = [];
  const skipped: CsvImport['skipped'] = [];
  lines.forEach((line, i) => {
    if (column >= 0 && i === 0) return;
    if (line.trim() === '') return;
    const cells = line.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
    const value = (column >= 0 ? cells[column] : cells[0]) ?? '';
    const parsed = emailSchema.safeParse(value);
    if (!parsed.success) skipped.push({ line: i + 1, value, reason: 'not a valid e-mail address' });
    else if (entries.some((e) => e.email === parsed.data)) skipped.push({ line: i + 1, value, reason: 'duplicate in this file' });
    else entries.push({ line: i + 1, email: parsed.data });
  });
  return { entries, skipped };
}

/** All new addresses in one append: an import is applied whole or not at all. */
export async function importPreapprovals(store: EventStore, actor: Actor, csv: string) {
  const { entries, skipped } = parsePreapprovalCsv(csv);
  const school = await loadSchool(store, actor.tenant);
  const already = new Set(school.status === 'active' ? school.preapproved : []);
  const added = entries.filter((e) => !already.has(e.email)).map((e) => e.email);
  for (const e of entries) if (already.has(e.email)) skipped.push({ line: e.line, value: e.email, reason: 'already pre-approved' });
  skipped.sort((a, b) => a.line - b.line);
  const position = added.length > 0 ? await changeSchool(store, actor, { type: 'PreapproveStudents', emails: added }) : null;
  return { added, skipped, position };
}
