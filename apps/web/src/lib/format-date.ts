// Dates shown in tables, e.g. "Nov 22, 2025", in the reader's locale-independent short form.

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

export function formatDate(timestamp: string | number | Date): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? "—" : dateFormat.format(date);
}
