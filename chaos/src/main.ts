/**
 * `npm run chaos`: (a) SIGKILLs the server under autosave load, (b) kills the first start at random moments,
 * (c) sends malformed requests to every route as every role. `--quick` runs shorter versions (CI-sized);
 * `--only a|b|c` runs one part. Progress goes to stderr, the summary table to stdout; the exit code is 1 on any failure.
 */
import { runAutosaveKills } from './autosave-kills';
import { runFirstStartKills } from './first-start';
import { runMalformed } from './malformed';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
if (only !== undefined && !['a', 'b', 'c'].includes(only)) {
  console.error('usage: npm run chaos -- [--quick] [--only a|b|c]');
  process.exit(2);
}
const runs = (part: 'a' | 'b' | 'c') => only === undefined || only === part;
const started = Date.now();
const log = (line: string) => process.stderr.write(`[chaos ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

type Row = { part: string; measure: string; value: string; ok: boolean };
const rows: Row[] = [];
const failures: string[] = [];
const row = (part: string, measure: string, value: string | number, ok = true) => rows.push({ part, measure, value: String(value), ok });

if (runs('a')) {
  const kills = quick ? 3 : 20;
  log(`(a) autosave under ${kills} SIGKILLs`);
  const a = await runAutosaveKills({ kills, log });
  const ok = a.failures.length === 0 && a.kills === kills;
  row('(a) autosave under SIGKILL', 'kills (server SIGKILLed and restarted)', a.kills, a.kills === kills);
  row('', 'acknowledged saves', a.acknowledged);
  row('', 'saves retried after a kill, then acknowledged', a.retried);
  row('', 'acknowledged saves lost / duplicated', `${a.lost} / ${a.duplicated}`, a.lost === 0 && a.duplicated === 0);
  row('', 'questions not showing their last saved edit', a.readModelMismatches, a.readModelMismatches === 0);
  row('', 'saves answered 4xx / 5xx', `${a.refused} / ${a.serverErrors}`, a.refused === 0 && a.serverErrors === 0);
  if (!ok) failures.push(...a.failures.map((f) => `(a) ${f}`));
}

if (runs('b')) {
  const kills = quick ? 4 : 15;
  log(`(b) ${kills} kills of first starts`);
  const b = await runFirstStartKills({ kills, log, reference: !quick });
  const whole = b.starts > 0 && b.wholeStarts === b.starts;
  row('(b) first start killed', 'kills during first starts (and their next starts)', b.kills, b.kills >= kills);
  row(
    '',
    'kills that left the demo school empty / half made / whole',
    `${b.landed.empty} / ${b.landed.partial} / ${b.landed.whole}` + (b.landed.unreadable ? ` (${b.landed.unreadable} unreadable)` : ''),
  );
  row('', 'normal starts after the kills', b.starts, b.starts > 0);
  row(
    '',
    'demo school whole after every one (every login works, courses and assignments listed)',
    whole ? 'yes' : `no (${b.wholeStarts} of ${b.starts})`,
    whole,
  );
  row('', 'banners whose "(demo school seeded)" was wrong', b.untruthfulBanners, b.untruthfulBanners === 0);
  if (b.failures.length > 0 || !whole) failures.push(...b.failures.map((f) => `(b) ${f}`));
}

if (runs('c')) {
  const perRoute = quick ? 10 : 30;
  log(`(c) ${perRoute} malformed requests per route and role`);
  const c = await runMalformed({ perRoute, log });
  row('(c) malformed requests', 'requests (every route of the route table, every role)', c.requests, c.requests > 0);
  row('', 'answers 5xx', c.status5xx, c.status5xx === 0);
  row('', 'answers 422', c.status422, c.status422 === 0);
  if (c.failures.length > 0 || c.status5xx > 0 || c.status422 > 0) failures.push(...c.failures.map((f) => `(c) ${f}`));
}

const widths = [0, 1, 2].map((i) =>
  Math.max(...[['part', 'measure', 'value'][i]!.length, ...rows.map((r) => [r.part, r.measure, r.value][i]!.length)]),
);
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
const bad = rows.filter((r) => !r.ok);
console.log(
  `\nEvergrade chaos${quick ? ' (quick)' : ''}${only ? `, part ${only}` : ''}: ${((Date.now() - started) / 60_000).toFixed(1)} min\n`,
);
console.log(line(['part', 'measure', 'value']));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line([r.part, r.measure, r.ok ? r.value : `${r.value}  ✗`]));
if (failures.length > 0 || bad.length > 0) {
  console.log(
    `\nFAILED:\n${failures
      .slice(0, 40)
      .map((f) => `- ${f}`)
      .join('\n')}${failures.length > 40 ? `\n- … ${failures.length - 40} more` : ''}`,
  );
  process.exit(1);
}
console.log('\nAll parts held.');
process.exit(0);
