/** Test helpers for the grading UI: a routed fetch stand-in that can also stream NDJSON replies. */
import { vi } from 'vitest';
import type { GradedQuestion, StudentGrading } from '@evergrade/contracts';
import { json, ndjson } from '../../testing/replies';

export { json, ndjson };

export type Route = (url: URL, init: RequestInit, body: unknown) => Response | Promise<Response>;
export type Call = { key: string; url: URL; init: RequestInit; body: unknown; at: number };

/** The network boundary by "METHOD /path"; every call is recorded with its time. */
export function stubNetwork(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      let body: unknown;
      try {
        body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      } catch {
        body = init.body;
      }
      calls.push({ key, url, init, body, at: Date.now() });
      const route = routes[key];
      return route ? route(url, init, body) : json({ message: `no handler for ${key}` }, 404);
    }),
  );
  return { calls, of: (key: string) => calls.filter((c) => c.key === key) };
}

export const gradedQuestion = (n: number, extra: Partial<GradedQuestion> = {}): GradedQuestion => ({
  response_id: 100 + n,
  question_id: 10 + n,
  question_number: n,
  question: `Question ${n} text`,
  answer: `Answer ${n}`,
  response: `Response ${n}`,
  points_obtained: 0,
  points_possible: 2,
  feedback: '',
  original_feedback: '',
  graded: false,
  flagged_for_review: '',
  flag_resolved: false,
  graded_by: '',
  version: 1,
  ...extra,
});

export function studentRecord(id: number, name: string, questions: GradedQuestion[], extra: Partial<StudentGrading> = {}): StudentGrading {
  const obtained = questions.reduce((s, q) => s + q.points_obtained, 0);
  const possible = questions.reduce((s, q) => s + q.points_possible, 0);
  return {
    student_id: id,
    questions,
    grading: { obtained, possible, assignment_title: 'Forces' },
    student_data: { student_name: name, original_filename: `${name}.pdf` },
    graded: questions.length > 0 && questions.every((q) => q.graded),
    flag_count: questions.filter((q) => q.flagged_for_review && !q.flag_resolved).length,
    source: 'file',
    ...extra,
  };
}
