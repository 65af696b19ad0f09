import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useFeedbackHref } from '../../lib/app-config';
import { FlagIcon, LogoutIcon, MenuIcon, UserIcon } from '../icons';
import { Logo } from '../logo';
import { Menu } from '../menu';
import { NotificationsMenu } from '../notifications/notifications-menu';
import { ThemeToggle } from '../theme-toggle';

export type NavItem = { to: string; label: string; icon: ReactNode; end?: boolean };

type AppShellProps = {
  title: string;
  homeHref: string;
  nav: NavItem[];
  user: { name: string; email: string; role: string; initials?: string };
  profileHref?: string;
  onLogout: () => void;
  children: ReactNode;
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('') || '?';

export function AppShell({ title, homeHref, nav, user, profileHref, onLogout, children }: AppShellProps) {
  const monogram = user.initials ?? initials(user.name);
  const [collapsed, setCollapsed] = useState(() => window.matchMedia?.('(max-width: 860px)').matches ?? false);
  const location = useLocation();
  const feedbackHref = useFeedbackHref(`${location.pathname}${location.search}`);
  const closeOnMobile = () => window.matchMedia?.('(max-width: 860px)').matches && setCollapsed(true);

  return (
    <div className={`shell${collapsed ? ' is-collapsed' : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar" aria-label="Main navigation">
        <Link to={homeHref} className="sidebar-brand" aria-label="Evergrade home">
          <Logo size={30} />
        </Link>
        <nav>
          <ul className="sidebar-nav">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className="sidebar-link"
                  onClick={closeOnMobile}
                  title={collapsed ? item.label : undefined}
                >
                  {item.icon}
                  <span className="sidebar-label">{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      {!collapsed && <div className="sidebar-scrim" onClick={() => setCollapsed(true)} aria-hidden="true" />}
      <div className="shell-main">
        <header className="topbar">
          <button
            type="button"
            className="icon-button"
            aria-label={collapsed ? 'Open sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((c) => !c)}
          >
            <MenuIcon />
          </button>
          <h1 className="topbar-title">{title}</h1>
          <div className="topbar-actions">
            <a
              className="icon-button"
              href={feedbackHref}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Report a problem"
              title="Report a problem"
              data-testid="report-problem"
            >
              <FlagIcon />
            </a>
            <ThemeToggle />
            <NotificationsMenu />
            <Menu
              label="Profile menu"
              className="menu-right"
              trigger={
                <span className="avatar" aria-hidden="true">
                  {monogram}
                </span>
              }
            >
              {(close) => (
                <div className="menu-panel">
                  <div className="menu-user">
                    <span className="avatar avatar-lg" aria-hidden="true">
                      {monogram}
                    </span>
                    <div>
                      <p className="menu-user-name">{user.name || 'Signed in'}</p>
                      <p className="menu-user-email">{user.email}</p>
                      <p className="menu-user-role">{user.role}</p>
                    </div>
                  </div>
                  <hr className="menu-sep" />
                  {profileHref && (
                    <Link to={profileHref} state={{ from: location.pathname }} className="menu-item" onClick={close}>
                      <UserIcon /> Profile &amp; Settings
                    </Link>
                  )}
                  <button
                    type="button"
                    className="menu-item"
                    onClick={() => {
                      close();
                      onLogout();
                    }}
                  >
                    <LogoutIcon /> Logout
                  </button>
                </div>
              )}
            </Menu>
          </div>
        </header>
        <main id="main" className="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
