import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';

/** The app's own "Report a problem" form (opened in a new tab); `from` is the page the user was on. */
export const FEEDBACK_PAGE = '/feedback';
export const feedbackPageHref = (from: string) => `${FEEDBACK_PAGE}?from=${encodeURIComponent(from)}`;

/** GET /support/config: settings the operator chose (FEEDBACK_URL); they do not change while the app runs. */
export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'] as const, queryFn: () => callApi('appConfig'), staleTime: Infinity, retry: 1 });

/**
 * Where "Report a problem" leads: the operator's form when FEEDBACK_URL is set, otherwise the app's own form
 * (also while the setting loads or cannot be read, so the button always leads somewhere that works).
 */
export function useFeedbackHref(from: string): string {
  const { data } = useQuery(appConfigQueryOptions());
  return data?.feedback_url ?? feedbackPageHref(from);
}
