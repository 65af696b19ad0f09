import { toast } from '../../../stores/toast';

/** The links an admin hands out: signup for each role and the branded sign-in page. */
export function SignupLinks({ tenant }: { tenant: string }) {
  const origin = window.location.origin;
  const links = [
    { label: 'Instructor signup', href: `${origin}/instructor/signup?school=${tenant}` },
    { label: 'Student signup', href: `${origin}/student/signup?school=${tenant}` },
    { label: 'Sign-in page', href: `${origin}/login?school=${tenant}` },
  ];
  const copy = (href: string) =>
    navigator.clipboard?.writeText(href).then(
      () => toast.success('Link copied'),
      () => toast.error('Could not copy the link'),
    );
  return (
    <div className="link-list">
      <p className="field-label">Share these links</p>
      {links.map((l) => (
        <div key={l.label} className="link-row">
          <span className="link-row-label">{l.label}</span>
          <code className="link-row-url">{l.href}</code>
          <button type="button" className="button button-ghost button-sm" onClick={() => void copy(l.href)}>
            Copy
          </button>
        </div>
      ))}
    </div>
  );
}
