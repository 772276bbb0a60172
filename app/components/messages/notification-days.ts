import { addDays, type CalendarDate, formatCalendarDate, todayInManila } from "~/domain/dates";

/**
 * The bell's news grouped by the day it came, on Manila's calendar, newest day first (docs/design.md, Notifications):
 * "Today", "Yesterday", then the date. The order inside a day is the list's own (newest first).
 */
export function groupByDay<T extends { createdAt: string }>(
  items: readonly T[],
  now: Date,
): { day: CalendarDate; label: string; items: T[] }[] {
  const today = todayInManila(now);
  const yesterday = addDays(today, -1);
  const groups: { day: CalendarDate; label: string; items: T[] }[] = [];
  for (const item of items) {
    const day = todayInManila(new Date(item.createdAt));
    let group = groups.find((entry) => entry.day === day);
    if (!group) {
      const label = day === today ? "Today" : day === yesterday ? "Yesterday" : formatCalendarDate(day);
      group = { day, label, items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups.sort((a, b) => b.day.localeCompare(a.day));
}
