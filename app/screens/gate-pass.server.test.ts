import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ViewingView } from "~/api/conversations/viewings.server";
import { viewingCalendar } from "~/screens/gate-pass.server";

/** A viewing confirmed for 10:00–11:00 on 1 December 2026, Manila time (UTC+8). */
const slot = { start: "2026-12-01T02:00:00.000Z", end: "2026-12-01T03:00:00.000Z", label: "Dec 1, 10:00 AM" };
const viewing: ViewingView = {
  viewingId: "5b0c7a2e-1f3d-4c8e-9a6b-7d2e1f0c3b4a",
  conversationId: "c1",
  spaceId: "s1",
  spaceTitle: "Garage in Quezon City",
  state: "confirmed",
  role: "renter",
  other: { userId: "u2", name: "Host", profilePic: "" },
  slots: [slot],
  proposedBy: "renter",
  canAnswer: false,
  note: null,
  contactsRevealed: true,
  confirmed: slot,
  pass: { passNumber: "GP-1234", address: "12 Mabini St, Quezon City", validNow: false, path: "/p" },
  createdAt: "2026-11-27T00:00:00.000Z",
  updatedAt: "2026-11-27T00:00:00.000Z",
};

/** The lines of one property (DTSTART, DTEND), whatever parameters they carry. */
const property = (text: string, name: string) => text.split("\r\n").filter((line) => line.startsWith(name));

describe("the viewing's calendar file", () => {
  const processZone = process.env.TZ;
  // The server runs on UTC; the file must not depend on it.
  beforeEach(() => {
    process.env.TZ = "UTC";
  });
  afterEach(() => {
    process.env.TZ = processZone;
  });

  it("puts a 10:00 AM Manila visit at 02:00 UTC, written as UTC and never under a time zone's name", () => {
    const text = viewingCalendar(viewing, "https://spacesolution.ph/p");
    expect(property(text, "DTSTART")).toEqual(["DTSTART:20261201T020000Z"]);
    expect(property(text, "DTEND")).toEqual(["DTEND:20261201T030000Z"]);
    expect(text).not.toContain("TZID=");
  });
});
