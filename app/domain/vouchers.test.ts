import { describe, expect, it } from "vitest";
import { bookingPrice } from "./pricing";
import { refusalOf } from "./refusal.testing";
import {
  amountOff,
  checkCouponTerms,
  checkCouponUsable,
  checkVoucherUsable,
  couponValue,
  dueBeforeCode,
  earnsReferralVouchers,
  expiredMessage,
  normalizeCode,
  notYetMessage,
  referralVoucherExpiry,
  referralVouchersDueAt,
  VOUCHER_MESSAGES,
  voucherStatus,
} from "./vouchers";

const coupon = { validFrom: "2026-12-01", validUntil: "2026-12-31", totalLimit: 2 };
const noUses = { total: 0, byCaller: 0 };
const inDecember = new Date("2026-12-10T04:00:00Z");

describe("amount off", () => {
  it("takes a fixed coupon's amount, or its percent of the first month's price, rounded half up", () => {
    expect(couponValue({ kind: "fixed", value: 10_000 }, 300_000)).toBe(10_000);
    expect(couponValue({ kind: "percent", value: 10 }, 300_000)).toBe(30_000);
    expect(couponValue({ kind: "percent", value: 15 }, 333)).toBe(50); // 49.95 → 50
    expect(couponValue({ kind: "percent", value: 100 }, 300_000)).toBe(300_000);
  });

  it("never takes the due below 0: the part over the due is neither paid out nor kept", () => {
    expect(amountOff(25_000, 615_000)).toBe(25_000);
    expect(amountOff(700_000, 615_000)).toBe(615_000);
    expect(amountOff(0, 615_000)).toBe(0);
    expect(() => amountOff(-1, 615_000)).toThrow(/value/);
  });

  it("counts the due before the code from the booking price lines", () => {
    const price = bookingPrice({
      type: "storage",
      startDate: "2026-12-01",
      endDate: "2027-02-28",
      monthlyPrice: 300_000,
      quantity: 1,
      firstMonthDiscountOffered: false,
      depositAsked: true,
    });
    expect(dueBeforeCode(price)).toBe(615_000);
    expect(dueBeforeCode(price)).toBe(price.due);
  });
});

describe("coupon validity", () => {
  it("is usable inside its window, first and last Manila day included", () => {
    expect(() => checkCouponUsable(coupon, noUses, inDecember)).not.toThrow();
    // 2026-12-01 00:30 in Manila is still November 30 in UTC.
    expect(() => checkCouponUsable(coupon, noUses, new Date("2026-11-30T16:30:00Z"))).not.toThrow();
    expect(() => checkCouponUsable(coupon, noUses, new Date("2026-12-31T15:59:00Z"))).not.toThrow();
  });

  it("refuses before its first day and after its last", () => {
    expect(refusalOf(() => checkCouponUsable(coupon, noUses, new Date("2026-11-30T15:00:00Z"))).message).toBe(
      notYetMessage("2026-12-01"),
    );
    expect(refusalOf(() => checkCouponUsable(coupon, noUses, new Date("2026-12-31T16:00:00Z"))).message).toBe(
      expiredMessage("2026-12-31"),
    );
  });

  it("refuses a second use by one account, and any use past the total limit", () => {
    expect(refusalOf(() => checkCouponUsable(coupon, { total: 1, byCaller: 1 }, inDecember)).message).toBe(
      VOUCHER_MESSAGES.couponUsedByYou,
    );
    expect(refusalOf(() => checkCouponUsable(coupon, { total: 2, byCaller: 0 }, inDecember)).message).toBe(
      VOUCHER_MESSAGES.couponLimit,
    );
    expect(() =>
      checkCouponUsable({ ...coupon, totalLimit: null }, { total: 900, byCaller: 0 }, inDecember),
    ).not.toThrow();
  });

  it("refuses terms an operator cannot mean", () => {
    const terms = { kind: "percent" as const, value: 10, ...coupon };
    expect(() => checkCouponTerms(terms)).not.toThrow();
    expect(() => checkCouponTerms({ ...terms, value: 101 })).toThrow(/at most 100/);
    expect(() => checkCouponTerms({ ...terms, value: 0 })).toThrow(/worth something/);
    expect(() => checkCouponTerms({ ...terms, validUntil: "2026-11-30" })).toThrow(/last day/);
    expect(() => checkCouponTerms({ ...terms, totalLimit: 0 })).toThrow(/limit/);
  });
});

describe("referral vouchers", () => {
  const voucher = { holderId: "ria", amount: 25_000, expiresOn: "2027-12-09" };

  it("is valid for 12 months from the day it is given", () => {
    expect(referralVoucherExpiry(inDecember)).toBe("2027-12-09");
    expect(() => checkVoucherUsable(voucher, "ria", null, new Date("2027-12-09T15:00:00Z"))).not.toThrow();
    expect(
      refusalOf(() => checkVoucherUsable(voucher, "ria", null, new Date("2027-12-09T16:00:00Z"))).message,
    ).toBe(expiredMessage("2027-12-09"));
  });

  it("is for its holder only, and used once", () => {
    const other = refusalOf(() => checkVoucherUsable(voucher, "someone", null, inDecember));
    expect(other).toMatchObject({ kind: "forbidden", message: VOUCHER_MESSAGES.notYours, field: "code" });
    expect(refusalOf(() => checkVoucherUsable(voucher, "ria", "used", inDecember)).message).toBe(
      VOUCHER_MESSAGES.voucherUsed,
    );
    expect(refusalOf(() => checkVoucherUsable(voucher, "ria", "held", inDecember)).message).toBe(
      VOUCHER_MESSAGES.voucherHeld,
    );
    expect(() => checkVoucherUsable(voucher, "ria", "released", inDecember)).not.toThrow();
  });

  it("tells its holder where it stands", () => {
    expect(voucherStatus(voucher, null, inDecember)).toBe("available");
    expect(voucherStatus(voucher, "released", inDecember)).toBe("available");
    expect(voucherStatus(voucher, "held", inDecember)).toBe("held");
    expect(voucherStatus(voucher, "used", inDecember)).toBe("used");
    expect(voucherStatus(voucher, null, new Date("2028-01-01T00:00:00Z"))).toBe("expired");
  });

  it("reads codes whatever their case and spaces", () => {
    expect(normalizeCode("  rv-abc12 ")).toBe("RV-ABC12");
  });
});

describe("referral vouchers are earned", () => {
  const startDate = "2026-12-01";
  const due = referralVouchersDueAt(startDate);

  it("30 days after the start date, Manila midnight", () => {
    expect(due.toISOString()).toBe("2026-12-30T16:00:00.000Z");
  });

  it("by a booking active 30 days, or completed, never before nor by an approved or refunded one", () => {
    const justBefore = new Date(due.getTime() - 1);
    expect(earnsReferralVouchers({ state: "active", startDate }, justBefore)).toBe(false);
    expect(earnsReferralVouchers({ state: "active", startDate }, due)).toBe(true);
    expect(earnsReferralVouchers({ state: "completed", startDate }, justBefore)).toBe(true);
    for (const state of ["approved", "requested", "cancelled", "declined", "expired"])
      expect(earnsReferralVouchers({ state, startDate }, due), state).toBe(false);
  });
});
