import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { GRADES, LoginRole, SessionUser } from '@evergrade/contracts';
import { AuthShell } from '../../../components/layouts/auth-shell';
import { signupInstructor } from '../api/signup-instructor';
import { signupStudent } from '../api/signup-student';
import { requestSignupCode } from '../api/request-signup-code';
import { verifySignupCode } from '../api/verify-signup-code';
import { useSchoolBranding } from '../api/get-school-branding';
import { useCodeFlow } from '../hooks/use-code-flow';
import { createAccountWording, requestCodeWording, verifyCodeWording } from '../utils/onboarding-messages';
import { CodeStep } from './code-step';
import { EmailStep } from './email-step';
import { FlowStatusBanner, StepIndicator } from './flow-status';
import { InstructorDetailsForm } from './instructor-details-form';
import { SchoolBanner } from './school-banner';
import { StudentDetailsForm } from './student-details-form';
import { SuccessStep } from './success-step';

type Grade = (typeof GRADES)[number];

export const SIGNUP_HINTS: Record<LoginRole, string> = {
  instructor: 'Only emails from authorized domains are allowed.',
  student: 'Only pre-approved email addresses are allowed to sign up.',
};

const HEADINGS = ['Create your account', 'Check your email', 'Tell us about you', ''];
const ASIDE: Record<LoginRole, { title: string; lede: string }> = {
  instructor: {
    title: 'Teach with less busywork.',
    lede: 'Set assignments, collect work and grade with an AI assistant that you stay in charge of.',
  },
  student: {
    title: 'Your assignments, one calm place.',
    lede: 'Answer at your own pace, with every keystroke saved, and see feedback the moment it is ready.',
  },
};

type Props = { role: LoginRole; tenant: string; onDone: (user: SessionUser) => void };

/**
 * /instructor/signup and /student/signup (spec document 3); `tenant` comes from ?school=. Creating the
 * account signs it in, so `onDone` gets the signed-in user when the success countdown ends.
 */
export function SignupPage({ role, tenant, onDone }: Props) {
  const branding = useSchoolBranding(tenant);
  const [verifiedSchool, setVerifiedSchool] = useState<string | null>(null);
  const created = useRef<SessionUser | null>(null);
  const finish = () => created.current && onDone(created.current);
  const school = verifiedSchool ?? branding.data?.name ?? tenant;
  const flow = useCodeFlow({
    request: (email) => requestSignupCode({ email, school: tenant, role }),
    verify: (email, code) => verifySignupCode({ email, code }),
    requestWording: requestCodeWording(role),
    verifyWording: verifyCodeWording,
    onVerified: (reply) => reply.school && setVerifiedSchool(reply.school),
    onDone: finish,
  });

  const create = (work: () => Promise<{ message: string; user: SessionUser }>) =>
    void flow.complete(
      async () => {
        const reply = await work();
        created.current = reply.user;
        return reply;
      },
      createAccountWording,
      [403],
    );

  return (
    <AuthShell wide={flow.step === 3} aside={<SignupAside role={role} school={branding.data?.name ?? null} />}>
      {branding.data && (
        <SchoolBanner
          name={school}
          logoUrl={branding.data.logo_url}
          caption={role === 'instructor' ? 'Instructor signup' : 'Student signup'}
        />
      )}
      {flow.step < 4 && (
        <>
          <h1 className="login-title">{HEADINGS[flow.step - 1]}</h1>
          <p className="text-muted login-subtitle">
            {role === 'instructor' ? 'Instructor account' : 'Student account'} · Step {flow.step} of 4
          </p>
          <StepIndicator step={flow.step} />
        </>
      )}
      <FlowStatusBanner status={flow.step === 4 ? null : flow.status} />
      {flow.step === 1 && <EmailStep flow={flow} hint={SIGNUP_HINTS[role]} submitLabel="Send verification code" />}
      {flow.step === 2 && <CodeStep flow={flow} />}
      {flow.step === 3 && role === 'instructor' && (
        <InstructorDetailsForm
          school={school}
          busy={flow.busy}
          onBack={flow.back}
          onSubmit={(d) =>
            create(() =>
              signupInstructor({
                email: flow.email,
                password: d.password,
                firstName: d.firstName.trim(),
                lastName: d.lastName.trim(),
                school: verifiedSchool ?? tenant,
                preferredTitle: d.preferredTitle,
              }),
            )
          }
        />
      )}
      {flow.step === 3 && role === 'student' && (
        <StudentDetailsForm
          school={school}
          busy={flow.busy}
          onBack={flow.back}
          onSubmit={(d) =>
            create(() =>
              signupStudent({
                email: flow.email,
                password: d.password,
                firstName: d.firstName.trim(),
                lastName: d.lastName.trim(),
                school: verifiedSchool ?? tenant,
                grade: d.grade as Grade,
              }),
            )
          }
        />
      )}
      {flow.step === 4 && (
        <SuccessStep
          title="Account created!"
          message={flow.status?.text ?? 'Your account is ready.'}
          secondsLeft={flow.redirectSecondsLeft}
          onContinue={finish}
          destination={role === 'instructor' ? 'your dashboard' : 'your assignments'}
        />
      )}
      {flow.step < 4 && (
        <p className="auth-switch">
          Already have an account? <Link to={`/login?school=${encodeURIComponent(tenant)}`}>Login</Link>
        </p>
      )}
    </AuthShell>
  );
}

function SignupAside({ role, school }: { role: LoginRole; school: string | null }) {
  return (
    <>
      {school && <p className="login-kicker">{school}</p>}
      <h2 className="login-tagline">{ASIDE[role].title}</h2>
      <p className="login-lede">{ASIDE[role].lede}</p>
      <ol className="login-steps">
        <li>Enter your school email</li>
        <li>Type the 6-digit code we send you</li>
        <li>Choose your name and a strong password</li>
      </ol>
    </>
  );
}
