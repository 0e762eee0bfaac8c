// The export form's default range (spec part 2, §5): the last 30 days through today, as local
// calendar days; the server treats the end day as inclusive.
export const EXPORT_DEFAULT_DAYS = 30;

const pad = (value: number) => String(value).padStart(2, "0");

export function calendarDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function defaultExportRange(today: Date = new Date()): { from: string; to: string } {
  const start = new Date(today);
  start.setDate(start.getDate() - EXPORT_DEFAULT_DAYS);
  return { from: calendarDay(start), to: calendarDay(today) };
}
