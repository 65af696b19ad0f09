/**
 * Answers a PDF upload replaced, kept on this device (per student and assignment) so the student can read and
 * restore them after a reload too. The server keeps them as well: each was an earlier AnswerSaved event.
 */
export type ReplacedAnswer = {
  text: string;
  /** 'pdf': the typed answer the upload replaced; 'restore': the PDF's answer the student swapped back out. */
  by: 'pdf' | 'restore';
};
export type ReplacedAnswers = Record<number, ReplacedAnswer>;

const storageKey = (userId: number, assignmentId: number) => `evergrade-replaced:${userId}:${assignmentId}`;

export function loadReplaced(userId: number, assignmentId: number): ReplacedAnswers {
  try {
    const raw = localStorage.getItem(storageKey(userId, assignmentId));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as ReplacedAnswers) : {};
  } catch {
    return {};
  }
}

export function storeReplaced(userId: number, assignmentId: number, replaced: ReplacedAnswers): void {
  try {
    if (Object.keys(replaced).length === 0) localStorage.removeItem(storageKey(userId, assignmentId));
    else localStorage.setItem(storageKey(userId, assignmentId), JSON.stringify(replaced));
  } catch {
    // storage full or unavailable: the replaced answers stay in this page and in the server's history
  }
}
