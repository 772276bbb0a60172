import { describe, expect, it } from "vitest";
import { BOOKING_STATES } from "~/domain/booking";
import { bookings } from "./bookings";

describe("BOOKING_STATES", () => {
  it("is the one list the booking machine moves between and the bookings table's state column takes", () => {
    // The same array, not a copy kept in step by hand: a state added to the machine is a state the column takes.
    expect(bookings.state.enumValues).toBe(BOOKING_STATES);
  });
});
