import { SparkIcon } from '../../../components/icons';
import { useSessionStore } from '../../../stores/session';

export function InstructorAssignmentsRoute() {
  const firstName = useSessionStore((s) => s.instructor.firstName);
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h2 className="page-title">Welcome{firstName ? `, ${firstName}` : ''}</h2>
          <p className="text-muted">Your instructor workspace.</p>
        </div>
      </div>
      <section className="card coming-soon" data-testid="instructor-coming-soon">
        <div className="coming-soon-icon"><SparkIcon width={28} height={28} /></div>
        <h3 className="card-title">The instructor workspace is coming soon</h3>
        <p className="text-muted">
          Creating assignments, grading with AI assistance, course analytics and exports are on their way. Your students can already sign in, answer and submit their work.
        </p>
      </section>
    </div>
  );
}
