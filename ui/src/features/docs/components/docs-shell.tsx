import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { ThemeToggle } from '../../../components/theme-toggle';

/** The public documentation area's frame: its own slim header, no sign-in needed. */
export function DocsShell({ children }: { children: ReactNode }) {
  return (
    <div className="docs-shell">
      <header className="docs-header">
        <Link to="/docs" className="docs-brand" aria-label="Evergrade documentation">
          <Logo size={28} />
          <span className="docs-brand-tag">Docs</span>
        </Link>
        <div className="docs-header-actions">
          <ThemeToggle />
          <Link to="/login" className="button button-secondary button-sm">
            Sign in
          </Link>
        </div>
      </header>
      <main id="main" className="docs-main">
        {children}
      </main>
    </div>
  );
}
