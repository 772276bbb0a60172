import { describe, expect, it } from "vitest";
import { bookingUpdate } from "./booking-update";

const base = {
  name: "Juan",
  spaceTitle: "Dry room",
  bookingNumber: "SS-000123",
  what: "The host approved the booking.",
  startDate: "Dec 1, 2026",
  endDate: "Mar 1, 2027",
  bookingLink: "https://spacesolution.ph/bookings/b1",
  bookingPath: "/bookings/b1",
};

describe("bookingUpdate", () => {
  it("leads with who did it when the other person's act is the news", () => {
    const approved = bookingUpdate({ ...base, role: "renter", headline: "approved", otherName: "Ria" });
    expect(approved.subject).toBe("Ria approved your booking: Dry room");
    expect(approved.notice?.title).toBe("Ria approved your booking");
    expect(
      bookingUpdate({ ...base, role: "renter", headline: "declined", otherName: "Ria" }).notice?.title,
    ).toBe("Ria declined your request");
    expect(
      bookingUpdate({ ...base, role: "host", headline: "requested", otherName: "Juan" }).notice?.title,
    ).toBe("Juan sent a booking request: please answer");
  });

  it("keeps the booking's words for one's own acts and the system's", () => {
    expect(
      bookingUpdate({ ...base, role: "host", headline: "approved", otherName: "Juan" }).notice?.title,
    ).toBe("You approved a booking");
    expect(
      bookingUpdate({ ...base, role: "renter", headline: "expired", otherName: "Ria" }).notice?.title,
    ).toBe("Your booking request expired");
    expect(bookingUpdate({ ...base, role: "renter", headline: "approved" }).notice?.title).toBe(
      "Your booking is approved",
    );
  });
});
