import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/storage/listings/1?x=1#a")).toBe("/storage/listings/1?x=1#a");
  });

  it("refuses other origins and tricks", () => {
    for (const to of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
      "/a\nb",
    ]) {
      expect(safeRedirect(to)).toBe("/");
    }
    expect(safeRedirect("//evil.example", "/auth/login")).toBe("/auth/login");
  });
});
