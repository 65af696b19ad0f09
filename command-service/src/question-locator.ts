import type { IdOwners } from './id-owners';

/** question_id → its assignment, from the question id's allocation in the event store (id-owners.ts), for this school only. */
export function createQuestionLocator(owners: IdOwners) {
  return async (tenant: string, questionId: number): Promise<number | null> =>
    (await owners.find(tenant, 'question', questionId))?.assignmentId ?? null;
}
