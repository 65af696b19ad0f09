/**
 * The grader's evaluation: every labelled answer of grading/eval/*.json graded, then agreement with the teacher's
 * mark, the share flagged for review, the misses without a flag, and the same by kind.
 *
 *   npm run grading:eval                   the offline checker; exits 1 below the targets
 *   npm run grading:eval -- --json         the summary as JSON
 *   npm run grading:eval -- --provider ai  the AI provider of AI_BASE_URL / AI_MODEL / AI_API_KEY, graded as the app grades
 *   npm run grading:eval -- --dir grading/holdout --summary
 *                                          blind sets kept out of the project's sets (see grading/holdout/README.md)
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkAnswer } from './check';
import { parsePolicy, type MarkingPolicy } from './policy';

/** One labelled answer: a teacher's mark for a response to a question with its key. */
export type EvalEntry = {
  id: string;
  /** What it tests: spelling, real-word-slip, list, units, fractions, … */
  kind: string;
  question: string;
  key: string;
  marks: number;
  response: string;
  teacher_mark: number;
  note?: string;
  /** 'multiple choice', 'numerical', 'short answer', … (optional). */
  type?: string;
  /** The marking policy of the entry's set: its sibling file "X-policy.json" of "X.json" (none: the defaults). */
  policy?: MarkingPolicy;
};

export type Verdict = { points: number; flagged: boolean; feedback: string; reason?: string | undefined };
export type Grader = (entry: EvalEntry) => Promise<Verdict> | Verdict;

export type Tally = { answers: number; agree: number; flagged: number; missesUnflagged: number };
export type Miss = {
  id: string;
  kind: string;
  teacher: number;
  graded: number;
  flagged: boolean;
  response: string;
  reason?: string | undefined;
};
export type EvalSummary = Tally & {
  provider: string;
  agreement: number;
  flagRate: number;
  byKind: Record<string, Tally>;
  misses: Miss[];
  failures: string[];
};

/** The targets of issue 14: at least 95% agreement, every miss flagged, at most 15% flagged. */
export const TARGETS = { agreement: 0.95, flagRate: 0.15, missesUnflagged: 0 };

export const EVAL_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'eval');

/**
 * Every labelled answer of the folder's sets ("X.json"), each with its set's marking policy: the switches of the
 * sibling "X-policy.json" when there is one (the teacher's, as they would set them for their assignments).
 */
export function loadEvalSets(dir = EVAL_DIR): EvalEntry[] {
  const entries: EvalEntry[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('-policy.json'))
    .sort()) {
    const set = JSON.parse(readFileSync(join(dir, file), 'utf8')) as EvalEntry[];
    if (!Array.isArray(set)) throw new Error(`${file}: expected an array of labelled answers`);
    const policyFile = join(dir, file.replace(/\.json$/, '-policy.json'));
    const policy = existsSync(policyFile) ? parsePolicy(JSON.parse(readFileSync(policyFile, 'utf8')), policyFile) : undefined;
    for (const e of set) {
      if (typeof e.id !== 'string' || typeof e.response !== 'string' || typeof e.teacher_mark !== 'number' || typeof e.marks !== 'number')
        throw new Error(`${file}: entry ${JSON.stringify(e).slice(0, 80)} lacks id, response, marks or teacher_mark`);
      entries.push(policy ? { ...e, policy } : e);
    }
  }
  return entries;
}

/** The offline checker, as the app calls it (gradeOffline). */
export const offlineGrader: Grader = (e) => {
  const r = checkAnswer({
    question: e.question,
    answer: e.key,
    marksPossible: e.marks,
    response: e.response,
    questionType: e.type,
    policy: e.policy,
  });
  return { points: r.pointsObtained, flagged: !r.confident, feedback: r.feedback, reason: r.reason };
};

const same = (a: number, b: number) => Math.abs(a - b) < 1e-9;
const emptyTally = (): Tally => ({ answers: 0, agree: 0, flagged: 0, missesUnflagged: 0 });

export async function evaluate(entries: readonly EvalEntry[], grader: Grader, provider = 'offline'): Promise<EvalSummary> {
  const total = emptyTally();
  const byKind: Record<string, Tally> = {};
  const misses: Miss[] = [];
  for (const e of entries) {
    const v = await grader(e);
    const agree = same(v.points, e.teacher_mark);
    for (const t of [total, (byKind[e.kind] ??= emptyTally())]) {
      t.answers++;
      if (agree) t.agree++;
      if (v.flagged) t.flagged++;
      if (!agree && !v.flagged) t.missesUnflagged++;
    }
    if (!agree)
      misses.push({
        id: e.id,
        kind: e.kind,
        teacher: e.teacher_mark,
        graded: v.points,
        flagged: v.flagged,
        response: e.response,
        reason: v.reason,
      });
  }
  const agreement = total.answers ? total.agree / total.answers : 0;
  const flagRate = total.answers ? total.flagged / total.answers : 0;
  const failures: string[] = [];
  if (agreement < TARGETS.agreement) failures.push(`agreement ${pct(agreement)} is below ${pct(TARGETS.agreement)}`);
  if (total.missesUnflagged > TARGETS.missesUnflagged) failures.push(`${total.missesUnflagged} wrong mark(s) without a flag`);
  if (flagRate > TARGETS.flagRate) failures.push(`flag rate ${pct(flagRate)} is above ${pct(TARGETS.flagRate)}`);
  return { provider, ...total, agreement, flagRate, byKind, misses, failures };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The summary as a plain-text report with a table by kind. */
export function report(s: EvalSummary): string {
  const rows = Object.entries(s.byKind)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, t]) => [
      kind,
      String(t.answers),
      `${t.agree} (${pct(t.agree / t.answers)})`,
      String(t.flagged),
      String(t.missesUnflagged),
    ]);
  const head = ['kind', 'answers', 'agree', 'flagged', 'unflagged misses'];
  const all = [
    'all',
    String(s.answers),
    `${s.agree} (${pct(s.agreement)})`,
    `${s.flagged} (${pct(s.flagRate)})`,
    String(s.missesUnflagged),
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...[...rows, all].map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const missLines = s.misses.map(
    (m) =>
      `  ${m.flagged ? 'flagged ' : 'UNFLAGGED'} ${m.id} (${m.kind}): teacher ${m.teacher}, graded ${m.graded} — "${m.response}"${m.reason ? ` [${m.reason}]` : ''}`,
  );
  return [
    `Grader: ${s.provider} — ${s.answers} labelled answers`,
    `Agreement with the teacher: ${s.agree}/${s.answers} (${pct(s.agreement)}), target ≥ ${pct(TARGETS.agreement)}`,
    `Flagged for review: ${s.flagged} (${pct(s.flagRate)}), target ≤ ${pct(TARGETS.flagRate)}`,
    `Wrong without a flag: ${s.missesUnflagged}, target ${TARGETS.missesUnflagged}`,
    '',
    line(head),
    rule,
    ...rows.map(line),
    rule,
    line(all),
    ...(missLines.length ? ['', 'Marks that differ from the teacher’s:', ...missLines] : []),
    '',
    s.failures.length ? `FAIL: ${s.failures.join('; ')}` : 'PASS: every target met',
  ].join('\n');
}

/** The AI provider of the environment, graded through the app's own path (gradeResponse: its prompt, parsing and flags). */
async function aiGrader(): Promise<{ grader: Grader; name: string }> {
  const { loadConfig } = await import('@evergrade/platform/config');
  const { createAiProvider } = await import('@evergrade/platform/ai');
  const { gradeResponse } = await import('../../command-service/src/grading/grade');
  const ai = createAiProvider(loadConfig());
  if (ai.offline) throw new Error('--provider ai needs an AI provider: set AI_BASE_URL and AI_MODEL (and AI_API_KEY if it needs one)');
  let n = 0;
  const grader: Grader = async (e) => {
    let fellBack = '';
    const r = await gradeResponse(
      ai,
      {
        questionId: ++n,
        questionNumber: 1,
        question: e.question,
        answer: e.key,
        gradingInstructions: '',
        marksPossible: e.marks,
        tags: [],
        questionType: e.type,
        version: 1,
      },
      e.response,
      '',
      (err) => (fellBack = err instanceof Error ? err.message : String(err)),
    );
    // A reply the app could not use falls back to the offline checker there; here it counts as flagged.
    return {
      points: r.pointsObtained,
      flagged: r.flaggedForReview !== '' || fellBack !== '',
      feedback: r.feedback,
      reason: fellBack || r.flaggedForReview,
    };
  };
  return { grader, name: `ai (${ai.name})` };
}

async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const at = argv.indexOf('--provider');
  const provider = at >= 0 ? argv[at + 1] : 'offline';
  if (provider !== 'offline' && provider !== 'ai') {
    console.error(`Unknown provider "${provider}": use --provider offline or --provider ai`);
    return 2;
  }
  // --dir: another folder of labelled sets (grading/holdout: blind sets, reported, not part of CI's targets).
  const dirAt = argv.indexOf('--dir');
  const entries = dirAt >= 0 && argv[dirAt + 1] ? loadEvalSets(argv[dirAt + 1]) : loadEvalSets();
  const { grader, name } = provider === 'ai' ? await aiGrader() : { grader: offlineGrader, name: 'offline' };
  const summary = await evaluate(entries, grader, name);
  const text = report(summary);
  // --summary: the figures and the table by kind, without the list of differing marks.
  console.log(json ? JSON.stringify(summary, null, 2) : argv.includes('--summary') ? text.split('\nMarks that differ')[0] : text);
  return summary.failures.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
