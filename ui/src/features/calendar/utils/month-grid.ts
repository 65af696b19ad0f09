/** One thing due on a day: an assignment or a practice assignment. */
export type CalendarEvent = {
  id: string;
  title: string;
  /** ISO instant it is due. */
  due: string;
  href: string;
  /** Subject colour class suffix (mathematics, physics, ..., other). */
  tone: string;
  /** Short course label shown on the chip. */
  label: string;
  status?: string;
  kind: 'assignment' | 'practice';
};

export type Month = { year: number; month: number }; // month 0-11

export type CalendarDay = { key: string; date: Date; inMonth: boolean };

const pad = (n: number) => String(n).padStart(2, '0');

/** Local calendar day of a date, 'YYYY-MM-DD'. */
export const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export const monthOf = (d: Date): Month => ({ year: d.getFullYear(), month: d.getMonth() });

export const addMonths = (m: Month, n: number): Month => {
  const d = new Date(m.year, m.month + n, 1);
  return { year: d.getFullYear(), month: d.getMonth() };
};

/** '2026-03' <-> { year: 2026, month: 2 }; anything else is null. */
export const monthParam = (m: Month) => `${m.year}-${pad(m.month + 1)}`;
export function parseMonthParam(value: string | null): Month | null {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const month = Number(match[2]) - 1;
  return month >= 0 && month <= 11 ? { year: Number(match[1]), month } : null;
}

export const monthTitle = (m: Month) => new Date(m.year, m.month, 1).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });

/** Whole weeks (Monday first) covering the month: 4 to 6 rows of 7 days. */
export function monthGrid(m: Month): CalendarDay[][] {
  const first = new Date(m.year, m.month, 1);
  const offset = (first.getDay() + 6) % 7; // days since Monday
  const start = new Date(m.year, m.month, 1 - offset);
  const weeks: CalendarDay[][] = [];
  for (let w = 0; ; w++) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      const date = new Date(start.getFullYear(), start.getMonth(), start.getDate() + w * 7 + i);
      week.push({ key: dayKey(date), date, inMonth: date.getMonth() === m.month });
    }
    if (!week.some((d) => d.inMonth)) break;
    weeks.push(week);
  }
  return weeks;
}

/** Events by local day, each day's in due order. */
export function eventsByDay(events: CalendarEvent[]): Map<string, CalendarEvent[]> {
  const map = new Map<string, CalendarEvent[]>();
  const sorted = [...events].sort((a, b) => new Date(a.due).getTime() - new Date(b.due).getTime() || a.title.localeCompare(b.title));
  for (const e of sorted) {
    const key = dayKey(new Date(e.due));
    map.set(key, [...(map.get(key) ?? []), e]);
  }
  return map;
}

export const inMonth = (events: CalendarEvent[], m: Month) =>
  events.filter((e) => {
    const d = new Date(e.due);
    return d.getFullYear() === m.year && d.getMonth() === m.month;
  });
