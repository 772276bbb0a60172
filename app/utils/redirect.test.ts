import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/storage/listings/1?x=1#a", "/storage/listings/1?x=1#a"],
    ["/ok?x=1#h", "/ok?x=1#h"],
    ["/search-space?city=para%C3%B1aque&page=2", "/search-space?city=para%C3%B1aque&page=2"],
    // Encoded slashes and tabs stay inside the path: the browser does not decode them into another host.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    // Dot segments are resolved as the browser would, and never leave a "//" at the start.
    ["/a/../b", "/b"],
    ["/.//evil.example/x", "/evil.example/x"],
    ["/..//evil.example", "/evil.example"],
    ["/x?next=//evil.example", "/x?next=//evil.example"],
    // A same-scheme "relative" URL: the browser, too, reads it as a path on this site.
    ["https:evil.example", "/evil.example"],
    // A backslash inside the path is a slash to the browser; percent-encoded Unicode stays a path.
    ["/x\\y", "/x/y"],
    ["/%E3%80%82/x", "/%E3%80%82/x"],
  ])("keeps %j on this site as %j", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it.each([
    ["//evil.example"],
    ["///evil.example"],
    ["https://evil.example"],
    ["http://evil.example/phish"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example/phish"],
    ["/\n/evil.example"],
    ["/a\nb"],
    ["/a\rb"],
    [" //evil.example"],
    ["/ok path"],
    ["/\u3002/x"],
    ["\u3002/x"],
    ["/x\u3002evil.example"],
    // Backslashes read as slashes, and look-alikes of a slash or a backslash, or invisible characters between them.
    ["/\\/evil.example"],
    ["\\/evil.example"],
    ["/\uff0fevil.example"],
    ["/\uff3cevil.example"],
    ["/\u2215/evil.example"],
    ["/\u200b/evil.example"],
    ["/\u00a0/evil.example"],
    ["/\x7f/evil.example"],
    ["javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["http:evil.example"],
    [""],
    [null],
    [undefined],
    [42],
    [["/ok"]],
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("gives the caller's fallback", () => {
    expect(safeRedirect("//evil.example", "/auth/login")).toBe("/auth/login");
    expect(safeRedirect(null, "")).toBe("");
  });

  it("accepts an absolute URL on our origin, made relative, and refuses the same path on another", () => {
    const origin = "https://spacesolution.ph";
    expect(safeRedirect("https://spacesolution.ph/booking/done?id=7#top", "/", { origin })).toBe(
      "/booking/done?id=7#top",
    );
    expect(safeRedirect("https://spacesolution.ph//evil.example/x", "/", { origin })).toBe("/evil.example/x");
    expect(safeRedirect("http://spacesolution.ph/booking/done", "/", { origin })).toBe("/");
    expect(safeRedirect("https://spacesolution.ph.evil.example/x", "/", { origin })).toBe("/");
    expect(safeRedirect("https://user@evil.example/x", "/", { origin })).toBe("/");
  });

  it("keeps an allowed provider's absolute URL whole, and no other", () => {
    const options = { origin: "https://spacesolution.ph", allowedOrigins: ["https://pay.example.ph"] };
    expect(safeRedirect("https://pay.example.ph/checkout/abc?ref=9", "", options)).toBe(
      "https://pay.example.ph/checkout/abc?ref=9",
    );
    expect(safeRedirect("https://pay.example.ph.evil.example/x", "", options)).toBe("");
    expect(safeRedirect("http://pay.example.ph/x", "", options)).toBe("");
    expect(safeRedirect("//pay.example.ph/x", "", options)).toBe("https://pay.example.ph/x");
  });
});
