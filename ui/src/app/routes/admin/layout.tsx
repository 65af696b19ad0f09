import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BookIcon, ClockIcon, FlagIcon, LayersIcon, SchoolIcon, UsersIcon } from '../../../components/icons';
import { AppShell } from '../../../components/layouts/app-shell';
import { endSession } from '../../../features/auth/utils/session';
import { useSessionStore } from '../../../stores/session';
import { useLiveUpdates } from '../../live-updates';
import { usePageTitle } from '../../page-title';

const NAV = [
  { to: '/admin', label: 'School', icon: <SchoolIcon />, end: true },
  { to: '/admin/course-setup', label: 'Courses', icon: <LayersIcon /> },
  { to: '/admin/people', label: 'People', icon: <UsersIcon /> },
  { to: '/admin/textbooks', label: 'Textbooks', icon: <BookIcon /> },
  { to: '/admin/audit', label: 'Grade audit', icon: <ClockIcon /> },
  { to: '/admin/reports', label: 'Problem reports', icon: <FlagIcon /> },
  { to: '/admin/read-models', label: 'Read models', icon: <LayersIcon /> },
];

export function AdminLayout() {
  const admin = useSessionStore((s) => s.admin);
  const client = useQueryClient();
  const navigate = useNavigate();
  const title = usePageTitle();
  useLiveUpdates();
  return (
    <AppShell
      title={title}
      homeHref="/admin"
      nav={NAV}
      user={{ name: `${admin.firstName} ${admin.lastName}`.trim(), email: admin.email, role: 'School administrator' }}
      onLogout={() => void endSession(client).then(() => navigate('/login', { replace: true }))}
    >
      <Outlet />
    </AppShell>
  );
}
