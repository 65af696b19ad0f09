import type { PublicSite } from '@evergrade/contracts';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { usePublicSite } from '../api/public-site';
import { RotatingWord } from './rotating-word';
import { BookingLink, SiteFooter, SiteHeader } from './site-chrome';
import '../landing.css';

const STEPS = [
  { title: 'Set up your school', text: 'Add courses, teachers and students, or let them sign up with the school’s e-mail domain.' },
  {
    title: 'Set the work',
    text: 'Write an assignment, build one from the question library, or upload a PDF and let Evergrade read the questions.',
  },
  {
    title: 'Grade in minutes',
    text: 'Students submit online or on paper. Evergrade marks each answer against your answer key and writes feedback.',
  },
  {
    title: 'Review and share',
    text: 'Change any mark or comment, resolve what was flagged, then release grades and feedback to students and see where the class struggled.',
  },
];

const FAQ = [
  {
    q: 'Who decides the final mark?',
    a: 'The teacher. Every mark and comment can be changed, answers the grader is unsure of are flagged for review, and each change is kept in the grade’s history.',
  },
  {
    q: 'Does it need an AI provider?',
    a: 'No. Without one, Evergrade grades with its own answer checker (values, units and key terms) and says so; with an OpenAI-compatible provider configured, it can also grade longer answers.',
  },
  {
    q: 'Where do the study assistant’s answers come from?',
    a: 'From the textbooks your school uploads (and a few shared sample books). Every answer cites the book and page it was built from, so students can check it.',
  },
  {
    q: 'Can one school see another school’s work?',
    a: 'No. Each school’s courses, assignments, grades, books and chats are reachable only by its own people.',
  },
  {
    q: 'Where do the figures on this page come from?',
    a: 'They are counted live from the platform: graded answers, teachers, subjects and schools. The grading accuracy is shown only when it has been measured.',
  },
];

const number = (n: number) => n.toLocaleString();
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

function Metrics({ site }: { site: PublicSite }) {
  const m = site.metrics;
  const items = [
    { label: plural(m.questions_graded, 'question', 'questions') + ' graded', value: number(m.questions_graded), id: 'questions_graded' },
    { label: plural(m.teachers, 'teacher', 'teachers'), value: number(m.teachers), id: 'teachers' },
    { label: plural(m.subjects, 'subject', 'subjects'), value: number(m.subjects), id: 'subjects' },
    { label: plural(m.schools, 'school', 'schools'), value: number(m.schools), id: 'schools' },
    ...(m.grading_accuracy !== null
      ? [
          {
            label: m.grading_accuracy_source === 'measured' ? 'grading accuracy on our labelled answers' : 'grading accuracy',
            value: `${Math.round(m.grading_accuracy * 1000) / 10}%`,
            id: 'grading_accuracy',
          },
        ]
      : []),
  ];
  return (
    <dl className="w2-metrics" data-testid="site-metrics">
      {items.map((it) => (
        <div key={it.id} className="w2-metric" data-metric={it.id}>
          <dt className="text-muted">{it.label}</dt>
          <dd className="w2-metric-value" data-testid={`metric-${it.id}`}>
            {it.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function SignupLink({ url }: { url: string }) {
  const external = /^https?:\/\//i.test(url);
  return external ? (
    <a href={url} target="_blank" rel="noopener noreferrer" className="button button-secondary" data-testid="try-free">
      Try it for free
    </a>
  ) : (
    <Link to={url} className="button button-secondary" data-testid="try-free">
      Try it for free
    </Link>
  );
}

/** The corporate page (spec document 2, /website2): every figure on it is true, counted live or set by the operator. */
export function Website2Page() {
  const site = usePublicSite();
  const bookingUrl = site.data?.booking_url ?? null;
  return (
    <div className="site" data-testid="website2-page">
      <SiteHeader>
        {bookingUrl && (
          <BookingLink url={bookingUrl} className="button button-primary button-sm site-nav-cta" testId="get-demo">
            Get Demo
          </BookingLink>
        )}
      </SiteHeader>
      <main className="site-main">
        <section className="w2-hero">
          <h1 className="w2-title">
            Grading and study help built for <RotatingWord />
          </h1>
          <p className="landing-lead text-muted">
            Evergrade marks assignments against your answer key, writes feedback your teachers can change, and answers students’ questions
            from your own textbooks.
          </p>
          <div className="landing-actions">
            {bookingUrl && (
              <BookingLink url={bookingUrl} className="button button-primary" testId="get-demo-hero">
                Get Demo
              </BookingLink>
            )}
            <SignupLink url={site.data?.signup_url ?? '/instructor/signup'} />
          </div>
        </section>

        <section aria-labelledby="w2-metrics-title" className="w2-section">
          <h2 id="w2-metrics-title" className="landing-section-title">
            Evergrade today
          </h2>
          {site.isPending ? (
            <Spinner label="Loading figures" />
          ) : site.isError ? (
            <p className="text-muted">The figures could not be loaded just now.</p>
          ) : (
            <Metrics site={site.data} />
          )}
        </section>

        <section aria-labelledby="w2-steps-title" className="w2-section">
          <h2 id="w2-steps-title" className="landing-section-title">
            How it works
          </h2>
          <ol className="w2-steps">
            {STEPS.map((s, i) => (
              <li key={s.title} className="card w2-step">
                <span className="w2-step-num" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="w2-step-title">{s.title}</h3>
                <p className="text-muted">{s.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="w2-faq-title" className="w2-section">
          <h2 id="w2-faq-title" className="landing-section-title">
            Questions schools ask
          </h2>
          <div className="w2-faq">
            {FAQ.map((f) => (
              <details key={f.q} className="card w2-faq-item">
                <summary>{f.q}</summary>
                <p className="text-muted">{f.a}</p>
              </details>
            ))}
          </div>
        </section>
      </main>
      <SiteFooter bookingUrl={bookingUrl} />
      {bookingUrl && (
        <BookingLink url={bookingUrl} className="button button-primary w2-sticky" testId="book-demo">
          Book Demo
        </BookingLink>
      )}
    </div>
  );
}
