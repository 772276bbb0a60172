import { describe, expect, it } from "vitest";
import { makeReferralCode } from "./referral-code";

describe("makeReferralCode", () => {
  it("joins the first name's letters to four unambiguous characters", () => {
    expect(makeReferralCode("María José", () => 0)).toBe("MARIAJ-AAAA");
    expect(makeReferralCode("Ana", (max) => max - 1)).toBe("ANA-9999");
  });

  it("falls back to SPACE for a name without letters", () => {
    expect(makeReferralCode("", () => 1)).toBe("SPACE-BBBB");
  });

  it("never uses characters that read alike", () => {
    for (let i = 0; i < 200; i++) expect(makeReferralCode("Juan")).toMatch(/^JUAN-[A-HJ-NP-Z2-9]{4}$/);
  });
});
