import { create } from 'zustand';

/**
 * Questions being graded or regraded right now, per assignment and student (UI state only: the marks
 * themselves live in the query cache). A question listed here shows as inProgress.
 */
type RunningState = {
  running: Record<string, number[]>;
  start: (assignmentId: number, studentId: number, questionNumbers: number[]) => void;
  finish: (assignmentId: number, studentId: number, questionNumbers?: number[]) => void;
};

export const runKey = (assignmentId: number, studentId: number) => `${assignmentId}:${studentId}`;

export const useRunningStore = create<RunningState>((set) => ({
  running: {},
  start: (assignmentId, studentId, numbers) =>
    set((s) => {
      const key = runKey(assignmentId, studentId);
      return { running: { ...s.running, [key]: [...new Set([...(s.running[key] ?? []), ...numbers])] } };
    }),
  finish: (assignmentId, studentId, numbers) =>
    set((s) => {
      const key = runKey(assignmentId, studentId);
      const left = numbers ? (s.running[key] ?? []).filter((n) => !numbers.includes(n)) : [];
      const running = { ...s.running };
      if (left.length > 0) running[key] = left;
      else delete running[key];
      return { running };
    }),
}));

const NONE: number[] = [];

/** The question numbers of this student now in progress. */
export const useRunning = (assignmentId: number, studentId: number) =>
  useRunningStore((s) => s.running[runKey(assignmentId, studentId)] ?? NONE);
