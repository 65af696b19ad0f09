import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Logo } from '../../components/logo';

export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="page-center">
      <div className="card error-card">
        <Logo />
        <h1>Something went wrong</h1>
        <p className="text-muted">{detail ?? 'An unexpected error occurred. Reload the page to try again.'}</p>
        <div className="row-gap">
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link to="/login" className="button button-secondary">
            Go to login
          </Link>
        </div>
      </div>
    </div>
  );
}
