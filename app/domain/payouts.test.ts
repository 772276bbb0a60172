import { describe, expect, it } from "vitest";
import {
  ACCOUNT_NAME_REQUIRED,
  BANK_NAME_REQUIRED,
  BANK_NUMBER_LENGTH,
  GCASH_NUMBER_LENGTH,
  METHOD_REQUIRED,
  PAYMAYA_NUMBER_LENGTH,
  PAYMAYA_NUMBER_REQUIRED,
  PayoutMethodSchema,
} from "./payout-rules.server";
import { batchWeekOf, earningPeriods, maskAccountNumber, payableAt, payablePeriods } from "./payouts";

const firstError = (input: unknown) => PayoutMethodSchema.safeParse(input).error?.issues[0]?.message;

describe("the payout method's rules (docs/product.md, Validation texts)", () => {
  it("takes a bank account of 10 to 16 characters with its name and bank", () => {
    for (const accountNumber of ["1234567890", "1234567890123456"]) {
      expect(
        PayoutMethodSchema.parse({
          method: "bank",
          accountName: " Bea Cruz ",
          accountNumber,
          bankName: "BDO",
        }),
      ).toEqual({ method: "bank", accountName: "Bea Cruz", accountNumber, bankName: "BDO" });
    }
    expect(
      firstError({ method: "bank", accountName: "Bea", accountNumber: "123456789", bankName: "BDO" }),
    ).toBe(BANK_NUMBER_LENGTH);
    expect(
      firstError({ method: "bank", accountName: "Bea", accountNumber: "12345678901234567", bankName: "BDO" }),
    ).toBe(BANK_NUMBER_LENGTH);
    expect(firstError({ method: "bank", accountName: "Bea", accountNumber: "1234567890" })).toBe(
      BANK_NAME_REQUIRED,
    );
    expect(
      firstError({ method: "bank", accountName: " ", accountNumber: "1234567890", bankName: "BDO" }),
    ).toBe(ACCOUNT_NAME_REQUIRED);
  });

  it("takes GCash and Paymaya numbers of exactly 11 characters, and ignores a posted bank name", () => {
    expect(
      PayoutMethodSchema.parse({
        method: "gcash",
        accountName: "Bea",
        accountNumber: "09171234567",
        bankName: "",
      }),
    ).toEqual({ method: "gcash", accountName: "Bea", accountNumber: "09171234567" });
    expect(firstError({ method: "gcash", accountName: "Bea", accountNumber: "0917123456" })).toBe(
      GCASH_NUMBER_LENGTH,
    );
    expect(firstError({ method: "paymaya", accountName: "Bea", accountNumber: "091712345678" })).toBe(
      PAYMAYA_NUMBER_LENGTH,
    );
    expect(firstError({ method: "paymaya", accountName: "Bea", accountNumber: "" })).toBe(
      PAYMAYA_NUMBER_REQUIRED,
    );
    expect(firstError({ method: "gcash", accountName: "Bea", accountNumber: "0917-123456" })).toBe(
      "GCash number may only contain digits.",
    );
  });

  it("asks for a method first", () => {
    expect(firstError({ accountName: "Bea", accountNumber: "09171234567" })).toBe(METHOD_REQUIRED);
    expect(firstError({ method: "cash", accountName: "Bea", accountNumber: "09171234567" })).toBe(
      METHOD_REQUIRED,
    );
  });

  it("shows a number again with only its last four characters", () => {
    expect(maskAccountNumber("09171234567")).toBe("•••• 4567");
    expect(maskAccountNumber("1234567890123456")).toBe("•••• 3456");
  });
});

describe("when rent becomes payable", () => {
  it("is 48 hours after the period's first day starts in Manila", () => {
    expect(payableAt("2026-12-01").toISOString()).toBe("2026-12-02T16:00:00.000Z");
  });

  const terms = {
    startDate: "2026-12-01",
    endDate: "2027-02-28",
    firstMonthPrice: 300_000,
    firstMonthDiscount: 0,
    deposits: 300_000,
    spaceSolutionFee: 15_000,
    due: 615_000,
  };
  const second = {
    periodStart: "2027-01-01",
    periodEnd: "2027-01-31",
    rent: 300_000,
    spaceSolutionFee: 15_000,
  };

  it("earns the first month's rent and each paid bill's rent; the deposit is nobody's earning", () => {
    const periods = earningPeriods(terms, [second]);
    expect(periods).toEqual([
      {
        periodStart: "2026-12-01",
        periodEnd: "2026-12-31",
        rent: 300_000,
        spaceSolutionFee: 15_000,
        voucherFunded: 0,
      },
      { ...second, voucherFunded: 0 },
    ]);
    expect(payablePeriods(periods, new Date("2026-12-02T15:59:59.999Z"))).toEqual([]);
    expect(payablePeriods(periods, new Date("2026-12-02T16:00:00.000Z"))).toHaveLength(1);
    expect(payablePeriods(periods, new Date("2027-01-02T16:00:00.000Z"))).toHaveLength(2);
  });

  it("earns the rent after the first-month discount; a voucher is the platform's, not the host's", () => {
    const [first] = earningPeriods(
      {
        ...terms,
        firstMonthDiscount: 150_000,
        spaceSolutionFee: 7_500,
        deposits: 0,
        due: 107_500,
        endDate: "2027-05-31",
      },
      [],
    );
    // Due 1,500 − 500 voucher + 75 fee: the host still earns ₱1,500.00; the platform funds the ₱500.00.
    expect(first).toMatchObject({ rent: 150_000, spaceSolutionFee: 7_500, voucherFunded: 50_000 });
  });

  it("earns nothing for a paid period that starts after the booking's (moved) end", () => {
    const periods = earningPeriods({ ...terms, endDate: "2026-12-20" }, [second]);
    expect(periods.map((period) => period.periodStart)).toEqual(["2026-12-01"]);
    expect(periods[0]?.periodEnd).toBe("2026-12-20");
  });
});

describe("the weekly batch", () => {
  it("belongs to the latest Monday 09:00 in Manila", () => {
    // Monday 2026-11-30, 09:00 Manila is 01:00 UTC.
    expect(batchWeekOf(new Date("2026-11-30T01:00:00Z"))).toBe("2026-11-30");
    expect(batchWeekOf(new Date("2026-11-30T00:59:59Z"))).toBe("2026-11-23");
    expect(batchWeekOf(new Date("2026-12-06T15:59:59Z"))).toBe("2026-11-30"); // Sunday night in Manila
    expect(batchWeekOf(new Date("2026-12-06T16:00:00Z"))).toBe("2026-11-30"); // Monday 00:00 in Manila
  });
});
