import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BookIcon, ChatIcon } from '../../../components/icons';
import { AppShell } from '../../../components/layouts/app-shell';
import { endSession } from '../../../features/auth/utils/session';
import { useSessionStore } from '../../../stores/session';
import { useLiveUpdates } from '../../live-updates';
import { usePageTitle } from '../../page-title';

export function StudentLayout() {
  const student = useSessionStore((s) => s.student);
  const client = useQueryClient();
  const navigate = useNavigate();
  const title = usePageTitle();
  useLiveUpdates();

  return (
    <AppShell
      title={title}
      homeHref="/student/dashboard"
      nav={[
        { to: '/student/assignments', label: 'Assignments', icon: <BookIcon /> },
        { to: '/student/assistant', label: 'Study Assistant', icon: <ChatIcon /> },
      ]}
      user={{ name: `${student.firstName} ${student.lastName}`.trim(), email: student.email, role: 'Student' }}
      profileHref="/student/profile"
      onLogout={() => void endSession(client).then(() => navigate('/login', { replace: true }))}
    >
      <Outlet />
    </AppShell>
  );
}
