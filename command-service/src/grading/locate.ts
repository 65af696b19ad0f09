import type { IdOwners } from '../id-owners';

export type ResponseLocation = { assignmentId: number; studentId: number };
export type ResponseLocator = (tenant: string, responseId: number) => Promise<ResponseLocation | null>;

/**
 * response_id → its grading stream (the spec's update-response sends only the id), from the response id's allocation
 * in the event store (id-owners.ts): recorded before the id is handed out, so a response recorded a moment ago is
 * found at once. The decider then checks the response on the stream itself.
 */
export function createResponseLocator(owners: IdOwners): ResponseLocator {
  return async (tenant, responseId) => {
    const owner = await owners.find(tenant, 'response', responseId);
    return owner?.studentId === undefined ? null : { assignmentId: owner.assignmentId, studentId: owner.studentId };
  };
}
