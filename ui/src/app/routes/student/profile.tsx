import { useSessionStore } from '../../../stores/session';
import { formatDate } from '../../../lib/format';

/** Read-only for now; editing names and the password form come with the profile issue. */
export function StudentProfileRoute() {
  const s = useSessionStore((st) => st.student);
  const rows: [string, string][] = [
    ['First name', s.firstName],
    ['Last name', s.lastName],
    ['Email', s.email],
    ['Class', s.class],
    ['Section', s.section],
    ['Enrollment date', s.enrollmentDate ? formatDate(s.enrollmentDate) : ''],
  ];
  return (
    <div className="page page-narrow">
      <h2 className="page-title">Profile and Settings</h2>
      <section className="card">
        <h3 className="card-title">Profile Information</h3>
        <dl className="profile-grid">
          {rows.map(([k, v]) => (
            <div key={k} className="profile-row">
              <dt>{k}</dt>
              <dd>{v || '—'}</dd>
            </div>
          ))}
        </dl>
        <p className="hint">Contact your administrator to change your email address</p>
      </section>
    </div>
  );
}
