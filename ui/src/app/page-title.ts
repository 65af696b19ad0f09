import { useMatches } from 'react-router';
import type { RouteHandle } from './router';

/** The deepest matched route's title (its handle), for the shell's header; 'Dashboard' when none has one. */
export function usePageTitle(): string {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  return handle?.title ?? 'Dashboard';
}
