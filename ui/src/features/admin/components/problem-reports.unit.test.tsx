import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProblemReport } from '@evergrade/contracts';
import { ProblemReports } from './problem-reports';

const report = (id: number, extra: Partial<ProblemReport> = {}): ProblemReport => ({
  report_id: id,
  category: 'Something is broken',
  message: `Report ${id}`,
  page: '/student/assignments',
  reported_at: '2026-03-01T10:00:00.000Z',
  reporter: { user_id: 5, role: 'student', name: 'Asha Rao', email: 'asha@demo.school' },
  ...extra,
});

afterEach(cleanup);

describe("the admin's problem reports", () => {
  it('says when there are none yet', () => {
    render(<ProblemReports reports={[]} />);
    expect(screen.getByTestId('empty-state').textContent).toContain('No problem reports yet');
  });

  it('lists each report with who sent it, from which page, and filters by kind', () => {
    render(
      <ProblemReports
        reports={[
          report(2, {
            category: 'An idea or request',
            page: null,
            reporter: { user_id: 7, role: 'instructor', name: 'Dana Lee', email: 'dana@demo.school' },
          }),
          report(1),
        ]}
      />,
    );
    const first = screen.getByTestId('problem-report-1');
    expect(within(first).getByText('Report 1')).toBeTruthy();
    expect(within(first).getByText('asha@demo.school').getAttribute('href')).toBe('mailto:asha@demo.school');
    expect(within(first).getByText('/student/assignments')).toBeTruthy();
    expect(within(screen.getByTestId('problem-report-2')).getByText('instructor')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /An idea or request/ }));
    expect(screen.queryByTestId('problem-report-1')).toBeNull();
    expect(screen.getByTestId('problem-report-2')).toBeTruthy();
  });
});
