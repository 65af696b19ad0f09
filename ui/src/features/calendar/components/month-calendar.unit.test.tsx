import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { addMonths, dayKey, eventsByDay, monthGrid, parseMonthParam, type CalendarEvent } from '../utils/month-grid';
import { MonthCalendar } from './month-calendar';

const event = (id: string, due: Date, extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id,
  title: `Work ${id}`,
  due: due.toISOString(),
  href: `/student/assignments/${id}`,
  tone: 'mathematics',
  label: 'MATH10',
  kind: 'assignment',
  ...extra,
});

describe('month grid', () => {
  it('covers the month in whole weeks starting on Monday', () => {
    const weeks = monthGrid({ year: 2026, month: 1 }); // February 2026 starts on a Sunday
    expect(weeks).toHaveLength(5);
    expect(weeks[0]!.map((d) => d.key)).toEqual([
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
    ]);
    expect(weeks.at(-1)!.at(-1)!.key).toBe('2026-03-01');
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(28);
    expect(monthGrid({ year: 2026, month: 5 })).toHaveLength(5); // June 2026 starts on a Monday
  });

  it('moves between months across years and reads ?month=', () => {
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(parseMonthParam('2026-03')).toEqual({ year: 2026, month: 2 });
    expect(parseMonthParam('2026-13')).toBeNull();
    expect(parseMonthParam('soon')).toBeNull();
  });

  it('groups events by local day in due order', () => {
    const map = eventsByDay([
      event('2', new Date(2026, 2, 4, 15)),
      event('1', new Date(2026, 2, 4, 9)),
      event('3', new Date(2026, 2, 5, 9)),
    ]);
    expect(map.get('2026-03-04')!.map((e) => e.id)).toEqual(['1', '2']);
    expect(map.get('2026-03-05')!.map((e) => e.id)).toEqual(['3']);
  });
});

describe('MonthCalendar', () => {
  afterEach(cleanup);
  const now = new Date(2026, 2, 10, 12);
  const show = (events: CalendarEvent[], path = '/calendar') => {
    const router = createMemoryRouter(
      [
        { path: '/calendar', element: <MonthCalendar events={events} now={now} /> },
        { path: '/student/assignments/:id', element: <p>Opened</p> },
      ],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };
  const cell = (d: Date) => document.querySelector(`[data-day="${dayKey(d)}"]`) as HTMLElement;

  it("shows this month's due work on its days, marks today, and opens an item", async () => {
    show([
      event('7', new Date(2026, 2, 12, 9)),
      event('8', new Date(2026, 3, 2, 9)),
      event('9', new Date(2026, 2, 12, 14), { kind: 'practice', href: '/student/assignments/9' }),
    ]);
    expect(screen.getByRole('heading', { name: /March 2026/ })).toBeTruthy();
    expect(screen.getByText('2 due this month')).toBeTruthy();
    const day = cell(new Date(2026, 2, 12));
    expect(
      within(day)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([expect.stringContaining('Work 7'), expect.stringContaining('Work 9')]);
    expect(day.getAttribute('aria-label')).toMatch(/12.*2 due/);
    expect(cell(now).className).toContain('is-today');
    fireEvent.click(within(day).getAllByRole('link')[0]!);
    expect(await screen.findByText('Opened')).toBeTruthy();
  });

  it('navigates to the next and previous months and back to today, keeping the month in the URL', () => {
    const router = show([event('8', new Date(2026, 3, 2, 9))]);
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: /April 2026/ })).toBeTruthy();
    expect(router.state.location.search).toBe('?month=2026-04');
    expect(within(cell(new Date(2026, 3, 2))).getByRole('link', { name: /Work 8/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('heading', { name: /February 2026/ })).toBeTruthy();
    expect(screen.getByText('Nothing due this month.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('heading', { name: /March 2026/ })).toBeTruthy();
  });

  it('opens on the month named by ?month=', () => {
    show([], '/calendar?month=2025-12');
    expect(screen.getByRole('heading', { name: /December 2025/ })).toBeTruthy();
  });
});
