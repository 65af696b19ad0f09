import { useLoaderData, useSearchParams } from 'react-router';
import type { SessionUser } from '@evergrade/contracts';
import { AuthShell } from '../../components/layouts/auth-shell';
import { FeedbackForm } from '../../features/feedback';

/** /feedback: the in-app "Report a problem" form, opened in a new tab from the header (when no FEEDBACK_URL is set). */
export function FeedbackRoute() {
  const user = useLoaderData() as SessionUser;
  const [params] = useSearchParams();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <AuthShell aside={<FeedbackAside />}>
      <h1 className="login-title">Report a problem</h1>
      <FeedbackForm from={params.get('from')} reporter={`${name} (${user.email})`} />
    </AuthShell>
  );
}

function FeedbackAside() {
  return (
    <>
      <h2 className="login-tagline">Something not right?</h2>
      <p className="login-lede">Tell your school what happened. Your administrator reads every report and can pass it on.</p>
      <ol className="login-steps">
        <li>Choose what kind of problem it is</li>
        <li>Say what you were doing and what went wrong</li>
        <li>Send it: the page you came from is included</li>
      </ol>
    </>
  );
}
