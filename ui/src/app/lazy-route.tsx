import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '../components/spinner';

export const PageFallback = () => (
  <div className="page-center">
    <Spinner label="Loading" />
  </div>
);

/** A route element whose code loads on first visit (one chunk per area: admin, docs, onboarding, profiles). */
export function lazyRoute<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, fallback = <PageFallback />) {
  const Component = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
}
