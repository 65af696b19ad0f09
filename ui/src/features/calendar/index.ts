export { MonthCalendar } from './components/month-calendar';
export type { CalendarEvent } from './utils/month-grid';
