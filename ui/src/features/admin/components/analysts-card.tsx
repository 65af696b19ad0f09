import { Link } from 'react-router';
import { useAdminUsers } from '../api/get-users';
import { useAdminCommand } from '../api/commands';
import { fullName } from './member-picker';

/**
 * Analysts replay the school's events into reports. Who holds the role is set per person on the People page; whether
 * analysts see names (off by default: "Student 3", "Instructor 1") is set here, for the whole school.
 */
export function AnalystsCard({ names }: { names: boolean }) {
  const users = useAdminUsers();
  const command = useAdminCommand('setAnalystNames');
  const on = command.isPending ? !names : names;
  const analysts = (users.data ?? []).filter((u) => u.analyst);
  return (
    <section className="card" aria-labelledby="analysts-heading" data-testid="analysts-card">
      <div className="card-head">
        <h3 className="card-title" id="analysts-heading">
          Analysts
        </h3>
        <p className="text-muted small">
          Analysts run reports over your school&apos;s history (grade changes, time on task, grader agreement, submission timing) and
          download its events. They never see another school&apos;s data.
        </p>
      </div>
      <label className="toggle-inline">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={command.isPending}
          aria-label="Analysts may see names"
          onChange={() => command.mutate({ allowed: !names })}
        />
        <span>Analysts may see names</span>
      </label>
      <p className="text-muted small" data-testid="analyst-names-state">
        {on ? 'Reports and the events export show names and e-mail addresses.' : 'Names and e-mail addresses are replaced by pseudonyms.'}
      </p>
      {command.isError && (
        <p className="field-error" role="alert">
          {command.error.message}
        </p>
      )}
      <p className="small" data-testid="analyst-holders">
        {users.isPending
          ? 'Loading who holds the analyst role…'
          : analysts.length === 0
            ? 'No one holds the analyst role.'
            : `Analyst role: ${analysts.map((u) => fullName(u)).join(', ')}.`}{' '}
        <Link to="/admin/people">Grant or revoke it on the People page.</Link>
      </p>
    </section>
  );
}
