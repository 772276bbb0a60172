import { describe, expect, it } from "vitest";
import { CONSOLE_IDLE_MS, CONSOLE_MAX_MS, consoleSessionState, mayDo, queuesFor } from "./operators";

describe("the console's roles", () => {
  it("lets support read only, trust moderate, finance handle money and admin do all", () => {
    expect([mayDo("support", "read"), mayDo("support", "moderate"), mayDo("support", "money")]).toEqual([
      true,
      false,
      false,
    ]);
    expect([mayDo("trust", "moderate"), mayDo("trust", "money")]).toEqual([true, false]);
    expect([mayDo("finance", "money"), mayDo("finance", "moderate")]).toEqual([true, false]);
    expect([mayDo("admin", "read"), mayDo("admin", "moderate"), mayDo("admin", "money")]).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("gives an account without a role, or with an unknown one, nothing", () => {
    expect(mayDo(null, "read")).toBe(false);
    expect(mayDo("root", "read")).toBe(false);
    expect(queuesFor(null)).toEqual([]);
    expect(queuesFor("support").map((queue) => queue.key)).toEqual([
      "listings",
      "users",
      "cases",
      "reports",
      "support",
      "audit",
    ]);
  });

  it("shows the health of the business and refunds in the menu of finance and admin only", () => {
    for (const key of ["health", "refunds"]) {
      for (const role of ["finance", "admin"])
        expect(queuesFor(role).map((queue) => queue.key)).toContain(key);
      for (const role of ["support", "trust"])
        expect(queuesFor(role).map((queue) => queue.key)).not.toContain(key);
    }
  });
});

describe("a console session", () => {
  const signedIn = new Date("2026-11-28T01:00:00Z");
  const at = (ms: number) => new Date(signedIn.getTime() + ms);

  it("is none before the code was typed", () => {
    expect(consoleSessionState({ verifiedAt: null, seenAt: null }, signedIn)).toBe("none");
  });

  it("lasts 30 minutes after its last use", () => {
    expect(consoleSessionState({ verifiedAt: signedIn, seenAt: null }, at(CONSOLE_IDLE_MS - 1))).toBe("live");
    expect(consoleSessionState({ verifiedAt: signedIn, seenAt: null }, at(CONSOLE_IDLE_MS))).toBe("idle");
    const seen = at(2 * 60 * 60 * 1000);
    expect(
      consoleSessionState({ verifiedAt: signedIn, seenAt: seen }, at(2 * 60 * 60 * 1000 + 29 * 60 * 1000)),
    ).toBe("live");
  });

  it("ends 8 hours after the code even when used all the time", () => {
    const justUsed = at(CONSOLE_MAX_MS - 1000);
    expect(consoleSessionState({ verifiedAt: signedIn, seenAt: justUsed }, at(CONSOLE_MAX_MS - 1))).toBe(
      "live",
    );
    expect(consoleSessionState({ verifiedAt: signedIn, seenAt: justUsed }, at(CONSOLE_MAX_MS))).toBe(
      "expired",
    );
  });
});
