import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import {
  capacityOf,
  endDateFor,
  PRICE_PROMPTS,
  priceWaitsFor,
  RESERVATION_MESSAGES,
  type ReservableSpace,
  reservationTerms,
} from "./reservation";

const storage: ReservableSpace = {
  type: "storage",
  status: "active",
  hostId: "host",
  entireSpace: true,
  unitsAvailable: 1,
  rentalDurations: ["1_month", "3_months", "6_months"],
  monthlyPrice: 300_000,
  dailyPrice: null,
  depositRequired: true,
  firstMonthDiscount: true,
};
const parking: ReservableSpace = {
  ...storage,
  type: "parking",
  unitsAvailable: 2,
  monthlyPrice: 400_000,
  dailyPrice: 15_000,
};
const today = "2026-11-24";

function refusal(run: () => unknown): { field?: string; message: string; kind: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { field: error.field, message: error.message, kind: error.kind };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("reservationTerms", () => {
  it("prices a 3-month whole storage space with the deposit (the pricing examples)", () => {
    const terms = reservationTerms(storage, { startDate: "2026-12-01", duration: "3_months" }, today);
    expect(terms).toMatchObject({
      startDate: "2026-12-01",
      endDate: "2027-02-28",
      quantity: 1,
      weekdays: null,
    });
    expect(terms.price).toEqual({
      type: "storage",
      months: 3,
      firstMonthPrice: 300_000,
      deposits: 300_000,
      firstMonthDiscount: 0,
      spaceSolutionFee: 15_000,
      due: 615_000,
    });
  });

  it("gives the first-month discount at 6 months and counts units of a unit rental", () => {
    const units = { ...storage, entireSpace: false, unitsAvailable: 20, monthlyPrice: 30_000 };
    const terms = reservationTerms(units, { startDate: today, duration: "6_months", quantity: 2 }, today);
    expect(terms.quantity).toBe(2);
    expect(terms.price).toMatchObject({
      firstMonthPrice: 60_000,
      firstMonthDiscount: 30_000,
      deposits: 60_000,
    });
  });

  it("prices parking on chosen weekdays by the days counted, and the full month by the monthly price", () => {
    const weekdays = reservationTerms(
      parking,
      { startDate: "2026-12-01", duration: "1_month", weekdays: [5, 1, 2, 3, 4] },
      today,
    );
    expect(weekdays.weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(weekdays.price.firstMonthPrice).toBe(330_000);
    expect(weekdays.monthlyUnitPrice).toBe(330_000);
    const full = reservationTerms(parking, { startDate: "2026-12-01", duration: "1_month" }, today);
    expect(full.weekdays).toBeNull();
    expect(full.price.firstMonthPrice).toBe(400_000);
  });

  it("ends a booking on the day before the same date N months later, or after its days", () => {
    expect(endDateFor("2026-01-31", "1_month")).toBe("2026-02-27");
    expect(endDateFor("2026-12-01", "week")).toBe("2026-12-07");
    expect(endDateFor("2026-12-01", "daily")).toBe("2026-12-01");
    expect(endDateFor("2026-12-01", "1_year")).toBe("2027-11-30");
  });

  it("refuses each bad request with the field at fault", () => {
    const cases: [Parameters<typeof reservationTerms>, string, string][] = [
      [
        [storage, { startDate: "2026-13-01", duration: "1_month" }, today],
        "startDate",
        RESERVATION_MESSAGES.startDate,
      ],
      [
        [storage, { startDate: "2026-11-23", duration: "1_month" }, today],
        "startDate",
        RESERVATION_MESSAGES.startDatePast,
      ],
      [
        [storage, { startDate: "2027-12-01", duration: "1_month" }, today],
        "startDate",
        RESERVATION_MESSAGES.startDateFar,
      ],
      [
        [storage, { startDate: today, duration: "fortnight" }, today],
        "duration",
        RESERVATION_MESSAGES.duration,
      ],
      [
        [storage, { startDate: today, duration: "1_year" }, today],
        "duration",
        RESERVATION_MESSAGES.durationNotOffered,
      ],
      [
        [{ ...storage, entireSpace: false }, { startDate: today, duration: "1_month", quantity: 0 }, today],
        "quantity",
        RESERVATION_MESSAGES.quantity,
      ],
      [
        [parking, { startDate: today, duration: "1_month", weekdays: [] }, today],
        "weekdays",
        RESERVATION_MESSAGES.weekdays,
      ],
      [
        [parking, { startDate: today, duration: "1_month", weekdays: [7] }, today],
        "weekdays",
        RESERVATION_MESSAGES.weekdays,
      ],
      [
        [{ ...parking, dailyPrice: null }, { startDate: today, duration: "1_month", weekdays: [1] }, today],
        "weekdays",
        RESERVATION_MESSAGES.noDailyPrice,
      ],
    ];
    for (const [args, field, message] of cases)
      expect(refusal(() => reservationTerms(...args))).toMatchObject({ field, message });
  });

  it("refuses an inactive listing and the host's own space", () => {
    expect(
      refusal(() =>
        reservationTerms(
          { ...storage, status: "inactive" },
          { startDate: today, duration: "1_month" },
          today,
        ),
      ),
    ).toMatchObject({ kind: "conflict", message: RESERVATION_MESSAGES.notReservable });
    expect(
      refusal(() =>
        reservationTerms(storage, { startDate: today, duration: "1_month" }, today, { renterId: "host" }),
      ),
    ).toMatchObject({ kind: "forbidden", message: RESERVATION_MESSAGES.ownSpace });
  });
});

describe("priceWaitsFor", () => {
  it("waits for the dates, and for parking on chosen days for the days, never pricing days not chosen", () => {
    expect(priceWaitsFor({})).toBe(PRICE_PROMPTS.dates);
    expect(priceWaitsFor({ startDate: "2026-12-01" })).toBe(PRICE_PROMPTS.dates);
    expect(priceWaitsFor({ startDate: "2026-12-01", duration: "1_month" })).toBeNull();
    expect(
      priceWaitsFor({ startDate: "2026-12-01", duration: "1_month", parkingMode: "full_month" }),
    ).toBeNull();
    expect(
      priceWaitsFor({ startDate: "2026-12-01", duration: "1_month", parkingMode: "selected_days" }),
    ).toBe(PRICE_PROMPTS.weekdays);
    expect(
      priceWaitsFor({
        startDate: "2026-12-01",
        duration: "1_month",
        parkingMode: "selected_days",
        weekdays: [],
      }),
    ).toBe(PRICE_PROMPTS.weekdays);
    expect(
      priceWaitsFor({
        startDate: "2026-12-01",
        duration: "1_month",
        parkingMode: "selected_days",
        weekdays: [1],
      }),
    ).toBeNull();
  });
});

describe("capacityOf", () => {
  it("offers a unit rental's units, a parking's slots, and an entire space once; an unset type is storage", () => {
    expect(capacityOf({ storageType: "storage", entireSpace: false, unitsAvailable: 12 })).toBe(12);
    expect(capacityOf({ storageType: "parking", entireSpace: true, unitsAvailable: 3 })).toBe(3);
    expect(capacityOf({ storageType: "storage", entireSpace: true, unitsAvailable: 12 })).toBe(1);
    expect(capacityOf({ storageType: null, entireSpace: true, unitsAvailable: 5 })).toBe(1);
    expect(capacityOf({ storageType: null, entireSpace: false, unitsAvailable: 5 })).toBe(5);
  });
});
