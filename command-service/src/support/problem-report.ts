import { ConflictError, type EventOf, type ProblemCategory } from '@evergrade/contracts';
import type { Decider } from '../decider';

/** One report from the in-app "Report a problem" form, on `problem-report:{tenant}:{reportId}`. */
export type ProblemReportEvent = EventOf<'ProblemReported'>;

export type ProblemReport = { status: 'none' } | { status: 'reported'; reportId: number };

export type ReportProblem = {
  type: 'ReportProblem';
  reportId: number;
  category: ProblemCategory;
  message: string;
  page: string | null;
  reporter: { userId: number; role: string; name: string; email: string };
  now: string;
};

export const initialState = (): ProblemReport => ({ status: 'none' });

export function evolve(_state: ProblemReport, event: ProblemReportEvent): ProblemReport {
  return { status: 'reported', reportId: event.data.reportId };
}

export function decide(c: ReportProblem, state: ProblemReport): ProblemReportEvent[] {
  if (state.status !== 'none') throw new ConflictError('This report was already sent');
  const { reportId, category, message, page, reporter, now } = c;
  return [
    {
      type: 'ProblemReported',
      data: {
        reportId,
        category,
        message,
        page,
        reporterId: reporter.userId,
        reporterRole: reporter.role,
        reporterName: reporter.name,
        reporterEmail: reporter.email,
        reportedAt: now,
      },
    },
  ];
}

export const problemReportDecider: Decider<ReportProblem, ProblemReportEvent, ProblemReport> = { decide, evolve, initialState };
