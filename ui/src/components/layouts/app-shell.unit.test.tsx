import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../testing/render';
import { AppShell } from './app-shell';

const shell = () => (
  <AppShell
    title="Assignments"
    homeHref="/student/assignments"
    nav={[]}
    user={{ name: 'Asha Rao', email: 'a@demo.school', role: 'Student' }}
    onLogout={() => {}}
  >
    <p>Page</p>
  </AppShell>
);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Report a problem', () => {
  it("opens the app's own form in a new tab, naming the page, when no FEEDBACK_URL is set", async () => {
    const { calls } = mockApi({ 'GET /support/config': () => ({ body: { feedback_url: null } }) });
    renderRoutes([{ path: '/student/assignments', element: shell() }], '/student/assignments?tab=past');
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /support/config')).toBe(true));
    const link = screen.getByRole('link', { name: 'Report a problem' });
    expect(link.getAttribute('href')).toBe('/feedback?from=%2Fstudent%2Fassignments%3Ftab%3Dpast');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it("opens the operator's form when FEEDBACK_URL is set", async () => {
    mockApi({ 'GET /support/config': () => ({ body: { feedback_url: 'https://forms.example.org/evergrade' } }) });
    renderRoutes([{ path: '/student/assignments', element: shell() }], '/student/assignments');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Report a problem' }).getAttribute('href')).toBe('https://forms.example.org/evergrade'),
    );
  });
});
