import { useMemo, useState } from 'react';
import type { AdminUser } from '@evergrade/contracts';
import { EditIcon, SearchIcon } from '../../../components/icons';
import { formatDate } from '../../../lib/format';
import { useAdminCommand } from '../api/commands';
import { EditUserDialog } from './edit-user-dialog';
import { fullName } from './member-picker';

const ROLES = [
  { value: 'all', label: 'Everyone' },
  { value: 'student', label: 'Students' },
  { value: 'instructor', label: 'Instructors' },
  { value: 'admin', label: 'Admins' },
  { value: 'analyst', label: 'Analysts' },
] as const;
type RoleFilter = (typeof ROLES)[number]['value'];

export function UsersTable({ users }: { users: AdminUser[] }) {
  const [role, setRole] = useState<RoleFilter>('all');
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return users
      .filter((u) => role === 'all' || u.role === role)
      .filter((u) => !q || `${fullName(u)} ${u.email}`.toLowerCase().includes(q))
      .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name));
  }, [users, role, query]);

  return (
    <section className="card card-flush" data-testid="users-table">
      <div className="table-toolbar">
        <div className="segmented segmented-inline" role="group" aria-label="Show">
          {ROLES.map((r) => (
            <button
              key={r.value}
              type="button"
              className="segmented-option"
              aria-pressed={role === r.value}
              onClick={() => setRole(r.value)}
            >
              {r.label} <span className="count">{r.value === 'all' ? users.length : users.filter((u) => u.role === r.value).length}</span>
            </button>
          ))}
        </div>
        <label className="search-field">
          <SearchIcon width={16} height={16} />
          <input
            className="input"
            type="search"
            placeholder="Search name or email"
            aria-label="Search people"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
      </div>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th>Name</th>
              <th className="col-optional">Email</th>
              <th>Role</th>
              <th className="col-optional">Class</th>
              <th className="col-optional">Section</th>
              <th className="col-optional">Enrolled</th>
              <th>Smart Builder</th>
              <th>Analyst</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((u) => (
              <tr key={u.user_id}>
                <td>
                  <span className="strong">{[u.title, fullName(u)].filter(Boolean).join(' ')}</span>
                  <span className="cell-sub mono">{u.email}</span>
                </td>
                <td className="mono col-optional">{u.email}</td>
                <td>
                  <span
                    className={`badge ${u.role === 'student' ? 'badge-info' : u.role === 'instructor' ? 'badge-accent' : u.role === 'analyst' ? 'badge-success' : 'badge-neutral'}`}
                  >
                    {u.role}
                  </span>
                </td>
                <td className="col-optional">{u.class ? `Grade ${u.class}` : '—'}</td>
                <td className="col-optional">{u.section || '—'}</td>
                <td className="col-optional">{u.enrollment_date ? formatDate(u.enrollment_date) : '—'}</td>
                <td>{u.role === 'instructor' ? <AccessToggle user={u} access="smart_builder" /> : '—'}</td>
                <td>{u.role === 'student' ? '—' : <AccessToggle user={u} access="analyst" />}</td>
                <td className="cell-actions">
                  <button
                    type="button"
                    className="button button-ghost button-sm"
                    onClick={() => setEditing(u)}
                    aria-label={`Edit ${fullName(u)}`}
                  >
                    <EditIcon width={16} height={16} /> <span className="edit-label">Edit</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <p className="empty-inline table-empty">No one matches.</p>}
      </div>
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

const ACCESS = {
  smart_builder: { command: 'setSmartBuilderAccess', label: 'Smart Builder' },
  analyst: { command: 'setAnalystAccess', label: 'Analyst role' },
} as const;

/**
 * Per-person permissions the school admin sets: Smart Builder (the wizard shows Coming Soon to everyone else) and the
 * analyst role (the person may also sign in as an analyst; revoking ends their analyst sessions).
 */
function AccessToggle({ user, access }: { user: AdminUser; access: keyof typeof ACCESS }) {
  const command = useAdminCommand(ACCESS[access].command);
  const on = command.isPending ? !user[access] : user[access];
  return (
    <label className="toggle-inline">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={command.isPending}
        aria-label={`${ACCESS[access].label} for ${fullName(user)}`}
        onChange={() => command.mutate({ user_id: user.user_id, allowed: !user[access] })}
      />
      <span>{on ? 'On' : 'Off'}</span>
      {command.isError && (
        <span className="field-error" role="alert">
          {command.error.message}
        </span>
      )}
    </label>
  );
}
