/**
 * The states of a booking (docs/product.md, Booking lifecycle), written once: the booking machine (./booking re-exports
 * them) moves between them and the database's `bookings.state` column takes only them. A module of its own so the
 * schema reads the list without the rest of the machine.
 */
export const BOOKING_STATES = [
  "awaiting_payment",
  "requested",
  "approved",
  "active",
  "completed",
  "declined",
  "expired",
  "cancelled",
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
