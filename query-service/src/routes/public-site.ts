import type { FastifyInstance } from 'fastify';
import {
  CHAT_LIMITS,
  GRADING_PROJECTION,
  LIBRARY_PROJECTIONS,
  PROJECTIONS,
  SHARED_LIBRARY_TENANT,
  UNKNOWN_AUTHOR,
  routes,
  type PublicSite,
} from '@evergrade/contracts';
import { registerRoute } from '@evergrade/platform/http';
import {
  countGradedResponses,
  courseSubjectsOfPlatform,
  platformPeopleCounts,
  textbookSubjectsOfPlatform,
  textbooksOfTenants,
} from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';
import { MEASURED_GRADING_ACCURACY } from '../grading-accuracy';

/** The operator's settings for the public pages (LANDING_PAGE, BOOKING_URL, SIGNUP_URL, GUEST_DAILY_CHATS, SITE_GRADING_ACCURACY). */
export type SiteSettings = {
  landingPage?: boolean;
  bookingUrl?: string | undefined;
  signupUrl?: string | undefined;
  guestDailyChats?: number | undefined;
  gradingAccuracy?: number | undefined;
};

export const DEFAULT_SIGNUP_PATH = '/instructor/signup';

const SOURCES = [PROJECTIONS.directory, GRADING_PROJECTION, LIBRARY_PROJECTIONS.textbooks];

type Figures = Pick<PublicSite['metrics'], 'questions_graded' | 'teachers' | 'subjects' | 'schools'>;

/**
 * `GET /public/site` (public): what the landing page and /website2 show. The figures are counted from the read
 * models across schools; they are counted again only once a read model they come from has moved on (its
 * checkpoint), and one count at a time, so a busy public page costs one small query per request.
 */
export function publicSiteRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  guestTextbookRoutes(app, deps);
  const site = deps.site ?? {};
  const figures = keptFigures(deps);
  registerRoute(app, deps.sessions, routes.publicSite, async (request) => {
    await awaitProjections(request, deps, SOURCES);
    const operator = site.gradingAccuracy;
    const measured = MEASURED_GRADING_ACCURACY?.accuracy;
    return {
      landing_page: site.landingPage ?? false,
      booking_url: site.bookingUrl ?? null,
      signup_url: site.signupUrl ?? DEFAULT_SIGNUP_PATH,
      guest_daily_chats: site.guestDailyChats ?? CHAT_LIMITS.guestDailyChats,
      metrics: {
        ...(await figures()),
        grading_accuracy: operator ?? measured ?? null,
        grading_accuracy_source: operator !== undefined ? ('operator' as const) : measured !== undefined ? ('measured' as const) : null,
      },
    };
  });
}

/** `GET /chatbot/guest-textbooks` (public): the shared books a guest may ask, ready ones only. */
export function guestTextbookRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.guestTextbooks, async (request) => {
    await awaitProjections(request, deps, [LIBRARY_PROJECTIONS.textbooks]);
    const rows = await textbooksOfTenants(deps.db, [SHARED_LIBRARY_TENANT]);
    return rows
      .filter((t) => t.status === 'ready')
      .map((t) => ({
        textbook_id: t.textbook_id,
        title: t.title,
        author: t.author || UNKNOWN_AUTHOR,
        subject: t.subject,
        example_queries: t.example_queries,
        status: t.status,
        page_count: t.page_count,
        shared: true,
      }));
  });
}

function keptFigures(deps: QueryServiceDeps): () => Promise<Figures> {
  let kept: { key: string; figures: Figures } | null = null;
  let turn: Promise<unknown> = Promise.resolve();
  const positions = async () => {
    const { rows } = await deps.db.query<{ name: string; position: string | null }>(
      'SELECT name, position FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name',
      [SOURCES],
    );
    return rows.map((r) => `${r.name}@${r.position ?? ''}`).join(' ');
  };
  const count = async (): Promise<Figures> => {
    const key = await positions();
    if (kept?.key === key) return kept.figures;
    const [graded, people, courseSubjects, bookSubjects] = await Promise.all([
      countGradedResponses(deps.db),
      platformPeopleCounts(deps.db),
      courseSubjectsOfPlatform(deps.db),
      textbookSubjectsOfPlatform(deps.db),
    ]);
    const figures = {
      questions_graded: graded,
      teachers: people.instructors,
      subjects: new Set([...courseSubjects, ...bookSubjects]).size,
      schools: people.schools,
    };
    kept = { key, figures };
    return figures;
  };
  return () => {
    const next = turn.then(count, count);
    turn = next.catch(() => undefined);
    return next;
  };
}
