import { describe, expect, it } from "vitest";
import { BOOKING_STATES } from "~/domain/booking";
import {
  actByWords,
  BOOKING_TABS,
  bookedUnits,
  bookingTabsFor,
  chooseBookingTab,
  didNotGoAhead,
  historyActor,
  historyState,
  historyStates,
  parkingDays,
  pinLink,
  STATE_WORDS,
  timeLeft,
} from "./booking-words";

describe("the bookings list's tabs", () => {
  it("has the renter's upcoming, active and past, then the host's requests, upcoming, active and past", () => {
    expect(BOOKING_TABS.map((tab) => `${tab.role}:${tab.list}`)).toEqual([
      "renter:upcoming",
      "renter:active",
      "renter:past",
      "host:requests",
      "host:upcoming",
      "host:active",
      "host:past",
    ]);
    expect(new Set(BOOKING_TABS.map((tab) => tab.id)).size).toBe(BOOKING_TABS.length);
  });

  it("opens the tab asked for", () => {
    expect(chooseBookingTab("past", 3).id).toBe("past");
    expect(chooseBookingTab("tenants", 0).id).toBe("tenants");
  });

  it("opens the host's requests when some wait, else the renter's upcoming, for a missing or unknown tab", () => {
    expect(chooseBookingTab(null, 2).id).toBe("requests");
    expect(chooseBookingTab("nonsense", 0).id).toBe("upcoming");
    expect(chooseBookingTab("", 0).id).toBe("upcoming");
  });

  it("shows the host's tabs only to someone who hosts, and never opens one for anyone else", () => {
    expect(bookingTabsFor(true)).toBe(BOOKING_TABS);
    expect(bookingTabsFor(false).map((tab) => tab.id)).toEqual(["upcoming", "active", "past"]);
    expect(chooseBookingTab("requests", 0, false).id).toBe("upcoming");
    expect(chooseBookingTab("tenants", 0, true).id).toBe("tenants");
  });

  it("says what to do next on an empty tab: find a space as a renter, list one as a host", () => {
    for (const tab of BOOKING_TABS) expect(tab.next).toBe(tab.role === "renter" ? "find" : "list");
  });
});

describe("timeLeft", () => {
  const now = new Date("2026-03-01T00:00:00Z");
  const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();

  it("counts down a host's 48 hours in days and hours", () => {
    expect(timeLeft(inMs(48 * 3_600_000), now)).toBe("2 days left");
    expect(timeLeft(inMs(47 * 3_600_000 + 59 * 60_000), now)).toBe("1 day 23 h left");
  });

  it("counts down a checkout's 60 minutes in hours and minutes", () => {
    expect(timeLeft(inMs(60 * 60_000), now)).toBe("1 h left");
    expect(timeLeft(inMs(5 * 3_600_000 + 12 * 60_000 + 30_000), now)).toBe("5 h 12 min left");
    expect(timeLeft(inMs(12 * 60_000), now)).toBe("12 min left");
    expect(timeLeft(inMs(30_000), now)).toBe("less than a minute left");
  });

  it("says the time is up once the instant has passed", () => {
    expect(timeLeft(now.toISOString(), now)).toBe("time is up");
    expect(timeLeft(inMs(-60_000), now)).toBe("time is up");
  });
});

describe("the words of a booking", () => {
  it("names every state for both sides", () => {
    for (const state of BOOKING_STATES) {
      expect(STATE_WORDS[state].renter).toBeTruthy();
      expect(STATE_WORDS[state].host).toBeTruthy();
    }
  });

  it("says who acts before the deadline", () => {
    expect(actByWords("awaiting_payment", "renter")).toBe("Pay by");
    expect(actByWords("requested", "host")).toBe("Answer by");
    expect(actByWords("requested", "renter")).toBe("The host answers by");
  });

  it("names who moved the booking in its history", () => {
    const names = { renter: "Juan", host: "Ria" };
    expect(historyActor("renter", names)).toBe("Juan (renter)");
    expect(historyActor("host", names)).toBe("Ria (host)");
    expect(historyActor("provider", names)).toBe("The payment provider");
    expect(historyActor("system", names)).toBe("Space Solution (automatic)");
    expect(historyState(null)).toBe("—");
    expect(historyState("requested")).toBe("Waiting for the host's answer");
    expect(historyState("awaiting_payment")).toBe("Waiting for payment");
  });

  it("says a move from one state to another with an arrow, and a state that stayed (a bill paid) once", () => {
    expect(historyStates("approved", "active")).toBe("Approved → Active");
    expect(historyStates("active", "active")).toBe("Active");
    expect(historyStates(null, "awaiting_payment")).toBe("Waiting for payment");
  });

  it("knows the bookings that did not go ahead", () => {
    expect(BOOKING_STATES.filter(didNotGoAhead)).toEqual(["declined", "expired", "cancelled"]);
  });

  it("links the pin to a map", () => {
    expect(pinLink(14.5547, 121.0244)).toBe(
      "https://www.openstreetmap.org/?mlat=14.554700&mlon=121.024400#map=18/14.554700/121.024400",
    );
  });
});

describe("what a booking holds", () => {
  it("says the entire space, one parking slot, or the units booked", () => {
    const storage = { type: "storage" as const, quantity: 1, unitOfRental: null, entireSpace: true };
    expect(bookedUnits(storage)).toBe("The entire space");
    expect(bookedUnits({ ...storage, type: "parking" })).toBe("One parking slot");
    expect(bookedUnits({ ...storage, entireSpace: false, unitOfRental: "sqm", quantity: 4 })).toBe(
      "4 square meters",
    );
    expect(bookedUnits({ ...storage, entireSpace: false, unitOfRental: "pallet", quantity: 1 })).toBe(
      "1 pallet",
    );
  });

  it("lists a parking booking's chosen weekdays Monday first, or every day", () => {
    expect(parkingDays([5, 1, 3, 0])).toBe("Mon, Wed, Fri, Sun");
    expect(parkingDays([1, 2, 3, 4, 5])).toBe("Mon, Tue, Wed, Thu, Fri");
    expect(parkingDays(null)).toBe("Every day");
    expect(parkingDays([0, 1, 2, 3, 4, 5, 6])).toBe("Every day");
  });
});
