import { describe, expect, it } from "vitest";
import { REFERENCE_MAX_LENGTH } from "~/core/payout-runs.server";
import { payoutUpdate } from "./payout-update";

describe("payoutUpdate", () => {
  const base = {
    name: "Bea",
    amount: "₱1,234,567.89",
    sentTo: "GCash •••• 4567",
    link: "https://x.ph/p",
    path: "/p",
  };

  it("tells a host their payout was sent, with its reference, in a text of at most 160 characters", () => {
    const message = payoutUpdate({ ...base, headline: "paid", reference: "R".repeat(REFERENCE_MAX_LENGTH) });
    expect(message.subject).toBe("Your payout was sent");
    expect(message.notice?.body).toBe(
      `₱1,234,567.89 was sent to GCash •••• 4567, reference ${"R".repeat(40)}.`,
    );
    expect(message.notice?.sms?.length).toBeLessThanOrEqual(160);
  });

  it("reminds a host without a method, in the app and by e-mail only", () => {
    const message = payoutUpdate({ ...base, headline: "method_missing", reference: "", sentTo: "" });
    expect(message.subject).toBe("Add a payout method to get your earnings");
    expect(message.text).toContain("Add your payout method: https://x.ph/p");
    expect(message.notice?.sms).toBeUndefined();
  });
});
