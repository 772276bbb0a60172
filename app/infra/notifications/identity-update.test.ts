import { describe, expect, it } from "vitest";
import { identityUpdate } from "./identity-update";

const base = {
  name: "Carla",
  reason: null,
  pagePath: "/user-profile/profile-persona-verification",
  pageLink: "https://spacesolution.ph/user-profile/profile-persona-verification",
};

describe("identityUpdate", () => {
  it("tells each outcome, with a text message of at most 160 characters and the verification page", () => {
    for (const outcome of ["passed", "failed", "review"] as const) {
      const message = identityUpdate({ ...base, outcome });
      expect(message.notice?.link).toBe(base.pagePath);
      expect(message.text).toContain(base.pageLink);
      expect(message.notice?.sms?.length).toBeLessThanOrEqual(160);
    }
    expect(identityUpdate({ ...base, outcome: "passed" }).subject).toBe("Your identity is verified");
    expect(identityUpdate({ ...base, outcome: "review" }).notice?.title).toBe(
      "Your identity check is being reviewed",
    );
  });

  it("gives the reason of a refusal, and only of a refusal", () => {
    const refused = identityUpdate({
      ...base,
      outcome: "failed",
      reason: "Persona could not verify: id expired.",
    });
    expect(refused.notice?.body).toContain("Reason: Persona could not verify: id expired.");
    expect(refused.text).toContain("Reason: Persona could not verify: id expired.");
    const passed = identityUpdate({ ...base, outcome: "passed", reason: "ignored" });
    expect(passed.text).not.toContain("Reason");
  });
});
