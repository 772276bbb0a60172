import { describe, expect, it } from "vitest";
import type { BookingSummary } from "~/api/reserve/booking-views.server";
import { bookingCardView } from "./booking-card.server";

const checkout = {
  bookingId: "0b7e7e1c-3f5a-4c1e-9b1a-2f0c8d6a9e11",
  bookingNumber: "SS-000123",
  state: "awaiting_payment",
  type: "storage",
  role: "renter",
  space: { spaceTitle: "Dry room in Makati", city: "Makati", coverPhoto: null },
  startDate: "2026-12-01",
  endDate: "2027-03-01",
  duration: "3 months",
  quantity: 1,
  weekdays: null,
  due: 250_000,
  paid: 0,
  refunded: 0,
  createdAt: "2026-11-27T14:00:00.000Z",
  counterpart: { name: "Ria", profilePic: "" },
  actBy: "2026-11-27T15:43:00.000Z",
} as unknown as BookingSummary;

describe("bookingCardView", () => {
  it("writes the card's dates, state, due and time left on the server, in the caller's words", () => {
    const card = bookingCardView(checkout, new Date("2026-11-27T14:45:00.000Z"));
    expect(card).toMatchObject({
      bookingId: checkout.bookingId,
      when: "December 1, 2026 – March 1, 2027 · Makati",
      state: "Waiting for your payment",
      due: "₱2,500.00",
      counterpartRole: "Host",
    });
    expect(card.actBy).toMatch(/^Pay by Nov 27, 2026, 11:43\sPM \(58 min left\)$/);
  });

  it("leaves the time to act out once nothing waits, and names the renter to the host", () => {
    const card = bookingCardView({ ...checkout, state: "active", role: "host", actBy: null }, new Date());
    expect(card.actBy).toBeNull();
    expect(card.counterpartRole).toBe("Renter");
    expect(card.state).not.toBe("");
  });
});
