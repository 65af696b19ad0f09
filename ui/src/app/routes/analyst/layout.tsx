import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ChartIcon } from '../../../components/icons';
import { AppShell } from '../../../components/layouts/app-shell';
import { endSession } from '../../../features/auth/utils/session';
import { useSessionStore } from '../../../stores/session';
import { usePageTitle } from '../../page-title';

const NAV = [{ to: '/analyst', label: 'Reports', icon: <ChartIcon />, end: true }];

/** The analyst's area: reports replayed from the school's events. */
export function AnalystLayout() {
  const analyst = useSessionStore((s) => s.analyst);
  const client = useQueryClient();
  const navigate = useNavigate();
  const title = usePageTitle();
  return (
    <AppShell
      title={title}
      homeHref="/analyst"
      nav={NAV}
      user={{ name: `${analyst.firstName} ${analyst.lastName}`.trim(), email: analyst.email, role: 'Analyst' }}
      onLogout={() => void endSession(client).then(() => navigate('/login', { replace: true }))}
    >
      <Outlet />
    </AppShell>
  );
}
