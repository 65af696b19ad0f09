import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { ThemeToggle } from '../../../components/theme-toggle';

/** The public pages' top bar: the logo (home), the other public page, sign in, and the theme. */
export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="site-header">
      <Link to="/welcome" className="site-logo" aria-label="Evergrade home">
        <Logo size={28} />
      </Link>
      <nav className="site-nav" aria-label="Site">
        {children}
        <Link to="/login" className="button button-secondary button-sm">
          Sign in
        </Link>
        <ThemeToggle />
      </nav>
    </header>
  );
}

/** An external booking link (BOOKING_URL): opens in a new tab. */
export function BookingLink({
  url,
  className,
  children,
  testId,
}: {
  url: string;
  className: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={className} data-testid={testId}>
      {children}
    </a>
  );
}

export function SiteFooter({ bookingUrl }: { bookingUrl: string | null }) {
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer-inner">
        <div>
          <Logo size={24} />
          <p className="text-muted site-footer-line">Assignments, grading and study help for schools.</p>
        </div>
        <nav className="site-footer-links" aria-label="Footer">
          <Link to="/welcome">Home</Link>
          <Link to="/website2">For schools</Link>
          <Link to="/docs">Guides</Link>
          <Link to="/login">Sign in</Link>
          {bookingUrl && (
            <BookingLink url={bookingUrl} className="">
              Get in touch
            </BookingLink>
          )}
        </nav>
      </div>
      <p className="text-faint site-footer-copy">© {new Date().getFullYear()} Evergrade</p>
    </footer>
  );
}
