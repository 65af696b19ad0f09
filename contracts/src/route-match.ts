import { routes, type RouteDef } from './routes/index';

const compiled = Object.values(routes as Record<string, RouteDef>).map((r) => ({
  route: r,
  regex: new RegExp(`^${r.path.replace(/:[a-zA-Z_]+/g, '[^/]+')}$`),
}));

/** The contract route a request hits, or undefined: the gateway routes command and query sides by it. */
export function matchRoute(method: string, pathname: string): RouteDef | undefined {
  return compiled.find((c) => c.route.method === method && c.regex.test(pathname))?.route;
}

/**
 * The spec's API prefixes (the calls the product makes, documents 1-3), whether or not a route of ours answers
 * under each yet: `/chatbot/...` is the API's even where we serve one route of it.
 */
export const SPEC_API_PREFIXES = [
  'auth',
  'students',
  'instructors',
  'grader',
  'chatbot',
  'document-processor',
  'editor',
  'sessions',
] as const;

/** Every first path segment the API answers under: the spec's and the route table's (so a new area is covered). */
export const API_PREFIXES: ReadonlySet<string> = new Set([...SPEC_API_PREFIXES, ...compiled.map((c) => c.route.path.split('/')[1]!)]);

/**
 * API prefixes that are also sections of the app: the admin console's pages live at /admin/... beside the admin API,
 * the analyst's Reports page at /analyst beside the analyst API (router.tsx keeps its pages clear of the API's paths).
 * There a browser navigation gets the app.
 */
const SHARED_WITH_APP: ReadonlySet<string> = new Set(['admin', 'analyst']);

const firstSegment = (pathname: string) => pathname.split('/')[1] ?? '';

/** Whether the path lies under an API prefix (`/students/...`; not `/student/...`, the student's pages). */
export const isApiPath = (pathname: string): boolean => API_PREFIXES.has(firstSegment(pathname));

/**
 * What a request that no route answered gets: the app's page (which routes it, unknown pages showing the login page)
 * for a GET or HEAD outside the API that is not asking for JSON; a JSON 404 for everything else, so an unknown API
 * path is never answered with the app and a 200. Under a prefix shared with the app, only a browser navigation
 * (Accept names text/html) gets the page.
 */
export function wantsAppPage(method: string, pathname: string, accept = ''): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (accept.includes('application/json')) return false;
  if (!isApiPath(pathname)) return true;
  return SHARED_WITH_APP.has(firstSegment(pathname)) && accept.includes('text/html');
}
