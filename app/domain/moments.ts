/** Made once: building an Intl formatter costs about half a millisecond, using one a few microseconds. */
const moment = new Intl.DateTimeFormat("en-PH", {
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Manila",
});

/** An instant for people, in Manila time and short: "Nov 25, 11:57 PM" (messages, notifications, reviews). */
export function formatMoment(instant: string | Date): string {
  return moment.format(new Date(instant));
}

const momentWithYear = new Intl.DateTimeFormat("en-PH", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Manila",
});
const manilaYear = new Intl.DateTimeFormat("en-PH", { year: "numeric", timeZone: "Asia/Manila" });

/**
 * An instant for a list on a phone (docs/design.md, Dates in lists): "Nov 25, 11:57 PM" when it is in this year on
 * Manila's calendar, "Nov 25, 2025, 11:57 PM" when not, so an old payment never reads as this year's. `now` comes
 * from the loader, so the server and the browser draw the same words.
 */
export function formatMomentNear(instant: string | Date, now: string | Date): string {
  const at = new Date(instant);
  const sameYear = manilaYear.format(at) === manilaYear.format(new Date(now));
  return (sameYear ? moment : momentWithYear).format(at);
}
