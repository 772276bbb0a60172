import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  countWeekdays,
  daysInclusive,
  daysInMonth,
  earlierDate,
  endDateForMonths,
  formatCalendarDate,
  fromEpochDay,
  isValidDate,
  laterDate,
  monthsAndRemainder,
  startOfManilaDay,
  todayInManila,
  toEpochDay,
  weekday,
} from "./dates";

/** Any date from 1900-01-01 to 2199-12-31. */
const anyDate = fc
  .integer({ min: toEpochDay("1900-01-01"), max: toEpochDay("2199-12-31") })
  .map((day) => fromEpochDay(day));

describe("isValidDate", () => {
  it.each(["2026-03-15", "2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "1970-01-01"])(
    "%s is valid",
    (d) => {
      expect(isValidDate(d)).toBe(true);
    },
  );

  it.each([
    "2026-02-29",
    "1900-02-29",
    "2026-02-30",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "0000-01-01",
    "2026-3-15",
    "26-03-15",
    "2026/03/15",
    "2026-03-15T00:00:00Z",
    " 2026-03-15",
    "",
  ])("%j is not", (d) => {
    expect(isValidDate(d)).toBe(false);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-02-28", 1, "2026-03-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-03-15", 0, "2026-03-15"],
    ["2026-01-01", 365, "2027-01-01"],
  ])("%s + %i days → %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it("rejects invalid input", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(/valid YYYY-MM-DD/);
    expect(() => addDays("2026-03-15", 1.5)).toThrow(/integer/);
    expect(() => addDays("9999-12-31", 1)).toThrow(/supported years/);
  });
});

describe("addMonths", () => {
  it.each([
    ["2026-03-15", 1, "2026-04-15"],
    ["2026-01-31", 1, "2026-02-28"],
    ["2024-01-31", 1, "2024-02-29"],
    ["2026-03-31", 1, "2026-04-30"],
    ["2026-01-31", 2, "2026-03-31"],
    ["2026-11-30", 3, "2027-02-28"],
    ["2026-03-31", -1, "2026-02-28"],
    ["2026-01-15", -1, "2025-12-15"],
    ["2026-05-20", 12, "2027-05-20"],
    ["2026-05-20", 0, "2026-05-20"],
  ])("%s + %i months → %s", (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });

  it("rejects invalid input", () => {
    expect(() => addMonths("nope", 1)).toThrow(/valid YYYY-MM-DD/);
    expect(() => addMonths("2026-01-31", 0.5)).toThrow(/integer/);
  });
});

describe("daysInMonth", () => {
  it("knows leap years", () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(() => daysInMonth(2026, 13)).toThrow(RangeError);
  });
});

describe("endDateForMonths (docs/product.md, Date math)", () => {
  it.each([
    ["2026-03-15", 1, "2026-04-14"],
    ["2026-01-31", 1, "2026-02-27"],
    ["2026-01-01", 1, "2026-01-31"],
    ["2026-01-31", 2, "2026-03-30"],
    ["2026-03-15", 6, "2026-09-14"],
    ["2026-03-15", 12, "2027-03-14"],
    ["2026-03-15", 0, "2026-03-14"],
  ])("%s + %i months − 1 day → %s", (start, months, expected) => {
    expect(endDateForMonths(start, months)).toBe(expected);
  });

  it("rejects negative months", () => {
    expect(() => endDateForMonths("2026-03-15", -1)).toThrow(/non-negative/);
  });
});

describe("daysInclusive", () => {
  it("counts both ends", () => {
    expect(daysInclusive("2026-03-15", "2026-03-15")).toBe(1);
    expect(daysInclusive("2026-03-15", "2026-04-14")).toBe(31);
    expect(daysInclusive("2026-02-01", "2026-02-28")).toBe(28);
    expect(daysInclusive("2024-02-01", "2024-02-29")).toBe(29);
  });

  it("throws when the end is before the start", () => {
    expect(() => daysInclusive("2026-03-15", "2026-03-14")).toThrow(
      "end date 2026-03-14 is before start date 2026-03-15",
    );
    expect(() => daysInclusive("2026-03-15", "2026-02-30")).toThrow(/valid YYYY-MM-DD/);
  });
});

describe("monthsAndRemainder", () => {
  it.each([
    ["2026-03-15", "2026-03-15", 0, 1],
    ["2026-03-15", "2026-03-19", 0, 5],
    ["2026-03-15", "2026-04-13", 0, 30],
    ["2026-03-15", "2026-04-14", 1, 0],
    ["2026-03-15", "2026-04-15", 1, 1],
    ["2026-03-15", "2026-04-21", 1, 7],
    ["2026-01-31", "2026-02-27", 1, 0],
    ["2026-01-31", "2026-02-28", 1, 1],
    ["2026-01-31", "2026-03-30", 2, 0],
    ["2026-01-01", "2026-01-31", 1, 0],
    ["2026-01-01", "2026-12-31", 12, 0],
    ["2026-03-15", "2026-09-14", 6, 0],
    ["9999-12-01", "9999-12-31", 1, 0],
    ["9999-12-02", "9999-12-31", 0, 30],
  ])("%s … %s → %i months and %i days", (start, end, months, days) => {
    expect(monthsAndRemainder(start, end)).toEqual({ months, days });
  });

  it("throws when the end is before the start", () => {
    expect(() => monthsAndRemainder("2026-03-15", "2026-03-01")).toThrow(/before start date/);
  });

  it("splits any booking so that the months' end plus the remainder is the booking's end, M being the largest", () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 0, max: 800 }), (start, length) => {
        const end = addDays(start, length);
        const { months, days } = monthsAndRemainder(start, end);
        expect(months).toBeGreaterThanOrEqual(0);
        expect(days).toBeGreaterThanOrEqual(0);
        if (months === 0) expect(days).toBe(daysInclusive(start, end));
        else expect(addDays(endDateForMonths(start, months), days)).toBe(end);
        expect(endDateForMonths(start, months + 1) > end).toBe(true);
      }),
    );
  });

  it("round-trips with endDateForMonths and addDays for remainders shorter than any month chunk", () => {
    fc.assert(
      fc.property(
        anyDate,
        fc.integer({ min: 0, max: 36 }),
        fc.integer({ min: 0, max: 27 }),
        (start, m, r) => {
          fc.pre(m > 0 || r > 0);
          const end = addDays(endDateForMonths(start, m), r);
          expect(monthsAndRemainder(start, end)).toEqual({ months: m, days: r });
        },
      ),
    );
  });

  it("gives M whole months and no remainder for the end date of an M-month booking", () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 1, max: 60 }), (start, m) => {
        expect(monthsAndRemainder(start, endDateForMonths(start, m))).toEqual({ months: m, days: 0 });
      }),
    );
  });
});

describe("weekday", () => {
  it.each([
    ["1970-01-01", 4],
    ["2026-12-01", 2],
    ["2026-03-15", 0],
    ["2026-03-21", 6],
    ["2024-02-29", 4],
  ])("%s → %i", (date, expected) => {
    expect(weekday(date)).toBe(expected);
  });

  it("advances by one each day", () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(weekday(addDays(date, 1))).toBe((weekday(date) + 1) % 7);
      }),
    );
  });
});

describe("countWeekdays", () => {
  it("counts Mon–Fri in the 30 days from 2026-12-01 as 22", () => {
    expect(countWeekdays("2026-12-01", 30, [1, 2, 3, 4, 5])).toBe(22);
  });

  it("counts each weekday once, even when repeated", () => {
    expect(countWeekdays("2026-12-01", 30, [0, 1, 2, 3, 4, 5, 6])).toBe(30);
    expect(countWeekdays("2026-12-01", 30, [2, 2, 2])).toBe(5);
    expect(countWeekdays("2026-12-01", 30, [])).toBe(0);
    expect(countWeekdays("2026-12-01", 0, [1])).toBe(0);
  });

  it("matches counting day by day", () => {
    fc.assert(
      fc.property(
        anyDate,
        fc.integer({ min: 0, max: 60 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 })),
        (start, days, weekdays) => {
          let expected = 0;
          for (let i = 0; i < days; i++) if (weekdays.includes(weekday(addDays(start, i)))) expected += 1;
          expect(countWeekdays(start, days, weekdays)).toBe(expected);
        },
      ),
    );
  });

  it("rejects weekdays outside 0–6", () => {
    expect(() => countWeekdays("2026-12-01", 30, [7])).toThrow(/0 \(Sunday\) to 6 \(Saturday\)/);
    expect(() => countWeekdays("2026-12-01", 30, [-1])).toThrow(RangeError);
    expect(() => countWeekdays("2026-12-01", -1, [1])).toThrow(RangeError);
  });
});

describe("todayInManila", () => {
  it("is the calendar date in Manila (UTC+8), not in UTC", () => {
    expect(todayInManila(new Date("2026-11-21T15:59:59Z"))).toBe("2026-11-21");
    expect(todayInManila(new Date("2026-11-21T16:00:00Z"))).toBe("2026-11-22");
  });
});

describe("startOfManilaDay", () => {
  it("is 16:00 UTC of the day before (Manila is UTC+8 all year)", () => {
    expect(startOfManilaDay("2026-03-15").toISOString()).toBe("2026-03-14T16:00:00.000Z");
    expect(startOfManilaDay("2026-01-01").toISOString()).toBe("2025-12-31T16:00:00.000Z");
  });

  // Manila last kept daylight saving from May 21 to July 28, 1990 (the time-zone database todayInManila reads knows
  // it): an earlier floor made this property fail whenever a random run drew a day of that summer.
  it("begins the day todayInManila names (property; from 1991, after Manila's last daylight saving)", () => {
    const modernDate = fc
      .integer({ min: toEpochDay("1991-01-01"), max: toEpochDay("2199-12-31") })
      .map((day) => fromEpochDay(day));
    fc.assert(
      fc.property(modernDate, (date) => {
        const start = startOfManilaDay(date);
        expect(todayInManila(start)).toBe(date);
        expect(todayInManila(new Date(start.getTime() - 1))).toBe(addDays(date, -1));
      }),
    );
  });
});

describe("earlierDate and laterDate", () => {
  it("pick by calendar order", () => {
    expect(earlierDate("2026-03-15", "2026-12-01")).toBe("2026-03-15");
    expect(laterDate("2026-03-15", "2026-12-01")).toBe("2026-12-01");
    expect(laterDate("2026-03-15", "2026-03-15")).toBe("2026-03-15");
    expect(() => earlierDate("2026-02-30", "2026-03-01")).toThrow(RangeError);
  });
});

describe("formatCalendarDate", () => {
  it("writes the date the en-PH way", () => {
    expect(formatCalendarDate("2026-12-01")).toBe("December 1, 2026");
    expect(() => formatCalendarDate("2026-13-01")).toThrow(RangeError);
  });
});
