import { describe, expect, it } from "vitest";
import { sealer } from "~/infra/sealed-cookie.server";
import {
  clearEntryCookie,
  ENTRY_COOKIE_NAME,
  ENTRY_REFRESH_MS,
  entryCookieHeader,
  isTrackedRequest,
  landingUrl,
  needsRefresh,
  parseEntryRecord,
  readEntry,
} from "./entry-url.server";

const ORIGIN = "https://spacesolution.ph";
const NOW = new Date("2026-11-21T04:00:00.000Z");
const HOUR = 60 * 60 * 1000;

function page(path: string, init: { cookie?: string; method?: string } = {}): Request {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(`http://localhost:3000${path}`, { method: init.method ?? "GET", headers });
}

/** The Cookie header a browser sends back after this Set-Cookie. */
function cookieOf(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie");
  return setCookie.split(";")[0] as string;
}

async function sealedEntry(value: unknown): Promise<string> {
  return `${ENTRY_COOKIE_NAME}=${await sealer().seal(ENTRY_COOKIE_NAME, value)}`;
}

describe("which requests count as a landing", () => {
  it("pages, read with GET", () => {
    for (const path of ["/", "/storage/listings?city=makati", "/search-space", "/authors", "/developers"])
      expect(isTrackedRequest(page(path)), path).toBe(true);
  });

  it("never the API, built assets, development pages, the auth pages or a form post", () => {
    for (const path of [
      "/api/user/cityList",
      "/build/root.js",
      "/dev/mail",
      "/auth",
      "/auth/login",
      "/auth/signup-form?referralCode=X",
    ])
      expect(isTrackedRequest(page(path)), path).toBe(false);
    expect(isTrackedRequest(page("/", { method: "POST" }))).toBe(false);
  });
});

describe("the landing URL", () => {
  it("is the page on the public origin, with its query", () => {
    expect(landingUrl(page("/storage/listings?city=makati&utm_source=fb"), ORIGIN)).toBe(
      `${ORIGIN}/storage/listings?city=makati&utm_source=fb`,
    );
  });

  it("leaves out Remix's data-request parameters", () => {
    expect(landingUrl(page("/parking?_routes=root,routes%2Fparking&index&a=1"), ORIGIN)).toBe(
      `${ORIGIN}/parking?a=1`,
    );
  });

  it("is cut to 500 characters", () => {
    expect(landingUrl(page(`/x?q=${"a".repeat(1000)}`), ORIGIN)).toHaveLength(500);
  });
});

describe("when the saved entry is refreshed", () => {
  it("when absent or invalid", () => {
    expect(needsRefresh(null, NOW)).toBe(true);
  });

  it("not within 24 hours, but once older", () => {
    const at = (ms: number) => ({ url: `${ORIGIN}/`, at: new Date(NOW.getTime() - ms).toISOString() });
    expect(needsRefresh(at(0), NOW)).toBe(false);
    expect(needsRefresh(at(23 * HOUR), NOW)).toBe(false);
    expect(needsRefresh(at(ENTRY_REFRESH_MS), NOW)).toBe(false);
    expect(needsRefresh(at(ENTRY_REFRESH_MS + 1000), NOW)).toBe(true);
    expect(needsRefresh(at(30 * 24 * HOUR), NOW)).toBe(true);
  });

  it("when its time is in the future (a clock gone wrong)", () => {
    expect(needsRefresh({ url: `${ORIGIN}/`, at: new Date(NOW.getTime() + HOUR).toISOString() }, NOW)).toBe(
      true,
    );
  });

  it("a record must be an http(s) URL of at most 500 characters and an ISO time", () => {
    expect(parseEntryRecord({ url: `${ORIGIN}/`, at: NOW.toISOString() })).toEqual({
      url: `${ORIGIN}/`,
      at: NOW.toISOString(),
    });
    for (const bad of [
      null,
      "text",
      { url: "javascript:alert(1)", at: NOW.toISOString() },
      { url: `${ORIGIN}/${"a".repeat(500)}`, at: NOW.toISOString() },
      { url: `${ORIGIN}/`, at: "yesterday" },
      { url: `${ORIGIN}/`, at: "2026-13-45T99:99:99Z" },
      { url: `${ORIGIN}/` },
    ])
      expect(parseEntryRecord(bad)).toBeNull();
  });
});

describe("the root loader's entry cookie", () => {
  it("a visitor without one gets this page and the time, sealed", async () => {
    const header = await entryCookieHeader(page("/storage/listings?city=makati"), {
      loggedIn: false,
      origin: ORIGIN,
      now: NOW,
    });
    expect(header).toMatch(/^ss_entry=v1\.[A-Za-z0-9_-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    expect(header).not.toContain("makati");
    expect(await readEntry(page("/", { cookie: cookieOf(header) }))).toEqual({
      url: `${ORIGIN}/storage/listings?city=makati`,
      at: NOW.toISOString(),
    });
  });

  it("is kept while younger than 24 hours, then replaced by the page of the next visit", async () => {
    const first = cookieOf(
      await entryCookieHeader(page("/first"), { loggedIn: false, origin: ORIGIN, now: NOW }),
    );
    const later = new Date(NOW.getTime() + 23 * HOUR);
    expect(
      await entryCookieHeader(page("/second", { cookie: first }), {
        loggedIn: false,
        origin: ORIGIN,
        now: later,
      }),
    ).toBeNull();
    const dayLater = new Date(NOW.getTime() + 25 * HOUR);
    const refreshed = await entryCookieHeader(page("/third", { cookie: first }), {
      loggedIn: false,
      origin: ORIGIN,
      now: dayLater,
    });
    expect(await readEntry(page("/", { cookie: cookieOf(refreshed) }))).toEqual({
      url: `${ORIGIN}/third`,
      at: dayLater.toISOString(),
    });
  });

  it("an invalid, tampered or foreign cookie is replaced", async () => {
    const good = cookieOf(
      await entryCookieHeader(page("/first"), { loggedIn: false, origin: ORIGIN, now: NOW }),
    );
    const bytes = Buffer.from(good.slice("ss_entry=v1.".length), "base64url");
    bytes[20] = (bytes[20] as number) ^ 0x01;
    const tampered = `ss_entry=v1.${bytes.toString("base64url")}`;
    for (const cookie of [
      "ss_entry=garbage",
      tampered,
      `ss_entry=${await sealer().seal("ss_other", { url: `${ORIGIN}/`, at: NOW.toISOString() })}`,
      await sealedEntry({ url: "ftp://x", at: NOW.toISOString() }),
    ]) {
      const header = await entryCookieHeader(page("/again", { cookie }), {
        loggedIn: false,
        origin: ORIGIN,
        now: NOW,
      });
      expect(await readEntry(page("/", { cookie: cookieOf(header) })), cookie).toEqual({
        url: `${ORIGIN}/again`,
        at: NOW.toISOString(),
      });
    }
  });

  it("is never set for a logged-in user, the auth pages, the API or a post", async () => {
    const options = { origin: ORIGIN, now: NOW };
    expect(await entryCookieHeader(page("/"), { ...options, loggedIn: true })).toBeNull();
    expect(await entryCookieHeader(page("/auth/signup-form"), { ...options, loggedIn: false })).toBeNull();
    expect(await entryCookieHeader(page("/api/user/cityList"), { ...options, loggedIn: false })).toBeNull();
    expect(await entryCookieHeader(page("/dev/mail"), { ...options, loggedIn: false })).toBeNull();
    expect(
      await entryCookieHeader(page("/", { method: "POST" }), { ...options, loggedIn: false }),
    ).toBeNull();
  });

  it("is removed after sign-up", () => {
    expect(clearEntryCookie()).toMatch(/^ss_entry=; Path=\/; Max-Age=0;/);
  });
});
