import { MANILA_UTC_OFFSET_MINUTES } from "./dates";
import { DomainError } from "./errors";

/**
 * Conversations and viewings (docs/product.md, Conversations and viewings): what a message may hold and the rules of a
 * viewing's time slots and gate pass. Contact details in what the two write are masked by ./contact-masking.ts.
 */

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_REQUIRED = "Please write a message.";
export const MESSAGE_TOO_LONG = `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`;

/** Chat history is read 500 messages a page (docs/product.md, Constants). */
export const CHAT_PAGE_SIZE = 500;

/** A message as sent: trimmed, not empty, not too long. HTML stays text: it is never rendered as markup. */
export function checkMessage(text: unknown): string {
  const body = typeof text === "string" ? text.trim() : "";
  if (!body) throw new DomainError("invalid", MESSAGE_REQUIRED, "message");
  if (body.length > MESSAGE_MAX_LENGTH) throw new DomainError("invalid", MESSAGE_TOO_LONG, "message");
  return body;
}

// ─── Viewings ───────────────────────────────────────────────────────────────────────────────────────────────────────

export const MAX_VIEWING_SLOTS = 3;
export const VIEWING_WINDOW_DAYS = 14;
/** A viewing lasts an hour from its start. */
export const VIEWING_MINUTES = 60;
/** A gate pass lets its holder in from a little before the hour to its end. */
export const GATE_PASS_EARLY_MINUTES = 30;

export const SLOTS_REQUIRED = "Please choose at least one time for the viewing.";
export const TOO_MANY_SLOTS = `You can offer at most ${MAX_VIEWING_SLOTS} times.`;
export const SLOT_INVALID = "Please choose a valid date and time.";
export const SLOT_IN_PAST = "Please choose a time that has not passed.";
export const SLOT_TOO_FAR = `Please choose a time in the next ${VIEWING_WINDOW_DAYS} days.`;

export type Slot = { start: string; end: string };

const MINUTE = 60_000;

/**
 * A time as the form's `datetime-local` field sends it ("2026-12-01T10:00", Manila time) or as an ISO instant
 * (with Z or an offset), as the API may send it; null when it is neither.
 */
export function parseSlotStart(value: string): Date | null {
  const local = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (local) {
    const [, y, mo, d, h, mi] = local.map(Number) as [number, number, number, number, number, number];
    const instant = Date.UTC(y, mo - 1, d, h, mi) - MANILA_UTC_OFFSET_MINUTES * MINUTE;
    const check = new Date(instant + MANILA_UTC_OFFSET_MINUTES * MINUTE);
    if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return null;
    return new Date(instant);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The slots offered for a viewing: 1 to 3 distinct starts, each still ahead and within the next 14 days; each
 * becomes an hour's window. Empty entries (a form's unused fields) are ignored.
 */
export function checkSlots(values: readonly string[], now = new Date()): Slot[] {
  const given = values.map((value) => value.trim()).filter(Boolean);
  if (given.length === 0) throw new DomainError("invalid", SLOTS_REQUIRED, "slots");
  if (given.length > MAX_VIEWING_SLOTS) throw new DomainError("invalid", TOO_MANY_SLOTS, "slots");
  const starts = new Map<number, Date>();
  for (const value of given) {
    const start = parseSlotStart(value);
    if (!start) throw new DomainError("invalid", SLOT_INVALID, "slots");
    if (start.getTime() <= now.getTime()) throw new DomainError("invalid", SLOT_IN_PAST, "slots");
    if (start.getTime() > now.getTime() + VIEWING_WINDOW_DAYS * 24 * 60 * MINUTE)
      throw new DomainError("invalid", SLOT_TOO_FAR, "slots");
    starts.set(start.getTime(), start);
  }
  return [...starts.values()]
    .sort((a, b) => a.getTime() - b.getTime())
    .map((start) => ({
      start: start.toISOString(),
      end: new Date(start.getTime() + VIEWING_MINUTES * MINUTE).toISOString(),
    }));
}

/** Whether a gate pass lets its holder in at `now`: from half an hour before the viewing to its end. */
export function gatePassValidAt(window: { start: Date; end: Date }, now = new Date()): boolean {
  return (
    now.getTime() >= window.start.getTime() - GATE_PASS_EARLY_MINUTES * MINUTE &&
    now.getTime() <= window.end.getTime()
  );
}

/** A gate pass number people can read out at a gate: "VP-" and eight characters without look-alikes. */
export function makePassNumber(random: (size: number) => Uint8Array): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = random(8);
  return `VP-${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("")}`;
}

const slotFormat = new Intl.DateTimeFormat("en-PH", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Manila",
});
const timeFormat = new Intl.DateTimeFormat("en-PH", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Manila",
});

/** A slot for people, in Manila time: "Tue, Dec 1, 10:00 AM – 11:00 AM". */
export function formatSlot(slot: Slot): string {
  return `${slotFormat.format(new Date(slot.start))} – ${timeFormat.format(new Date(slot.end))}`;
}
