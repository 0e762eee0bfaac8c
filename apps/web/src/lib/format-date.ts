// Dates shown in tables, e.g. "Nov 22, 2025", in the reader's locale-independent short form.

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

export function formatDate(timestamp: string | number | Date): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? "—" : dateFormat.format(date);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** 'MMM d, yyyy HH:mm' (spec part 1, Control Detail modal), e.g. "Nov 22, 2025 14:05", local time. */
export function formatDateTime(timestamp: string | number | Date): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "—";
  return `${dateFormat.format(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
