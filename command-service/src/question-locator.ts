import type { Database } from '@evergrade/platform/sql';

/** question_id → assignment_id from the instructor-assignments read model (its table may not exist yet at start). */
export function createQuestionLocator(db: Database) {
  return async (tenant: string, questionId: number): Promise<number | null> => {
    try {
      const { rows } = await db.query<{ assignment_id: number }>(
        'SELECT assignment_id FROM ia_questions WHERE tenant = $1 AND question_id = $2', [tenant, questionId]);
      return rows[0]?.assignment_id ?? null;
    } catch (err) {
      // Before the projector has created its tables nothing can be found yet.
      if ((err as { code?: string }).code === '42P01') return null;
      throw err;
    }
  };
}
