import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/** The frame of both profile pages: heading, then the two forms, or a loading/error state. */
export function ProfilePage({
  status,
  onRetry,
  children,
}: {
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <div className="page page-narrow">
      <div className="page-head">
        <div>
          <h2 className="page-title">Profile and Settings</h2>
          <p className="text-muted">Manage your name and password.</p>
        </div>
      </div>
      {status === 'pending' && <Spinner label="Loading your profile" />}
      {status === 'error' && (
        <div className="card error-card">
          <p>We couldn't load your profile.</p>
          <button type="button" className="button button-secondary" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {status === 'success' && children}
    </div>
  );
}
