/**
 * Bytes a cached submission state takes in V8: `N` states of `Q` answers (question ids from `FIRST`, `SAVES` saves
 * each), measured as the heap's growth after a full collection. Not a test: run it on its own,
 * `FIRST=1000 node --expose-gc --import tsx command-service/src/submission/state-bytes.ts`.
 */
import { evolve, initialState, type Submission, type SubmissionEvent } from './submission';

const N = Number(process.env.N ?? 5000);
const QUESTIONS = Number(process.env.Q ?? 20);
const FIRST = Number(process.env.FIRST ?? 300);
const SAVES = Number(process.env.SAVES ?? 60);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function build(i: number): Submission {
  let s = initialState();
  for (let k = 0; k < SAVES; k++) {
    const event = {
      type: 'AnswerSaved',
      data: {
        assignmentId: 1,
        studentId: i,
        questionId: FIRST + ((k * 7 + i) % QUESTIONS),
        responseContent: `answer ${i} ${k}`,
        savedAt: new Date(1e12 + k).toISOString(),
        clientSavedAt: new Date(1e12 + k).toISOString(),
      },
    } as SubmissionEvent;
    s = evolve(s, event);
  }
  return s;
}

gc();
gc();
const before = process.memoryUsage().heapUsed;
const kept: Submission[] = [];
for (let i = 0; i < N; i++) kept.push(build(i));
gc();
gc();
const after = process.memoryUsage().heapUsed;
console.log(JSON.stringify({ states: kept.length, questions: QUESTIONS, firstId: FIRST, bytesPerState: Math.round((after - before) / N) }));
