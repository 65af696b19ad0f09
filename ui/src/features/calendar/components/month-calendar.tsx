import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/spinner';
import {
  addMonths,
  dayKey,
  eventsByDay,
  inMonth,
  monthGrid,
  monthOf,
  monthParam,
  monthTitle,
  parseMonthParam,
  type CalendarEvent,
  type Month,
} from '../utils/month-grid';
import '../calendar.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const longDay = (d: Date) => d.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

type Props = { events: CalendarEvent[]; loading?: boolean; now?: Date };

/** A month of due dates; the month shown lives in ?month=YYYY-MM so it survives reloads and the back button. */
export function MonthCalendar({ events, loading = false, now = new Date() }: Props) {
  const [params, setParams] = useSearchParams();
  const month: Month = parseMonthParam(params.get('month')) ?? monthOf(now);
  const go = (m: Month) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('month', monthParam(m));
      return next;
    });
  const weeks = useMemo(() => monthGrid({ year: month.year, month: month.month }), [month.year, month.month]);
  const byDay = useMemo(() => eventsByDay(events), [events]);
  const thisMonth = inMonth(events, month);
  const today = dayKey(now);

  return (
    <section className="calendar card" aria-label="Calendar">
      <div className="calendar-head">
        <h3 className="calendar-title" aria-live="polite">
          {monthTitle(month)}
        </h3>
        <div className="calendar-nav">
          <button
            type="button"
            className="button button-secondary button-sm"
            onClick={() => go(addMonths(month, -1))}
            aria-label="Previous month"
          >
            ‹
          </button>
          <button type="button" className="button button-secondary button-sm" onClick={() => go(monthOf(now))}>
            Today
          </button>
          <button
            type="button"
            className="button button-secondary button-sm"
            onClick={() => go(addMonths(month, 1))}
            aria-label="Next month"
          >
            ›
          </button>
        </div>
      </div>
      {loading ? (
        <Spinner label="Loading your calendar" />
      ) : (
        <>
          <p className="calendar-count text-muted">
            {thisMonth.length === 0 ? 'Nothing due this month.' : `${thisMonth.length} due this month`}
          </p>
          <table className="calendar-grid">
            <thead>
              <tr>
                {WEEKDAYS.map((d) => (
                  <th key={d} scope="col">
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0]!.key}>
                  {week.map((day) => {
                    const items = byDay.get(day.key) ?? [];
                    return (
                      <td
                        key={day.key}
                        className={`calendar-day${day.inMonth ? '' : ' is-outside'}${day.key === today ? ' is-today' : ''}`}
                        aria-label={`${longDay(day.date)}${items.length ? `, ${items.length} due` : ''}`}
                        data-day={day.key}
                      >
                        <span className="calendar-date" aria-hidden="true">
                          {day.date.getDate()}
                        </span>
                        <ul className="calendar-items">
                          {items.map((e) => (
                            <li key={e.id}>
                              <Link
                                to={e.href}
                                className={`calendar-chip subject-${e.tone}${e.kind === 'practice' ? ' is-practice' : ''}`}
                                title={`${e.title} · ${e.label} · due ${time(e.due)}${e.status ? ` · ${e.status}` : ''}`}
                              >
                                <span className="calendar-chip-time">{time(e.due)}</span> {e.title}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {thisMonth.length > 0 && (
            <ol className="calendar-agenda" aria-label={`Due in ${monthTitle(month)}`}>
              {thisMonth
                .sort((a, b) => new Date(a.due).getTime() - new Date(b.due).getTime())
                .map((e) => (
                  <li key={e.id}>
                    <Link to={e.href}>
                      <span className={`chip subject-${e.tone}`}>{e.kind === 'practice' ? 'Practice' : e.label}</span> {e.title}
                    </Link>
                    <span className="text-muted small">
                      {longDay(new Date(e.due))}, {time(e.due)}
                      {e.status ? ` · ${e.status}` : ''}
                    </span>
                  </li>
                ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
