import { AutograderDemo } from './autograder-demo';
import { GuestChat } from './guest-chat';
import { BookingLink, SiteFooter, SiteHeader } from './site-chrome';
import { usePing } from '../api/ping';
import { usePublicSite } from '../api/public-site';
import { Link } from 'react-router';
import '../landing.css';

export const UNREACHABLE_MESSAGE =
  'We cannot reach the Evergrade server right now, so the chat below cannot answer. Check your connection, or try again in a few minutes.';

const PILLS = [
  { name: 'Textbook Chat', soon: false },
  { name: 'Autograder', soon: false },
  { name: 'Lecture Summarisation', soon: true },
];

/** The guest landing page (spec document 2): at /welcome always, and at `/` when the operator sets LANDING_PAGE=true. */
export function LandingPage() {
  const ping = usePing();
  const site = usePublicSite();
  const unreachable = ping.isError;
  const bookingUrl = site.data?.booking_url ?? null;
  return (
    <div className="site" data-testid="landing-page">
      <SiteHeader>
        <Link to="/website2" className="site-nav-link">
          For schools
        </Link>
      </SiteHeader>
      <main className="site-main">
        {unreachable && (
          <p className="flow-status flow-status-error landing-offline" role="alert" data-testid="server-unreachable">
            {UNREACHABLE_MESSAGE}{' '}
            <button type="button" className="button button-ghost button-sm" onClick={() => void ping.refetch()}>
              Try again
            </button>
          </p>
        )}
        <section className="landing-hero">
          <h1 className="landing-tagline">Study help from the school’s own textbooks, and grading that teachers stay in charge of.</h1>
          <p className="landing-lead text-muted">
            Students ask questions and get answers built from their textbook, with the page to check. Teachers get assignments marked with
            feedback they can change.
          </p>
          <ul className="landing-pills" aria-label="Features">
            {PILLS.map((p) => (
              <li key={p.name} className={`landing-pill${p.soon ? ' is-soon' : ''}`}>
                {p.name}
                {p.soon && <span className="landing-soon">Coming soon</span>}
              </li>
            ))}
          </ul>
          <div className="landing-actions">
            {bookingUrl && (
              <BookingLink url={bookingUrl} className="button button-primary" testId="get-in-touch">
                Get in touch
              </BookingLink>
            )}
            <a href="#guest-chat-title" className="button button-secondary">
              Try the textbook chat
            </a>
          </div>
        </section>
        <div className="landing-grid">
          <GuestChat unreachable={unreachable} />
          <section aria-labelledby="autograder-title" className="landing-demo-section">
            <h2 id="autograder-title" className="landing-section-title">
              Autograder
            </h2>
            <AutograderDemo />
          </section>
        </div>
      </main>
      <SiteFooter bookingUrl={bookingUrl} />
    </div>
  );
}
