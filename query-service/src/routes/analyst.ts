import type { FastifyInstance } from 'fastify';
import {
  ANALYST_MESSAGES,
  DomainError,
  DomainEventSchema,
  ValidationError,
  reportWindow,
  routes,
  type AnalystEventLine,
  type RunReportLine,
} from '@evergrade/contracts';
import { ndjson, registerRoute, sessionOf } from '@evergrade/platform/http';
import type { QueryServiceDeps } from '../context';
import { reportList, runReport } from '../reports/engine';
import { createRedactor } from '../reports/redact';
import { ReplayAborted, countSchoolEvents, replaySchool } from '../reports/replay';
import { evolveSchool, initialSchool } from '../reports/school';
import { analystNaming } from '../reports/naming';

const EVENT_TYPES = new Set<string>(DomainEventSchema.options.map((o) => o.shape.type.value));

/** `AnswerSaved,AssignmentSubmitted` → the set of types; absent: every type. Unknown names are refused (400). */
export function parseTypes(types: string | undefined): Set<string> | null {
  const names = (types ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (names.length === 0) return null;
  const unknown = names.filter((n) => !EVENT_TYPES.has(n));
  if (unknown.length > 0) throw new ValidationError(`${ANALYST_MESSAGES.unknownType}: ${unknown.slice(0, 5).join(', ')}`, 'types');
  return new Set(names);
}

const FAILED = 'The report could not be built. Try again, or a shorter window.';

/**
 * The analyst's reports and export (issue 15, item 5). Both replay the school's own events from the store into a
 * throwaway, in-memory projection (reports/), so they show the log as it is now, not a read model's lag.
 */
export function analystRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const log = () => {
    if (!deps.eventLog) throw new DomainError(503, 'Reports are not available in this process: it has no event store.');
    return deps.eventLog;
  };

  registerRoute(app, deps.sessions, routes.analystReports, async () => reportList());

  registerRoute(app, deps.sessions, routes.analystRunReport, async (request, reply) => {
    const { tenant } = sessionOf(request);
    const store = log();
    const window = reportWindow(request.body.from, request.body.to);
    const naming = await analystNaming(store, tenant);
    const total = await countSchoolEvents(deps.db, store, tenant);
    await ndjson<RunReportLine>(reply, request, 'analyst report', async (write, signal) => {
      try {
        const complete = await runReport({
          store,
          tenant,
          report: request.body.report,
          window,
          naming,
          total,
          signal,
          onProgress: ({ done, total }) => write({ status: 'progress', done, total }),
        });
        write(complete);
      } catch (err) {
        if (err instanceof ReplayAborted) return;
        request.log.error({ err }, 'analyst report failed');
        write({ status: 'error', message: FAILED });
      }
    });
  });

  registerRoute(app, deps.sessions, routes.analystEvents, async (request, reply) => {
    const { tenant } = sessionOf(request);
    const store = log();
    const types = parseTypes(request.query.types);
    const from = request.query.from ? reportWindow(request.query.from, request.query.from).from.getTime() : -Infinity;
    const to = request.query.to ? reportWindow(request.query.to, request.query.to).to.getTime() : Infinity;
    const naming = await analystNaming(store, tenant);
    await ndjson<AnalystEventLine>(reply, request, 'analyst events', async (write, signal) => {
      const school = initialSchool();
      const redactor = createRedactor(school, naming);
      try {
        await replaySchool(
          store,
          (event) => {
            evolveSchool(school, event);
            const at = event.recordedAt.getTime();
            if (at < from || at > to || (types && !types.has(event.type))) return;
            write(redactor.line(event));
          },
          { tenant, signal },
        );
      } catch (err) {
        if (!(err instanceof ReplayAborted)) throw err;
      }
    });
  });
}
