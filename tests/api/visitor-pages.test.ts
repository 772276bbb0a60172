import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApp, type Sent, startApp } from "./app-server";
import { loggedInUser } from "./helpers";

/**
 * A visitor's page is kept by a shared cache in front of the server, not by the server (ADR 0045): it says how long
 * it may be kept, carries an ETag of its body, answers If-None-Match with 304, and its scripts run by their hashes,
 * so that a copy served to any number of visitors stays valid under its own Content-Security-Policy.
 */
let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.close();
});

const header = (answer: Sent, name: string) => [answer.headers[name] ?? []].flat().join(", ");

/** The inline scripts of a page, as the browser hashes them for its policy. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({
    attributes: attributes ?? "",
    hash: `sha256-${createHash("sha256")
      .update(body ?? "")
      .digest("base64")}`,
  }));

/** A visitor who has been here before: their entry cookie is set, so the page sets none. */
async function returningVisitor(path: string): Promise<string> {
  const first = await app.send("GET", path);
  expect(first.status).toBe(200);
  // The first visit sets the entry cookie (docs/product.md, Stored data): that answer is the visitor's alone.
  expect(header(first, "set-cookie")).toMatch(/^ss_entry=/);
  expect(header(first, "cache-control")).not.toContain("public");
  expect(first.headers.etag).toBeUndefined();
  return header(first, "set-cookie").split(";")[0] as string;
}

describe("a visitor's page", () => {
  for (const path of ["/", "/storage", "/search-space?storageType=storage&city=makati"]) {
    it(`${path}: may be kept by a shared cache, with an ETag, and answered 304 when unchanged`, async () => {
      const cookie = await returningVisitor(path);
      const page = await app.send("GET", path, { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expect(page.headers["set-cookie"]).toBeUndefined();
      expect(header(page, "cache-control")).toBe(
        "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
      );
      expect(header(page, "vary")).toContain("Cookie");
      const etag = header(page, "etag");
      expect(etag).toMatch(/^W\/".+"$/);

      // The same page again is the same bytes (no nonce in it), and a cache holding it gets a 304 without a body.
      const again = await app.send("GET", path, { headers: { Cookie: cookie } });
      expect(again.body).toBe(page.body);
      expect(header(again, "etag")).toBe(etag);
      const unchanged = await app.send("GET", path, { headers: { Cookie: cookie, "If-None-Match": etag } });
      expect(unchanged.status).toBe(304);
      expect(unchanged.body).toBe("");
      expect(header(unchanged, "etag")).toBe(etag);
      expect(header(unchanged, "cache-control")).toContain("s-maxage=60");
      const other = await app.send("GET", path, {
        headers: { Cookie: cookie, "If-None-Match": 'W/"other"' },
      });
      expect(other.status).toBe(200);
    });
  }

  it("runs its scripts by their hashes: no nonce in the page or its policy", async () => {
    const cookie = await returningVisitor("/");
    const page = await app.send("GET", "/", { headers: { Cookie: cookie } });
    const policy = header(page, "content-security-policy");
    expect(policy).not.toContain("nonce");
    expect(page.body).not.toContain("nonce=");
    const scripts = inlineScripts(page.body);
    expect(scripts.length).toBeGreaterThan(0);
    // Every inline script of the page is allowed by the policy the page is kept with.
    const allowed = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
    for (const script of scripts) expect(allowed).toContain(`'${script.hash}'`);
    expect(allowed).toEqual(expect.arrayContaining(["'strict-dynamic'"]));
  });
});

describe("pages no shared cache may keep", () => {
  it("a logged-in user's page is private, with a nonce of its own, no ETag", async () => {
    const { cookie } = await loggedInUser();
    const page = await app.send("GET", "/", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(header(page, "cache-control")).toBe("private, no-store");
    expect(page.headers.etag).toBeUndefined();
    const nonce = /'nonce-([^']+)'/.exec(header(page, "content-security-policy"))?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`nonce="${nonce}"`);
  });

  it("a page whose route does not say it is a visitor's page is not kept", async () => {
    const cookie = await returningVisitor("/storage");
    const page = await app.send("GET", "/auth/login", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(header(page, "cache-control")).not.toContain("public");
    expect(page.headers.etag).toBeUndefined();
    expect(header(page, "content-security-policy")).toMatch(/'nonce-[^']+'/);
  });
});
