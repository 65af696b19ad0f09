import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../logo';
import { ThemeToggle } from '../theme-toggle';

/** The split page of login, signup and password reset: a brand panel and a card. */
export function AuthShell({ aside, children, wide = false }: { aside: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="login-page">
      <aside className="login-brand">
        <Link to="/" className="login-logo" aria-label="Evergrade home">
          <Logo size={36} />
        </Link>
        <div className="login-brand-copy">{aside}</div>
        <p className="login-foot">
          © {new Date().getFullYear()} Evergrade ·{' '}
          <Link to="/docs" className="login-foot-link">
            Documentation
          </Link>
        </p>
      </aside>
      <main className="login-main">
        <div className="login-theme">
          <ThemeToggle />
        </div>
        <div className={`login-card card${wide ? ' login-card-wide' : ''}`}>
          <Link to="/" className="login-logo-mobile" aria-label="Evergrade home">
            <Logo size={30} />
          </Link>
          {children}
        </div>
      </main>
    </div>
  );
}
