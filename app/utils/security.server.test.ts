import { describe, expect, it } from "vitest";
import { applySecurityHeaders, isBodyTooLarge, isCrossOriginMutation } from "./security.server";

const post = (headers: Record<string, string>, method = "POST") =>
  new Request("http://localhost:3000/api/user/login", { method, headers });

describe("isCrossOriginMutation", () => {
  it("refuses POST, PUT and DELETE that the browser marks cross-site or same-site", () => {
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "same-site" }, "PUT"))).toBe(true);
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "cross-site" }, "DELETE"))).toBe(true);
  });

  it("lets same-origin requests through", () => {
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossOriginMutation(post({ Origin: "http://localhost:3000" }))).toBe(false);
  });

  it("falls back to the Origin header when the browser sends no Sec-Fetch-Site", () => {
    expect(isCrossOriginMutation(post({ Origin: "https://evil.example" }))).toBe(true);
  });

  it("lets reads and calls without browser headers (apps, servers) through", () => {
    expect(isCrossOriginMutation(post({ "Sec-Fetch-Site": "cross-site" }, "GET"))).toBe(false);
    expect(isCrossOriginMutation(post({}))).toBe(false);
  });
});

describe("security headers", () => {
  it("sets a CSP with the nonce and no framing, nosniff and a strict referrer policy", () => {
    const headers = applySecurityHeaders(new Headers(), "abc123");
    expect(headers.get("Content-Security-Policy")).toContain("script-src 'nonce-abc123'");
    expect(headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("allows no scripts at all on answers that carry no nonce", () => {
    expect(applySecurityHeaders(new Headers()).get("Content-Security-Policy")).toContain("script-src 'none'");
  });
});

describe("isBodyTooLarge", () => {
  it("compares Content-Length with MAX_BODY_BYTES", () => {
    expect(isBodyTooLarge(post({ "Content-Length": String(1024 * 1024 + 1) }))).toBe(true);
    expect(isBodyTooLarge(post({ "Content-Length": "100" }))).toBe(false);
  });
});
