import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Papa from 'papaparse';
import { REPORT_IDS, RunReportBodySchema, reportWindow, type ReportComplete, type ReportId } from '@evergrade/contracts';
import { loadConfig } from '@evergrade/platform/config';
import { createEventStore, type EventStore } from '@evergrade/platform/event-store';
import { openPgliteDatabase, openPostgresDatabase, type Database } from '@evergrade/platform/sql';
import { runReport } from './engine';
import { analystNaming } from './naming';
import { countSchoolEvents } from './replay';

const USAGE = `Usage: npm run report -- NAME --from YYYY-MM-DD --to YYYY-MM-DD [--format csv|ndjson] [--school TENANT]

Runs an analyst report from the command line: the school's events are replayed from the log, as the Reports page does.
  NAME      ${REPORT_IDS.join(', ')}
  --from    first day (or an ISO date-time); --to: last day, included
  --format  csv (default: a header row of column keys, then the rows) or ndjson (one JSON object per row)
  --school  the school's tenant (e.g. demo) or its name (e.g. 'Demo School'); optional when the log holds one school
Reads DATABASE_URL (PostgreSQL, alongside running servers) or else the standalone DATA_DIR (PGlite, default ./data);
with EVENTSTORE_URL the events are read from KurrentDB / EventStoreDB.
PGlite allows one process: stop the standalone server first (or run the report from the Reports page).
People are pseudonymised unless the school admin lets analysts see names. Progress goes to stderr, the report to stdout.`;

export type CliArgs = { report: ReportId; from: string; to: string; format: 'csv' | 'ndjson'; school: string | undefined };

/** Pure: the command line's arguments, or the reason they are wrong. */
export function parseCli(argv: string[]): CliArgs | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { from: { type: 'string' }, to: { type: 'string' }, format: { type: 'string' }, school: { type: 'string' } },
    });
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
  const { values, positionals } = parsed;
  const format = values.format ?? 'csv';
  if (format !== 'csv' && format !== 'ndjson') return { error: '--format must be csv or ndjson' };
  if (positionals.length !== 1)
    return { error: positionals.length ? `one report at a time, not ${positionals.join(' ')}` : 'name a report' };
  const body = RunReportBodySchema.safeParse({ report: positionals[0], from: values.from, to: values.to });
  if (!body.success) return { error: body.error.issues.map((i) => i.message).join('; ') };
  return { ...body.data, format, school: values.school };
}

/** Pure: the report as CSV (papaparse; cells a spreadsheet would run as formulas are escaped) or NDJSON rows. */
export function formatReport(report: ReportComplete, format: 'csv' | 'ndjson'): string {
  if (format === 'ndjson') return report.rows.map((r) => `${JSON.stringify(r)}\n`).join('');
  const fields = report.columns.map((c) => c.key);
  return `${Papa.unparse({ fields, data: report.rows.map((r) => fields.map((f) => r[f] ?? null)) }, { escapeFormulae: true, newline: '\r\n' })}\r\n`;
}

/** The school a run is for: the tenant named, a school of that name, or the only school of the log. */
async function resolveSchool(store: EventStore, wanted: string | undefined): Promise<string> {
  const schools = new Map<string, string>();
  for (let after: Awaited<ReturnType<EventStore['headPosition']>>; ;) {
    const page = await store.readAll({ after, limit: 1000, types: ['TenantRegistered'] });
    for (const e of page) {
      const d = e.data as { tenant: string; name: string };
      schools.set(d.tenant, d.name);
      after = e.globalPosition;
    }
    if (page.length < 1000) break;
  }
  const list = [...schools].map(([t, n]) => `${t} (${n})`).join(', ') || 'none';
  if (!wanted) {
    if (schools.size === 1) return [...schools.keys()][0]!;
    throw new Error(`name a school with --school: the log holds ${list}`);
  }
  if (schools.has(wanted)) return wanted;
  const byName = [...schools].filter(([, n]) => n.toLowerCase() === wanted.toLowerCase());
  if (byName.length === 1) return byName[0]![0];
  throw new Error(`no school ${wanted}: the log holds ${list}`);
}

/** The standalone server that holds a PGlite data directory, if it is running. */
async function runningServer(dataDir: string): Promise<{ url: string; pid: number } | null> {
  const file = path.join(dataDir, 'server.json');
  if (!existsSync(file)) return null;
  const { url, pid } = JSON.parse(await readFile(file, 'utf8')) as { url: string; pid: number };
  try {
    process.kill(pid, 0);
    return { url, pid };
  } catch {
    return null;
  }
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2));
  if ('error' in args) {
    console.error(`${args.error}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  let db: Database;
  if (config.databaseUrl) db = openPostgresDatabase({ connectionString: config.databaseUrl });
  else {
    const dataDir = path.resolve(config.dataDir);
    if (!existsSync(dataDir)) {
      console.error(`No data directory at ${dataDir}: set DATA_DIR, or DATABASE_URL for PostgreSQL.`);
      return 2;
    }
    const server = await runningServer(dataDir);
    if (server) {
      console.error(
        `The standalone server (pid ${server.pid}, ${server.url}) holds ${dataDir}, and PGlite allows one process.\n` +
          'Stop it and run this again, or run the report from the Reports page (POST /analyst/run-report).',
      );
      return 2;
    }
    db = await openPgliteDatabase({ dataDir });
  }
  const store = await createEventStore(db, { eventStoreUrl: config.eventStoreUrl });
  try {
    const tenant = await resolveSchool(store, args.school);
    const total = await countSchoolEvents(db, store, tenant);
    const tty = process.stderr.isTTY;
    let shown = 0;
    const report = await runReport({
      store,
      tenant,
      report: args.report,
      window: reportWindow(args.from, args.to),
      naming: await analystNaming(store, tenant),
      total,
      onProgress: ({ done, total }) => {
        const now = Date.now();
        if (tty ? now - shown < 100 : now - shown < 5000) return;
        shown = now;
        process.stderr.write(
          `${tty ? '\r' : ''}reading ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} events${tty ? '' : '\n'}`,
        );
      },
    });
    process.stderr.write(
      `${tty ? '\r' : ''}${args.report} for ${tenant}: ${report.rows.length} rows from ${report.events.toLocaleString('en-US')} events` +
        `${report.pseudonymised ? ', people pseudonymised' : ''}\n`,
    );
    process.stdout.write(formatReport(report, args.format));
    return 0;
  } catch (err) {
    console.error(`report failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await store.close();
    await db.close();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) process.exitCode = await main();
