import { describe, expect, it } from "vitest";
import { donePath, justHappened, type MomentFacts } from "./just-happened";

/** Ria hosts, Juan rents; the host reads it unless a test says otherwise, just after approving. */
const facts = (over: Partial<MomentFacts> = {}): MomentFacts => ({
  role: "host",
  otherName: "Juan",
  state: "approved",
  lastChange: { to: "approved", actor: "host" },
  ...over,
});

describe("the moment that just happened on a booking", () => {
  it("tells the host they approved, while the booking's last change is their approval", () => {
    expect(justHappened("approved", facts())).toBe("You approved Juan's booking.");
  });

  it("tells the host they declined, and either side they cancelled", () => {
    expect(
      justHappened("declined", facts({ state: "declined", lastChange: { to: "declined", actor: "host" } })),
    ).toBe("You declined Juan's request.");
    expect(
      justHappened(
        "cancelled",
        facts({
          role: "renter",
          otherName: "Ria",
          state: "cancelled",
          lastChange: { to: "cancelled", actor: "renter" },
        }),
      ),
    ).toBe("You cancelled this booking.");
  });

  it("says nothing when the booking is no longer in that state (a link opened later)", () => {
    expect(
      justHappened("approved", facts({ state: "active", lastChange: { to: "active", actor: "system" } })),
    ).toBe(null);
  });

  it("says nothing to the side that did not act, even with the same link", () => {
    expect(justHappened("approved", facts({ role: "renter", otherName: "Ria" }))).toBe(null);
    expect(
      justHappened(
        "cancelled",
        facts({ state: "cancelled", lastChange: { to: "cancelled", actor: "renter" } }),
      ),
    ).toBe(null);
  });

  it("says nothing for a moment it does not know, or none", () => {
    expect(justHappened("paid", facts())).toBe(null);
    expect(justHappened(null, facts())).toBe(null);
    expect(justHappened("declined", facts())).toBe(null);
  });

  it("sends the author to the booking's page naming the moment", () => {
    expect(donePath("b-1", "declined")).toBe("/bookings/b-1?done=declined");
  });
});
