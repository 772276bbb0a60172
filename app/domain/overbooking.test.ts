import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, fromEpochDay, toEpochDay, weekday } from "./dates";
import {
  type BookedHold,
  findOverbooking,
  HOLDING_STATES,
  holdsOn,
  isHoldingState,
  overbookingMessage,
  parkingBookingsMeet,
  rangeIntersection,
  rangesOverlap,
  unitsHeldByDate,
} from "./overbooking";

const range = (startDate: string, endDate: string) => ({ startDate, endDate });
const parking = (startDate: string, endDate: string, weekdays: number[] | null) => ({
  startDate,
  endDate,
  weekdays,
});
const booked = (
  startDate: string,
  endDate: string,
  units = 1,
  state = "approved",
  weekdays: number[] | null = null,
) => ({
  startDate,
  endDate,
  units,
  weekdays,
  state,
});

// 2026-12-07 is a Monday.
const MON = 1;
const TUE = 2;
const WED = 3;
const THU = 4;
const FRI = 5;
const SAT = 6;
const SUN = 0;

describe("holding states", () => {
  it("are the four names of the product rules", () => {
    expect(HOLDING_STATES).toEqual(["awaiting_payment", "requested", "approved", "active"]);
    for (const state of ["completed", "declined", "expired", "cancelled"])
      expect(isHoldingState(state)).toBe(false);
  });
});

describe("rangesOverlap (calendar dates, both ends included)", () => {
  it.each([
    [range("2026-03-01", "2026-03-10"), range("2026-03-10", "2026-03-20"), true], // share the 10th
    [range("2026-03-01", "2026-03-10"), range("2026-03-11", "2026-03-20"), false], // back to back
    [range("2026-03-01", "2026-03-31"), range("2026-03-05", "2026-03-06"), true], // inside
    [range("2026-03-05", "2026-03-05"), range("2026-03-05", "2026-03-05"), true], // one and the same day
    [range("2026-03-20", "2026-03-31"), range("2026-03-01", "2026-03-19"), false],
  ])("%o and %o: %s", (a, b, expected) => {
    expect(rangesOverlap(a, b)).toBe(expected);
    expect(rangesOverlap(b, a)).toBe(expected);
  });

  it("gives the shared dates", () => {
    expect(rangeIntersection(range("2026-03-01", "2026-03-10"), range("2026-03-05", "2026-03-20"))).toEqual(
      range("2026-03-05", "2026-03-10"),
    );
    expect(
      rangeIntersection(range("2026-03-01", "2026-03-10"), range("2026-03-11", "2026-03-20")),
    ).toBeNull();
  });

  it("refuses malformed or reversed ranges", () => {
    expect(() => rangesOverlap(range("2026-03-10", "2026-03-01"), range("2026-03-01", "2026-03-02"))).toThrow(
      RangeError,
    );
    expect(() => rangesOverlap(range("2026-02-30", "2026-03-01"), range("2026-03-01", "2026-03-02"))).toThrow(
      RangeError,
    );
  });
});

describe("parkingBookingsMeet", () => {
  it.each([
    ["Mon–Fri and Sat–Sun over a month never meet", [MON, TUE, WED, THU, FRI], [SAT, SUN], false],
    ["Mon–Wed and Thu–Fri never meet", [MON, TUE, WED], [THU, FRI], false],
    ["Mon and Mon meet", [MON], [MON], true],
    ["a full month meets anything", null, [SUN], true],
  ])("%s", (_, a, b, expected) => {
    expect(
      parkingBookingsMeet(parking("2026-12-01", "2026-12-31", a), parking("2026-12-01", "2026-12-31", b)),
    ).toBe(expected);
  });

  it("needs a shared weekday among the days both actually cover", () => {
    // Shared dates: Tue 2026-12-08 to Thu 2026-12-10; both chose Mondays, but no Monday is shared.
    const a = parking("2026-12-01", "2026-12-10", [MON, TUE]);
    const b = parking("2026-12-08", "2026-12-31", [MON, FRI]);
    expect(parkingBookingsMeet(a, b)).toBe(false);
    expect(parkingBookingsMeet(a, { ...b, startDate: "2026-12-07" })).toBe(true); // now Mon the 7th is shared
    expect(parkingBookingsMeet(a, { ...b, weekdays: [TUE] })).toBe(true);
  });

  it("never meet without shared dates", () => {
    expect(
      parkingBookingsMeet(
        parking("2026-12-01", "2026-12-06", null),
        parking("2026-12-07", "2026-12-31", null),
      ),
    ).toBe(false);
  });

  it("refuses a weekday outside 0–6", () => {
    expect(() =>
      parkingBookingsMeet(
        parking("2026-12-01", "2026-12-06", [7]),
        parking("2026-12-01", "2026-12-06", null),
      ),
    ).toThrow(RangeError);
  });

  it("agrees with checking every shared day (property)", () => {
    const day = fc.integer({ min: toEpochDay("2026-01-01"), max: toEpochDay("2026-03-31") });
    const booking = fc
      .tuple(
        day,
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1 })),
      )
      .map(([start, length, weekdays]) =>
        parking(fromEpochDay(start), fromEpochDay(start + length), weekdays),
      );
    fc.assert(
      fc.property(booking, booking, (a, b) => {
        let meet = false;
        for (let d = toEpochDay(a.startDate); d <= toEpochDay(a.endDate); d++) {
          const date = fromEpochDay(d);
          const both = [a, b].every(
            (x) =>
              date >= x.startDate &&
              date <= x.endDate &&
              (x.weekdays ?? [0, 1, 2, 3, 4, 5, 6]).includes(weekday(date)),
          );
          if (both) meet = true;
        }
        expect(parkingBookingsMeet(a, b)).toBe(meet);
        expect(parkingBookingsMeet(b, a)).toBe(meet);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("holdsOn", () => {
  it("is true on the booking's dates and chosen weekdays only", () => {
    const hold = { ...parking("2026-12-07", "2026-12-13", [MON, WED]), units: 1 };
    expect(holdsOn(hold, "2026-12-07")).toBe(true);
    expect(holdsOn(hold, "2026-12-08")).toBe(false);
    expect(holdsOn(hold, "2026-12-09")).toBe(true);
    expect(holdsOn(hold, "2026-12-14")).toBe(false); // a Monday after the end
    expect(holdsOn(hold, "2026-12-06")).toBe(false);
  });
});

describe("unitsHeldByDate", () => {
  it("adds the units of holding bookings on each date and ignores the others", () => {
    const bookings: BookedHold[] = [
      booked("2026-03-01", "2026-03-03", 4),
      booked("2026-03-03", "2026-03-05", 2, "awaiting_payment"),
      booked("2026-03-01", "2026-03-05", 10, "cancelled"),
      booked("2026-03-01", "2026-03-05", 10, "completed"),
      booked("2026-03-02", "2026-03-02", 1, "active", [weekday("2026-03-02")]),
      booked("2026-03-04", "2026-03-04", 1, "active", [weekday("2026-03-05")]), // holds no day: wrong weekday
    ];
    expect(unitsHeldByDate(bookings, range("2026-02-28", "2026-03-06"))).toEqual([
      { date: "2026-02-28", units: 0 },
      { date: "2026-03-01", units: 4 },
      { date: "2026-03-02", units: 5 },
      { date: "2026-03-03", units: 6 },
      { date: "2026-03-04", units: 2 },
      { date: "2026-03-05", units: 2 },
      { date: "2026-03-06", units: 0 },
    ]);
  });

  it("refuses a negative or fractional number of units", () => {
    expect(() =>
      unitsHeldByDate([booked("2026-03-01", "2026-03-02", -1)], range("2026-03-01", "2026-03-02")),
    ).toThrow(RangeError);
    expect(() =>
      unitsHeldByDate([booked("2026-03-01", "2026-03-02", 1.5)], range("2026-03-01", "2026-03-02")),
    ).toThrow(RangeError);
  });
});

describe("findOverbooking", () => {
  it("a whole space: one holding booking per date", () => {
    const others = [booked("2026-03-10", "2026-03-20"), booked("2026-03-01", "2026-03-31", 1, "declined")];
    expect(
      findOverbooking({ ...range("2026-03-01", "2026-03-09"), units: 1, weekdays: null }, others, 1),
    ).toBeNull();
    expect(
      findOverbooking({ ...range("2026-03-05", "2026-03-12"), units: 1, weekdays: null }, others, 1),
    ).toEqual({
      date: "2026-03-10",
      held: 1,
      capacity: 1,
    });
    expect(
      findOverbooking({ ...range("2026-03-20", "2026-03-25"), units: 1, weekdays: null }, others, 1),
    ).toEqual({
      date: "2026-03-20",
      held: 1,
      capacity: 1,
    });
  });

  it("a unit rental: never more units held than offered", () => {
    const others = [booked("2026-03-01", "2026-03-31", 6), booked("2026-03-15", "2026-03-20", 3)];
    const candidate = (units: number) => ({ ...range("2026-03-10", "2026-03-16"), units, weekdays: null });
    expect(findOverbooking(candidate(1), others, 10)).toBeNull();
    expect(findOverbooking(candidate(2), others, 10)).toEqual({ date: "2026-03-15", held: 9, capacity: 10 });
    expect(findOverbooking(candidate(11), [], 10)).toEqual({ date: "2026-03-10", held: 0, capacity: 10 });
    expect(() => findOverbooking(candidate(0), others, 10)).toThrow(RangeError);
  });

  it("a parking slot: weekdays that never meet share the dates", () => {
    const weekdaysTaken = [booked("2026-12-01", "2026-12-31", 1, "active", [MON, TUE, WED, THU, FRI])];
    const weekend = { ...range("2026-12-01", "2026-12-31"), units: 1, weekdays: [SAT, SUN] };
    expect(findOverbooking(weekend, weekdaysTaken, 1)).toBeNull();
    expect(findOverbooking({ ...weekend, weekdays: [FRI, SAT] }, weekdaysTaken, 1)).toEqual({
      date: "2026-12-04",
      held: 1,
      capacity: 1,
    });
  });

  it("agrees with parkingBookingsMeet on a slot (property)", () => {
    const day = fc.integer({ min: toEpochDay("2026-01-01"), max: toEpochDay("2026-02-28") });
    const hold = fc
      .tuple(
        day,
        fc.integer({ min: 0, max: 15 }),
        fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1 })),
      )
      .map(([start, length, weekdays]) => ({
        startDate: fromEpochDay(start),
        endDate: addDays(fromEpochDay(start), length),
        weekdays,
        units: 1,
      }));
    fc.assert(
      fc.property(hold, fc.array(hold, { maxLength: 4 }), (candidate, others) => {
        const booked = others.map((other) => ({ ...other, state: "requested" }));
        const meetsAny = others.some((other) => parkingBookingsMeet(candidate, other));
        expect(findOverbooking(candidate, booked, 1) !== null).toBe(meetsAny);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("overbookingMessage", () => {
  it("says the space is taken, or how many units are free", () => {
    expect(overbookingMessage({ date: "2026-03-10", held: 1, capacity: 1 })).toBe(
      "This space is already booked on March 10, 2026. Please choose other dates.",
    );
    expect(overbookingMessage({ date: "2026-03-15", held: 9, capacity: 10 }, "sqm")).toBe(
      "Only 1 of 10 sqm are free on March 15, 2026. Please choose fewer sqm or other dates.",
    );
  });
});
