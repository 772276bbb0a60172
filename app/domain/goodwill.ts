import { DomainError } from "./errors";
import { isUuid } from "./ids";
import { type Centavos, formatPeso, parsePeso } from "./money";

/**
 * Goodwill refunds (docs/operations.md, Refunds; ADR 0076): finance gives a renter back part of what they paid for a
 * booking, beyond what the booking's rules refund. The platform bears it — the host earns the same — and it is never
 * more than the booking's payments still hold un-refunded.
 */

export const GOODWILL_WORDS = {
  amount: "Please type the amount to refund in pesos, e.g. 500 or 1,250.50.",
  zero: "A refund is more than ₱0.00.",
  nothingLeft: "Everything paid for this booking has been refunded already.",
  tooMuch: (refundable: Centavos) =>
    `At most ${formatPeso(refundable)} of this booking's payments is left to refund.`,
  noBooking: "No booking has that number.",
  done: "The refund is on its way to the renter.",
  /** What the renter reads in their conversation and notification. */
  told: (amount: Centavos, note: string) =>
    `Space Solution refunded you ${formatPeso(amount)} as a goodwill gesture: ${note} It is refunded the way you paid.`,
} as const;

/** What an operator may type for a booking: its number as people quote it ("SS-000123", "ss-123", "123") or its id. */
export function bookingLookup(input: string): { number: number } | { id: string } | null {
  const text = input.trim();
  if (isUuid(text)) return { id: text.toLowerCase() };
  const match = /^(?:ss-?)?0*(\d{1,15})$/i.exec(text);
  if (!match) return null;
  const number = Number(match[1]);
  return Number.isSafeInteger(number) && number > 0 ? { number } : null;
}

/** The amount typed, in centavos, checked against what the booking's payments still hold; or why not. */
export function goodwillAmount(typed: string, booking: { paid: Centavos; refunded: Centavos }): Centavos {
  const refundable = booking.paid - booking.refunded;
  if (refundable <= 0) throw new DomainError("conflict", GOODWILL_WORDS.nothingLeft);
  const amount = parsePeso(typed);
  if (amount === null) throw new DomainError("invalid", GOODWILL_WORDS.amount, "amount");
  if (amount === 0) throw new DomainError("invalid", GOODWILL_WORDS.zero, "amount");
  if (amount > refundable) throw new DomainError("invalid", GOODWILL_WORDS.tooMuch(refundable), "amount");
  return amount;
}
