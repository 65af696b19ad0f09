import type { BodyOf } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

export type ProblemReportInput = BodyOf<'reportProblem'>;

/** POST /support/report-problem: stored for the school's admin. */
export const reportProblem = (body: ProblemReportInput) => callApi('reportProblem', { body });
