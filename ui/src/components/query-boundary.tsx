import type { ReactNode } from 'react';
import { Spinner } from './spinner';

type Query<T> = { status: 'pending' | 'error' | 'success'; data: T | undefined; refetch: () => unknown };

/** Spinner while loading, a retry card on failure, the page once the data is here. */
export function QueryBoundary<T>({ query, label, children }: { query: Query<T>; label: string; children: (data: T) => ReactNode }) {
  if (query.status === 'pending') return <Spinner label={`Loading ${label}`} />;
  if (query.status === 'error' || query.data === undefined) {
    return (
      <div className="card error-card" role="alert">
        <p>We couldn't load {label}.</p>
        <div>
          <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
