import { QueryBoundary } from '../../../components/query-boundary';
import { useAdminUsers } from '../../../features/admin/api/get-users';
import { UsersTable } from '../../../features/admin/components/users-table';

export function AdminPeopleRoute() {
  const users = useAdminUsers();
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h2 className="page-title">People</h2>
          <p className="text-muted">
            Everyone with an account at your school. Names are theirs to change; e-mail, class, section and enrolment date are yours.
          </p>
        </div>
      </div>
      <QueryBoundary query={users} label="people">
        {(list) => <UsersTable users={list} />}
      </QueryBoundary>
    </div>
  );
}
