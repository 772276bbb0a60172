import { describe, expect, it } from "vitest";
import { formatDateNear, formatMomentNear, formatRangeNear } from "./dates-near";

describe("dates in lists: the year only when it is not this year (docs/design.md)", () => {
  it("writes a date of this year short, and one of another year with its year", () => {
    expect(formatDateNear("2026-12-01", "2026-11-28")).toBe("Dec 1");
    expect(formatDateNear("2025-12-01", "2026-11-28")).toBe("Dec 1, 2025");
    expect(formatDateNear("2027-01-31", "2026-11-28")).toBe("Jan 31, 2027");
  });

  it("gives each end of a range its own year", () => {
    expect(formatRangeNear("2026-12-15", "2027-01-14", "2026-11-28")).toBe("Dec 15 to Jan 14, 2027");
    expect(formatRangeNear("2026-03-15", "2026-04-14", "2026-11-28")).toBe("Mar 15 to Apr 14");
  });

  it("refuses a malformed date as the other date functions do", () => {
    expect(() => formatDateNear("2026-02-30", "2026-11-28")).toThrow(RangeError);
    expect(() => formatDateNear("2026-02-01", "today")).toThrow(RangeError);
  });

  it("counts an instant's year on Manila's calendar", () => {
    const now = "2026-11-28T06:45:00Z";
    expect(formatMomentNear("2026-11-25T15:57:00Z", now)).toBe("Nov 25, 11:57 PM");
    expect(formatMomentNear("2025-11-25T15:57:00Z", now)).toBe("Nov 25, 2025, 11:57 PM");
    // 31 December 2025, 17:00 UTC is already New Year's Day 2026 in Manila: this year, no year written.
    expect(formatMomentNear("2025-12-31T17:00:00Z", now)).toBe("Jan 1, 1:00 AM");
  });
});
