import type { Database } from '@evergrade/platform/sql';

export type ResponseLocation = { assignmentId: number; studentId: number };
export type ResponseLocator = (tenant: string, responseId: number) => Promise<ResponseLocation | null>;

/**
 * response_id → its grading stream, from the `grading` read model (the spec's update-response sends only the id);
 * the decider then checks the response on the stream itself. A response recorded a moment ago may not be
 * projected yet, so an unknown id is looked up again for up to `waitMs`.
 */
export function createResponseLocator(db: Database, waitMs = 3000): ResponseLocator {
  return async (tenant, responseId) => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        const { rows } = await db.query<{ assignment_id: number; student_id: number }>(
          'SELECT assignment_id, student_id FROM gr_responses WHERE tenant = $1 AND response_id = $2', [tenant, responseId]);
        if (rows[0]) return { assignmentId: Number(rows[0].assignment_id), studentId: Number(rows[0].student_id) };
      } catch (err) {
        // Before the projector has created its tables nothing can be found yet.
        if ((err as { code?: string }).code !== '42P01') throw err;
      }
      if (Date.now() >= deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}
