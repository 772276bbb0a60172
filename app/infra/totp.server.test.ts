import { describe, expect, it } from "vitest";
import { TOTP_PERIOD_SECONDS } from "~/domain/operators";
import { matchTotp, newTotpSecret, sealTotpSecret, totpCode, totpUri, unsealTotpSecret } from "./totp.server";

describe("an operator's TOTP code", () => {
  const secret = newTotpSecret();
  const now = new Date("2026-11-28T03:00:10Z");
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
  const shifted = (steps: number) => new Date(now.getTime() + steps * TOTP_PERIOD_SECONDS * 1000);

  it("is taken at its own step and one step either side, and answers which step it was", () => {
    expect(matchTotp(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, shifted(-1)), now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, shifted(1)), now)).toBe(step + 1);
  });

  it("is refused two steps away, from another secret, or when it is not six digits", () => {
    expect(matchTotp(secret, totpCode(secret, shifted(-2)), now)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, shifted(2)), now)).toBeNull();
    expect(matchTotp(secret, totpCode(newTotpSecret(), now), now)).toBeNull();
    expect(matchTotp(secret, "12345", now)).toBeNull();
    expect(matchTotp(secret, "abcdef", now)).toBeNull();
  });

  it("goes to the authenticator as an otpauth address naming the site and the operator", () => {
    const uri = new URL(totpUri(secret, "ops@example.ph"));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(uri.searchParams.get("issuer")).toBe("Space Solution");
    expect(decodeURIComponent(uri.pathname)).toContain("ops@example.ph");
  });

  it("keeps its secret sealed: the sealed value does not hold it and opens to it", async () => {
    const sealed = await sealTotpSecret(secret);
    expect(sealed).not.toContain(secret);
    expect(await unsealTotpSecret(sealed)).toBe(secret);
    expect(await unsealTotpSecret(`${sealed.slice(0, -4)}AAAA`)).toBeNull();
  });
});
