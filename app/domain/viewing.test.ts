import { describe, expect, it } from "vitest";
import { refusalOf } from "./refusal.testing";
import { applyViewingEvent, VIEWING_MESSAGES, type Viewing } from "./viewing";

const now = new Date("2026-12-01T02:00:00Z");
const tomorrow = { start: "2026-12-02T02:00:00.000Z", end: "2026-12-02T03:00:00.000Z" };
const asked: Viewing = {
  state: "requested",
  proposedBy: "renter",
  slots: [tomorrow],
  confirmedStart: null,
  confirmedEnd: null,
  passNumber: null,
};

describe("applyViewingEvent", () => {
  it("lets the side that did not offer the times confirm one, with its gate pass", () => {
    const { changes, news } = applyViewingEvent(
      asked,
      { type: "confirm", by: "host", slot: tomorrow.start, passNumber: "123456" },
      now,
    );
    expect(changes).toEqual({
      state: "confirmed",
      confirmedStart: new Date(tomorrow.start),
      confirmedEnd: new Date(tomorrow.end),
      passNumber: "123456",
    });
    expect(news).toEqual({ headline: "confirmed", slots: [tomorrow] });
  });

  it("refuses the side whose times are on the table, a time not offered, and any change once cancelled", () => {
    const confirm = (slot: string) => ({ type: "confirm", by: "host", slot, passNumber: "1" }) as const;
    expect(
      refusalOf(() => applyViewingEvent(asked, { ...confirm(tomorrow.start), by: "renter" }, now)),
    ).toMatchObject({ kind: "conflict", message: VIEWING_MESSAGES.notYourTurn });
    expect(refusalOf(() => applyViewingEvent(asked, confirm("2026-12-03T02:00:00Z"), now))).toMatchObject({
      kind: "invalid",
      field: "slot",
      message: VIEWING_MESSAGES.notOffered,
    });
    const cancelled = { ...asked, state: "cancelled" } as const;
    expect(refusalOf(() => applyViewingEvent(cancelled, { type: "cancel", by: "host" }, now))).toMatchObject({
      kind: "conflict",
      message: VIEWING_MESSAGES.cancelled,
    });
  });

  it("reschedules a confirmed viewing by withdrawing its pass, and keeps a past one as it was", () => {
    const confirmed: Viewing = {
      ...asked,
      state: "confirmed",
      confirmedStart: new Date(tomorrow.start),
      confirmedEnd: new Date(tomorrow.end),
      passNumber: "123456",
    };
    const later = "2026-12-04T02:00:00.000Z";
    const { changes, news } = applyViewingEvent(
      confirmed,
      { type: "reschedule", by: "host", slots: [later] },
      now,
    );
    expect(changes).toMatchObject({
      state: "requested",
      proposedBy: "host",
      passNumber: null,
      confirmedStart: null,
    });
    expect(news.headline).toBe("proposed");
    expect(applyViewingEvent(confirmed, { type: "cancel", by: "renter" }, now).news).toEqual({
      headline: "cancelled",
      slots: [tomorrow],
    });
    const afterwards = new Date("2026-12-02T04:00:00Z");
    expect(
      refusalOf(() => applyViewingEvent(confirmed, { type: "cancel", by: "renter" }, afterwards)),
    ).toMatchObject({
      kind: "conflict",
      message: VIEWING_MESSAGES.past,
    });
  });
});
