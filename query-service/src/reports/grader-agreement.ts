import { byText, defineReport, mean, round, timeOf, within } from './report';
import { foldResponseMarks, type ResponseMarks } from './response-marks';
import { assignmentTitle } from './school';

/** An automatic mark and what an instructor made of it (null: left as it was). */
type Pair = {
  assignmentId: number;
  questionId: number;
  questionNumber: number;
  at: number;
  grader: string;
  auto: number;
  hand: number | null;
};

type State = { marks: ResponseMarks; open: Map<string, Pair>; closed: Pair[]; possible: Map<number, number> };

const EPSILON = 1e-9;

/**
 * Grader agreement per question: each automatic mark (AI model or offline grader) set in the window, paired with the
 * mark an instructor set by hand on the same response after it (an edit, an accepted regrade request), until the
 * response is graded again or answered anew. Agreement: the share of automatic marks no instructor moved.
 */
export const graderAgreement = defineReport<State>({
  id: 'grader-agreement',
  title: 'Grader vs instructor agreement',
  description:
    'Per question: how many automatic marks (AI model or offline grader) were set in the window, how many an instructor reviewed by hand and how many they moved, the agreement rate, and how far marks moved (mean, mean size, largest).',
  columns: [
    { key: 'assignment', label: 'Assignment', type: 'string' },
    { key: 'question_number', label: 'Question', type: 'integer' },
    { key: 'question', label: 'Assignment and question', type: 'string' },
    { key: 'points_possible', label: 'Points possible', type: 'number' },
    { key: 'graders', label: 'Graders', type: 'string' },
    { key: 'automatic_marks', label: 'Automatic marks', type: 'integer' },
    { key: 'reviewed', label: 'Reviewed by hand', type: 'integer' },
    { key: 'moved', label: 'Moved by instructor', type: 'integer' },
    { key: 'agreement_pct', label: 'Agreement (%)', type: 'number' },
    { key: 'mean_move', label: 'Mean move (points)', type: 'number' },
    { key: 'mean_abs_move', label: 'Mean size of move (points)', type: 'number' },
    { key: 'max_abs_move', label: 'Largest move (points)', type: 'number' },
  ],
  chart: { kind: 'bar', x: 'question', y: ['agreement_pct'] },
  init: () => ({ marks: new Map(), open: new Map(), closed: [], possible: new Map() }),
  evolve(state, event, { window }) {
    foldResponseMarks(state.marks, event, ({ key, assignmentId, questionId, change, after }) => {
      if (after.pointsPossible !== null) state.possible.set(questionId, after.pointsPossible);
      const open = state.open.get(key);
      if (change.kind === 'recorded' || change.kind === 'graded') {
        if (open) state.closed.push(open);
        state.open.delete(key);
      }
      if (change.kind === 'graded') {
        const at = timeOf((event.data as { gradedAt?: unknown }).gradedAt);
        const when = Number.isNaN(at) ? event.recordedAt.getTime() : at;
        if (!within(when, window)) return;
        const grader = (event.data as { grader: { name: string } }).grader.name;
        state.open.set(key, {
          assignmentId,
          questionId,
          questionNumber: after.questionNumber,
          at: when,
          grader,
          auto: change.points,
          hand: null,
        });
      }
      if (change.kind === 'edited' && open) open.hand = change.points;
    });
  },
  rows(state, { school }) {
    const groups = new Map<number, Pair[]>();
    for (const p of [...state.closed, ...state.open.values()]) {
      const list = groups.get(p.questionId) ?? [];
      list.push(p);
      groups.set(p.questionId, list);
    }
    return [...groups.entries()]
      .map(([questionId, pairs]) => {
        const first = pairs[0]!;
        const reviewed = pairs.filter((p) => p.hand !== null);
        const moves = reviewed.map((p) => p.hand! - p.auto).filter((m) => Math.abs(m) > EPSILON);
        const assignment = assignmentTitle(school, first.assignmentId);
        const number = school.questions.get(questionId)?.number ?? first.questionNumber;
        return {
          assignment,
          question_number: number,
          question: `${assignment} · Q${number}`,
          points_possible: state.possible.get(questionId) ?? school.questions.get(questionId)?.possible ?? null,
          graders: [...new Set(pairs.map((p) => p.grader))].sort(byText).join(', '),
          automatic_marks: pairs.length,
          reviewed: reviewed.length,
          moved: moves.length,
          agreement_pct: round((100 * (pairs.length - moves.length)) / pairs.length, 1),
          mean_move: mean(moves),
          mean_abs_move: mean(moves.map(Math.abs)),
          max_abs_move: moves.length ? round(Math.max(...moves.map(Math.abs))) : null,
        };
      })
      .sort((x, y) => byText(x.assignment, y.assignment) || x.question_number - y.question_number);
  },
});
