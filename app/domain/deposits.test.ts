import { describe, expect, it } from "vitest";
import {
  assertCanAddEntry,
  assertCanConfirmCheckout,
  assertCanSignOff,
  bookingEnd,
  DEPOSIT_MESSAGES,
  depositDeadline,
  depositStatus,
  hasEnded,
  isPastDepositDeadline,
  latestReleasableEndDate,
  REPORT_MESSAGES,
  reportStandsAt,
  reportStatus,
  splitDeposit,
} from "./deposits";

const MS = 1;

describe("the end of a booking and the host's 72 hours (Manila time)", () => {
  it("a booking ending on 2026-12-31 ends at midnight Manila starting 2027-01-01 (16:00 UTC the day before)", () => {
    expect(bookingEnd({ endDate: "2026-12-31" }).toISOString()).toBe("2026-12-31T16:00:00.000Z");
  });

  it("the deadline is 72 hours after the end", () => {
    expect(depositDeadline({ endDate: "2026-12-31" }).toISOString()).toBe("2027-01-03T16:00:00.000Z");
  });

  it("has ended from the end's instant on, not a millisecond earlier", () => {
    const end = bookingEnd({ endDate: "2026-12-31" });
    expect(hasEnded({ endDate: "2026-12-31" }, new Date(end.getTime() - MS))).toBe(false);
    expect(hasEnded({ endDate: "2026-12-31" }, end)).toBe(true);
  });

  it("is past the deadline from its instant on, not a millisecond earlier", () => {
    const deadline = depositDeadline({ endDate: "2026-12-31" });
    expect(isPastDepositDeadline({ endDate: "2026-12-31" }, new Date(deadline.getTime() - MS))).toBe(false);
    expect(isPastDepositDeadline({ endDate: "2026-12-31" }, deadline)).toBe(true);
  });

  it("the latest releasable end date agrees with the deadline on both sides of it", () => {
    const deadline = depositDeadline({ endDate: "2026-12-31" });
    expect(latestReleasableEndDate(deadline)).toBe("2026-12-31");
    expect(latestReleasableEndDate(new Date(deadline.getTime() - MS))).toBe("2026-12-30");
    // 23:59 Manila of the day after the deadline still releases only up to that end date
    expect(latestReleasableEndDate(new Date(deadline.getTime() + 24 * 3_600_000 - MS))).toBe("2026-12-31");
  });
});

describe("splitting a deposit", () => {
  it("award 0 sends it all back to the renter", () => {
    expect(splitDeposit(300_000, 0, 615_000)).toEqual({
      toHost: 0,
      toRenter: 300_000,
      toPlatform: 0,
      uncollected: 0,
    });
  });

  it("a part goes to the host and the rest to the renter", () => {
    expect(splitDeposit(300_000, 120_050, 615_000)).toEqual({
      toHost: 120_050,
      toRenter: 179_950,
      toPlatform: 0,
      uncollected: 0,
    });
  });

  it("an award above the deposit is capped at it, the excess not collected", () => {
    expect(splitDeposit(300_000, 450_000, 615_000)).toEqual({
      toHost: 300_000,
      toRenter: 0,
      toPlatform: 0,
      uncollected: 150_000,
    });
  });

  it("a rest the renter never paid (a voucher paid it) goes back to the platform", () => {
    expect(splitDeposit(300_000, 0, 200_000)).toEqual({
      toHost: 0,
      toRenter: 200_000,
      toPlatform: 100_000,
      uncollected: 0,
    });
  });

  it("refuses amounts that are not whole centavos", () => {
    expect(() => splitDeposit(300_000, 1.5, 0)).toThrow(RangeError);
    expect(() => splitDeposit(300_000, -1, 0)).toThrow(RangeError);
  });
});

describe("what the two sides see", () => {
  it("a held deposit with a case open is claimed", () => {
    expect(depositStatus(null, false)).toBe("none");
    expect(depositStatus({ state: "held" }, false)).toBe("held");
    expect(depositStatus({ state: "held" }, true)).toBe("claimed");
    expect(depositStatus({ state: "awarded" }, true)).toBe("awarded");
    expect(depositStatus({ state: "released" }, false)).toBe("released");
  });

  it("confirming the checklist is refused with the reason", () => {
    const ok = { hasDeposit: true, settled: false, ended: true, caseOpen: false };
    expect(() => assertCanConfirmCheckout(ok)).not.toThrow();
    expect(() => assertCanConfirmCheckout({ ...ok, hasDeposit: false })).toThrow(DEPOSIT_MESSAGES.noDeposit);
    expect(() => assertCanConfirmCheckout({ ...ok, settled: true })).toThrow(DEPOSIT_MESSAGES.alreadySettled);
    expect(() => assertCanConfirmCheckout({ ...ok, caseOpen: true })).toThrow(DEPOSIT_MESSAGES.caseOpen);
    expect(() => assertCanConfirmCheckout({ ...ok, ended: false })).toThrow(DEPOSIT_MESSAGES.notEnded);
  });
});

describe("condition reports", () => {
  const written = new Date("2026-12-01T02:00:00.000Z");
  const report = { side: "renter" as const, updatedAt: written, signedOffAt: null };

  it("waits for the other side, then stands 72 hours after its last entry, not a millisecond earlier", () => {
    const standsAt = reportStandsAt(report);
    expect(standsAt.toISOString()).toBe("2026-12-04T02:00:00.000Z");
    expect(reportStatus(report, new Date(standsAt.getTime() - MS))).toBe("awaiting_sign_off");
    expect(reportStatus(report, standsAt)).toBe("stands");
    expect(reportStatus({ ...report, signedOffAt: written }, standsAt)).toBe("signed_off");
  });

  it("takes move-in entries from approval until the end, move-out ones from the start until the deposit is settled", () => {
    const base = { depositSettled: false, report: null, now: written };
    expect(() => assertCanAddEntry({ ...base, stage: "move_in", bookingState: "requested" })).toThrow(
      REPORT_MESSAGES.moveInClosed,
    );
    expect(() => assertCanAddEntry({ ...base, stage: "move_in", bookingState: "approved" })).not.toThrow();
    expect(() => assertCanAddEntry({ ...base, stage: "move_out", bookingState: "approved" })).toThrow(
      REPORT_MESSAGES.moveOutNotYet,
    );
    expect(() => assertCanAddEntry({ ...base, stage: "move_out", bookingState: "completed" })).not.toThrow();
    expect(() =>
      assertCanAddEntry({ ...base, stage: "move_out", bookingState: "completed", depositSettled: true }),
    ).toThrow(REPORT_MESSAGES.moveOutClosed);
    expect(() =>
      assertCanAddEntry({
        ...base,
        stage: "move_in",
        bookingState: "active",
        report: { ...report, signedOffAt: written },
      }),
    ).toThrow(REPORT_MESSAGES.signedOff);
    expect(() =>
      assertCanAddEntry({
        ...base,
        stage: "move_in",
        bookingState: "active",
        report,
        now: reportStandsAt(report),
      }),
    ).toThrow(REPORT_MESSAGES.stands);
  });

  it("is signed off by the other side only, once, before it stands", () => {
    expect(() => assertCanSignOff({ signer: "host", report, now: written })).not.toThrow();
    expect(() => assertCanSignOff({ signer: "renter", report, now: written })).toThrow(
      REPORT_MESSAGES.ownReport,
    );
    expect(() => assertCanSignOff({ signer: "host", report: null, now: written })).toThrow(
      REPORT_MESSAGES.nothingToSign,
    );
    expect(() =>
      assertCanSignOff({ signer: "host", report: { ...report, signedOffAt: written }, now: written }),
    ).toThrow(REPORT_MESSAGES.alreadySignedOff);
    expect(() => assertCanSignOff({ signer: "host", report, now: reportStandsAt(report) })).toThrow(
      REPORT_MESSAGES.stands,
    );
  });
});
