import {
  GradeSubmissionLineSchema,
  routes,
  StaleResponseEditReplySchema,
  type CurrentResponse,
  type GradeSubmissionLine,
  type RegradeQuestionBody,
  type UpdateResponseBody,
} from '@evergrade/contracts';
import { ApiError, apiErrorFrom, apiHeaders, callApi, fetchOrUnreachable } from '../../../lib/api-client';
import { postNdjson } from '../../../lib/ndjson';

/** POST /grader/grade-submission: one line per graded question, then complete or error. */
export const gradeSubmission = (
  body: { assignment_id: number; student_id: number; override_manual?: boolean },
  onLine: (line: GradeSubmissionLine) => void,
  signal?: AbortSignal,
) => postNdjson(routes.gradeSubmission.path, body, GradeSubmissionLineSchema, onLine, signal);

/** POST /grader/regrade-question for one student (all_students stays false: "all students" is one call each). */
export const regradeQuestion = (body: RegradeQuestionBody) => callApi('regradeQuestion', { body: { ...body, all_students: false } });

/** POST /grader/reset-grading-status */
export const resetGradingStatus = (assignmentId: number, studentIds: number[]) =>
  callApi('resetGradingStatus', { body: { assignment_id: assignmentId, student_ids: studentIds } });

/** Someone else changed the response first: the server's message and the value it holds now. */
export class StaleEditError extends Error {
  override readonly name = 'StaleEditError';
  constructor(
    message: string,
    readonly current: CurrentResponse,
  ) {
    super(message);
  }
}

/**
 * POST /grader/update-response with the version the edit was based on. Resolves with the new version;
 * a 409 with the current value is a StaleEditError, any other failure an ApiError.
 */
export async function updateResponse(body: UpdateResponseBody): Promise<{ version: number; position: string | null }> {
  const response = await fetchOrUnreachable(routes.updateResponse.path, {
    method: 'POST',
    body: JSON.stringify(body),
    credentials: 'include',
    headers: apiHeaders({ Accept: 'application/json', 'Content-Type': 'application/json' }),
  });
  if (response.status === 409) {
    const stale = StaleResponseEditReplySchema.safeParse(
      await response
        .clone()
        .json()
        .catch(() => null),
    );
    if (stale.success) throw new StaleEditError(stale.data.message, stale.data.current);
  }
  if (!response.ok) throw await apiErrorFrom(response);
  const parsed = routes.updateResponse.reply.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(0, 'Unexpected reply from the server.', undefined, false);
  return { version: parsed.data.version, position: parsed.data.position ?? null };
}
