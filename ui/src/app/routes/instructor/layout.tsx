import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BookIcon, ChatIcon, DocIcon, LayersIcon, UserIcon } from '../../../components/icons';
import { AppShell } from '../../../components/layouts/app-shell';
import { endSession } from '../../../features/auth/utils/session';
import { useSessionStore } from '../../../stores/session';
import { useLiveUpdates } from '../../live-updates';
import { usePageTitle } from '../../page-title';

const NAV = [
  { to: '/instructor/assignments', label: 'Assignments', icon: <BookIcon /> },
  { to: '/instructor/courses', label: 'Courses', icon: <LayersIcon /> },
  { to: '/instructor/chat', label: 'Chat', icon: <ChatIcon /> },
  { to: '/instructor/textbooks', label: 'Textbooks', icon: <DocIcon /> },
  { to: '/instructor/profile', label: 'Profile', icon: <UserIcon /> },
];

export function InstructorLayout() {
  const instructor = useSessionStore((s) => s.instructor);
  const client = useQueryClient();
  const navigate = useNavigate();
  const title = usePageTitle();
  useLiveUpdates();
  const name = [instructor.title, instructor.firstName, instructor.lastName].filter(Boolean).join(' ');
  return (
    <AppShell
      title={title}
      homeHref="/instructor/assignments"
      nav={NAV}
      user={{
        name,
        email: instructor.email,
        role: 'Instructor',
        initials: `${instructor.firstName[0] ?? ''}${instructor.lastName[0] ?? ''}`.toUpperCase() || undefined,
      }}
      profileHref="/instructor/profile"
      onLogout={() => void endSession(client).then(() => navigate('/login', { replace: true }))}
    >
      <Outlet />
    </AppShell>
  );
}
