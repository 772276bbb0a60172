import { describe, expect, it } from "vitest";
import {
  checkMessage,
  checkSlots,
  formatSlot,
  GATE_PASS_EARLY_MINUTES,
  gatePassValidAt,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  makePassNumber,
  parseSlotStart,
  SLOT_IN_PAST,
  SLOT_INVALID,
  SLOT_TOO_FAR,
  SLOTS_REQUIRED,
  TOO_MANY_SLOTS,
} from "./conversation";
import { DomainError } from "./errors";

describe("a message", () => {
  it("is trimmed, required and at most 2,000 characters; HTML stays as it was written", () => {
    expect(checkMessage("  Hello  ")).toBe("Hello");
    expect(checkMessage("<b>hi</b>")).toBe("<b>hi</b>");
    expect(() => checkMessage("   ")).toThrow(new DomainError("invalid", MESSAGE_REQUIRED, "message"));
    expect(() => checkMessage(undefined)).toThrow(MESSAGE_REQUIRED);
    expect(checkMessage("x".repeat(2000))).toHaveLength(2000);
    expect(() => checkMessage("x".repeat(2001))).toThrow(MESSAGE_TOO_LONG);
  });
});

describe("viewing slots", () => {
  const now = new Date("2026-12-01T02:00:00Z"); // 10:00 in Manila

  it("reads Manila datetime-local values and ISO instants", () => {
    expect(parseSlotStart("2026-12-02T10:00")?.toISOString()).toBe("2026-12-02T02:00:00.000Z");
    expect(parseSlotStart("2026-12-02T10:00:00+08:00")?.toISOString()).toBe("2026-12-02T02:00:00.000Z");
    expect(parseSlotStart("2026-02-30T10:00")).toBeNull();
    expect(parseSlotStart("tomorrow at ten")).toBeNull();
  });

  it("takes 1 to 3 distinct times ahead and within 14 days, each an hour, in order", () => {
    const slots = checkSlots(["2026-12-03T15:00", "", "2026-12-02T10:00", "2026-12-02T10:00"], now);
    expect(slots).toEqual([
      { start: "2026-12-02T02:00:00.000Z", end: "2026-12-02T03:00:00.000Z" },
      { start: "2026-12-03T07:00:00.000Z", end: "2026-12-03T08:00:00.000Z" },
    ]);
    expect(checkSlots(["2026-12-15T09:00"], now)).toHaveLength(1);
  });

  it.each([
    [[], SLOTS_REQUIRED],
    [["", " "], SLOTS_REQUIRED],
    [["2026-12-02T09:00", "2026-12-02T10:00", "2026-12-02T11:00", "2026-12-02T12:00"], TOO_MANY_SLOTS],
    [["12/02/2026"], SLOT_INVALID],
    [["2026-12-01T09:59"], SLOT_IN_PAST],
    [["2026-12-01T10:00"], SLOT_IN_PAST],
    [["2026-12-15T10:01"], SLOT_TOO_FAR],
  ])("refuses %j", (values, message) => {
    expect(() => checkSlots(values, now)).toThrow(message);
  });

  it("writes a slot in Manila time", () => {
    expect(formatSlot({ start: "2026-12-02T02:00:00.000Z", end: "2026-12-02T03:00:00.000Z" })).toMatch(
      /^Wed, Dec 2, 10:00\sAM – 11:00\sAM$/,
    );
  });
});

describe("the gate pass", () => {
  const window = { start: new Date("2026-12-02T02:00:00Z"), end: new Date("2026-12-02T03:00:00Z") };
  const at = (iso: string) => gatePassValidAt(window, new Date(iso));

  it(`lets one in from ${GATE_PASS_EARLY_MINUTES} minutes before the hour to its end, and not otherwise`, () => {
    expect(at("2026-12-02T01:29:59Z")).toBe(false);
    expect(at("2026-12-02T01:30:00Z")).toBe(true);
    expect(at("2026-12-02T02:30:00Z")).toBe(true);
    expect(at("2026-12-02T03:00:00Z")).toBe(true);
    expect(at("2026-12-02T03:00:01Z")).toBe(false);
  });

  it("has a number people can read out: VP- and eight characters without look-alikes", () => {
    const number = makePassNumber((size) => new Uint8Array(size).map((_, i) => i * 37));
    expect(number).toMatch(/^VP-[A-HJ-NP-Z2-9]{8}$/);
  });
});
