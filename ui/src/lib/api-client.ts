import { AUTH_REDIRECT_DELAY_MS, CSRF_COOKIE, MESSAGES, type BodyOf, type ReplyOf, type RouteName } from '@evergrade/contracts';
import { useSessionStore, WELCOMED_KEY } from '../stores/session';
import { isOnLoginPage, navigateTo } from './navigation';

/**
 * The route table and its zod schemas (with zod itself, about a third of the login page's JavaScript) load in their own
 * chunk, fetched as soon as this module runs, beside the first render rather than before it (issue 16: the login page's
 * JavaScript under 150 KB gzipped). Calls made before it has loaded wait for it.
 */
type RouteTable = typeof import('./route-table');
let pending: Promise<RouteTable> = import('./route-table');
/** The table once loaded: calls then reach fetch without a pause (a save sent while the page hides must go at once). */
let loaded: RouteTable | null = null;
void pending.then((t) => (loaded = t)).catch(() => undefined);

/** The route table; when its chunk cannot be fetched, the call fails as unreachable and the next one fetches it again. */
async function routeTable(): Promise<RouteTable> {
  try {
    return (loaded = await pending);
  } catch {
    pending = import('./route-table');
    throw new ApiError(0, UNREACHABLE, undefined, false);
  }
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** False when the message is ours (no JSON body), so callers may prefer their own wording. */
    readonly fromServer = true,
  ) {
    super(message);
  }
}

/** The reply did not match the contract: a server/UI version skew, never the user's fault. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
}

export type CallOptions<N extends RouteName> = {
  params?: Record<string, string | number>;
  /** Querystring values; undefined and null are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  minPosition?: string | null;
  /** Overrides the stored tenant (login uses the e-mail's domain). */
  tenant?: string | null;
  signal?: AbortSignal;
  /** The request outlives the page (sent while the tab closes or reloads); the body must stay under 64 KB. */
  keepalive?: boolean;
  /**
   * Send this multipart form instead of a JSON body (uploads with files; the route's JSON fields as form fields).
   * The browser sets the Content-Type and its boundary.
   */
  form?: FormData;
  /**
   * The caller expects a 401 about the request itself (change-password: wrong current password);
   * only the server's "not signed in" reply then counts as a lost session.
   */
  handles401?: boolean;
  /** Extra request headers (the operator's pages send the operator key). */
  headers?: Record<string, string>;
} & (BodyOf<N> extends undefined ? { body?: undefined } : { body: BodyOf<N> });

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/**
 * The headers every call carries (CSRF token from its cookie, tenant), for the few calls that cannot go
 * through callApi: multipart uploads and newline-delimited JSON streams. Use with credentials: 'include'.
 */
export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { ...extra };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers['X-CSRF-TOKEN'] = csrf;
  const tenant = useSessionStore.getState().tenant;
  if (tenant) headers['X-Tenant'] = tenant;
  return headers;
}

const UNREACHABLE = 'Unable to reach the server. Check your connection and try again.';

/**
 * fetch for the calls that cannot go through callApi, with a network failure as an ApiError (status 0)
 * saying the server cannot be reached; an abort stays the AbortError it is.
 */
export async function fetchOrUnreachable(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, UNREACHABLE, undefined, false);
  }
}

/**
 * A failed raw fetch as an ApiError (the server's message when it sent one). The spec's rule holds here as in
 * callApi: a 401 or 422 ends the session (the server answers refusals 400/404/409/413/502, never 422).
 */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const error = await errorFrom(response);
  if (response.status === 401 || response.status === 422) onUnauthorized();
  return error;
}

let redirectTimer: ReturnType<typeof setTimeout> | undefined;

/** Error catalogue: 401 or 422 drop the stored session and send the browser to /login. */
function onUnauthorized(): void {
  useSessionStore.getState().clearUsers();
  try {
    sessionStorage.removeItem(WELCOMED_KEY);
  } catch {
    // storage can be unavailable (private mode); nothing to remove then
  }
  if (isOnLoginPage() || redirectTimer) return;
  redirectTimer = setTimeout(() => {
    redirectTimer = undefined;
    if (!isOnLoginPage()) navigateTo('/login');
  }, AUTH_REDIRECT_DELAY_MS);
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: fall through to a generic message
  }
  const { ErrorReplySchema } = loaded ?? (await routeTable());
  const parsed = ErrorReplySchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.message, parsed.data.field);
  return new ApiError(
    response.status,
    response.status >= 500 ? MESSAGES.internal : response.statusText || `HTTP ${response.status}`,
    undefined,
    false,
  );
}

function withQuery(path: string, query: CallOptions<RouteName>['query']): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v != null) search.append(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function callApi<N extends RouteName>(name: N, options: CallOptions<N> = {} as CallOptions<N>): Promise<ReplyOf<N>> {
  const { routes, routePath } = loaded ?? (await routeTable());
  const route = routes[name];
  const headers: Record<string, string> = { Accept: 'application/json' };
  const csrf = readCookie(CSRF_COOKIE);
  if (csrf) headers['X-CSRF-TOKEN'] = csrf;
  const tenant = options.tenant === undefined ? useSessionStore.getState().tenant : options.tenant;
  if (tenant) headers['X-Tenant'] = tenant;
  if (options.minPosition) headers['X-Min-Position'] = options.minPosition;
  if (options.form === undefined && options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.headers) Object.assign(headers, options.headers);

  let response: Response;
  try {
    response = await fetch(withQuery(routePath(route.path, options.params), options.query), {
      method: route.method,
      headers,
      credentials: 'include',
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, UNREACHABLE, undefined, false);
  }

  if (!response.ok) {
    const error = await errorFrom(response);
    // A public route's 401 (wrong code, wrong password) says nothing about a session.
    const sessionLost =
      (response.status === 401 || response.status === 422) &&
      route.access !== 'public' &&
      !(options.handles401 && error.message !== MESSAGES.notAuthenticated);
    if (sessionLost) onUnauthorized();
    throw error;
  }
  const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  const parsed = route.reply.safeParse(json);
  if (!parsed.success) {
    console.error(`Reply of ${route.method} ${route.path} does not match the contract`, parsed.error);
    throw new ContractError(`Unexpected reply from ${route.path}`);
  }
  return parsed.data as ReplyOf<N>;
}

/** For tests: forget a pending redirect. */
export function resetApiClient(): void {
  clearTimeout(redirectTimer);
  redirectTimer = undefined;
}
