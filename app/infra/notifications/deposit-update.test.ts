import { describe, expect, it } from "vitest";
import { depositUpdate } from "./deposit-update";
import { reportSignedOff } from "./report-signed-off";

describe("depositUpdate", () => {
  const base = {
    name: "Ria",
    spaceTitle: "Dry room",
    deposit: "₱3,000.00",
    voucherPart: "",
    reason: "An operator decided the host's claim.",
    checklistPath: "/bookings/b/deposit-management-checklist",
    checklistLink: "https://x.ph/bookings/b/deposit-management-checklist",
  };
  const allToHost = { ...base, toRenter: "₱0.00", toHost: "₱3,000.00", awarded: true, backToRenter: false };

  it("tells a renter when all of the deposit was awarded to the host, without a ₱0.00 coming back", () => {
    const message = depositUpdate({ ...allToHost, role: "renter" });
    expect(message.notice?.body).toBe(
      "Dry room: All of your ₱3,000.00 deposit was awarded to the host. An operator decided the host's claim.",
    );
    expect(message.notice?.sms).toBe(
      "Space Solution: your deposit was awarded to the host. Details in the app.",
    );
    const host = depositUpdate({ ...allToHost, role: "host" });
    expect(host.notice?.body).toBe(
      "Dry room: ₱3,000.00 of the renter's ₱3,000.00 deposit was awarded to you and comes with your next payout. An operator decided the host's claim.",
    );
  });

  it("says which part a voucher paid goes back to Space Solution rather than to the renter", () => {
    const message = depositUpdate({
      ...base,
      role: "renter",
      toRenter: "₱2,500.00",
      toHost: "₱0.00",
      awarded: false,
      backToRenter: true,
      voucherPart: "₱500.00",
      reason: "The host confirmed the move-out checklist.",
    });
    expect(message.notice?.body).toBe(
      "Dry room: ₱2,500.00 of your ₱3,000.00 deposit goes back to you. The ₱500.00 a voucher paid goes back to Space Solution. It is refunded the way you paid. The host confirmed the move-out checklist.",
    );
  });

  it("texts money news in at most 160 characters, and nothing to a host who was awarded nothing", () => {
    const large = { ...base, deposit: "₱1,234,567.89", toRenter: "₱1,234,567.89", toHost: "₱1,234,567.89" };
    for (const role of ["renter", "host"] as const) {
      const sms = depositUpdate({ ...large, role, awarded: true, backToRenter: true }).notice?.sms;
      expect(sms?.length).toBeLessThanOrEqual(160);
    }
    expect(
      depositUpdate({ ...large, role: "host", awarded: false, backToRenter: true }).notice?.sms,
    ).toBeUndefined();
  });
});

describe("reportSignedOff", () => {
  it("tells the report's author who signed it off, in the bell and by e-mail, with no text message", () => {
    const message = reportSignedOff({
      name: "Ria",
      spaceTitle: "Dry room",
      stage: "Move-out",
      signer: "The renter",
      signerName: "Juan",
      checklistPath: "/c",
      checklistLink: "https://x.ph/c",
    });
    expect(message.subject).toBe("Your move-out report was signed off: Dry room");
    expect(message.notice).toEqual({
      title: "Your move-out report was signed off",
      body: "Dry room: The renter, Juan, signed off your move-out report. It takes no more entries.",
      link: "/c",
    });
    expect(message.text).toContain("See the move-in / move-out checklist: https://x.ph/c");
  });
});
