const longDate = new Intl.DateTimeFormat("en-PH", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar date (YYYY-MM-DD) written the en-PH way, "December 1, 2026", whatever the time zone. */
export function formatCalendarDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}
