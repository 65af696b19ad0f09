import { byText, dayOf, defineReport, round, timeOf, within } from './report';
import { foldResponseMarks, handOf, type ResponseMarks } from './response-marks';
import { personName } from './school';

/** One day's marks set by one grader (a model, the offline checker) or one instructor. */
type Bucket = {
  day: string;
  source: 'automatic' | 'by hand';
  graderKind: 'ai' | 'offline' | 'instructor';
  /** The model's name or 'offline'; null for an instructor (named at the end, by id). */
  grader: string | null;
  instructorId: number | null;
  changes: number;
  firstMarks: number;
  raised: number;
  lowered: number;
  unchanged: number;
  moves: number[];
};

type State = { marks: ResponseMarks; buckets: Map<string, Bucket> };

const TIME_FIELD: Record<string, string> = {
  ResponseGraded: 'gradedAt',
  ResponseMarkEdited: 'editedAt',
  RegradeRequestResolved: 'resolvedAt',
};

/**
 * Grade changes over time: every mark set in the window, by day and by who set it (automatic: the AI model or the
 * offline checker; by hand: the instructor, an edit or an accepted regrade request), with how far marks moved.
 */
export const gradeChanges = defineReport<State>({
  id: 'grade-changes',
  title: 'Grade changes over time',
  description:
    'Every mark set in the window, by day: automatic (AI model or offline grader) or by hand (per instructor), how many were first marks, raised, lowered or unchanged, and the mean and largest size of a change.',
  columns: [
    { key: 'day', label: 'Day', type: 'string' },
    { key: 'source', label: 'Source', type: 'string' },
    { key: 'grader_kind', label: 'Grader kind', type: 'string' },
    { key: 'by', label: 'Set by', type: 'string' },
    { key: 'changes', label: 'Marks set', type: 'integer' },
    { key: 'first_marks', label: 'First marks', type: 'integer' },
    { key: 'raised', label: 'Raised', type: 'integer' },
    { key: 'lowered', label: 'Lowered', type: 'integer' },
    { key: 'unchanged', label: 'Unchanged', type: 'integer' },
    { key: 'mean_change', label: 'Mean change (points)', type: 'number' },
    { key: 'mean_abs_change', label: 'Mean size of change (points)', type: 'number' },
    { key: 'max_abs_change', label: 'Largest change (points)', type: 'number' },
  ],
  chart: { kind: 'bar', x: 'day', y: ['changes'], series: 'source' },
  init: () => ({ marks: new Map(), buckets: new Map() }),
  evolve(state, event, { window }) {
    foldResponseMarks(state.marks, event, ({ change, before, after }) => {
      if (change.kind !== 'graded' && change.kind !== 'edited') return;
      const at = timeOf((event.data as Record<string, unknown>)[TIME_FIELD[event.type] ?? '']);
      const when = Number.isNaN(at) ? event.recordedAt.getTime() : at;
      if (!within(when, window)) return;
      const automatic = change.kind === 'graded';
      const grader = automatic ? (event.data as { grader: { kind: 'ai' | 'offline'; name: string } }).grader : null;
      const instructorId = automatic ? null : handOf(event);
      const day = dayOf(when);
      const key = `${day}|${automatic ? `a:${grader!.name}` : `h:${instructorId}`}`;
      let b = state.buckets.get(key);
      if (!b) {
        b = {
          day,
          source: automatic ? 'automatic' : 'by hand',
          graderKind: grader?.kind ?? 'instructor',
          grader: grader?.name ?? null,
          instructorId,
          changes: 0,
          firstMarks: 0,
          raised: 0,
          lowered: 0,
          unchanged: 0,
          moves: [],
        };
        state.buckets.set(key, b);
      }
      b.changes += 1;
      if (!before?.graded) {
        b.firstMarks += 1;
        return;
      }
      const move = after.points - before.points;
      b.moves.push(move);
      if (move > 1e-9) b.raised += 1;
      else if (move < -1e-9) b.lowered += 1;
      else b.unchanged += 1;
    });
  },
  rows(state, { school, naming }) {
    return [...state.buckets.values()]
      .map((b) => ({ b, by: b.grader ?? personName(school, b.instructorId, naming) }))
      .sort((x, y) => byText(x.b.day, y.b.day) || byText(x.b.source, y.b.source) || byText(x.by, y.by))
      .map(({ b, by }) => ({
        day: b.day,
        source: b.source,
        grader_kind: b.graderKind,
        by,
        changes: b.changes,
        first_marks: b.firstMarks,
        raised: b.raised,
        lowered: b.lowered,
        unchanged: b.unchanged,
        mean_change: b.moves.length ? round(b.moves.reduce((s, m) => s + m, 0) / b.moves.length) : null,
        mean_abs_change: b.moves.length ? round(b.moves.reduce((s, m) => s + Math.abs(m), 0) / b.moves.length) : null,
        max_abs_change: b.moves.length ? round(Math.max(...b.moves.map(Math.abs))) : null,
      }));
  },
});
