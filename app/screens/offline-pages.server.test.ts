import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE_NAME } from "~/infra/session.server";
import { offlineKey } from "./offline-pages.server";

describe("offlineKey", () => {
  const context = (user: unknown) =>
    ({ staticHandlerContext: { loaderData: { root: { user } } } }) as unknown as EntryContext;
  const page = (cookie?: string) =>
    new Request("http://localhost/bookings", cookie ? { headers: { Cookie: cookie } } : {});
  const ana = `${SESSION_COOKIE_NAME}=s%3Aana-session.signature`;
  const ben = `${SESSION_COOKIE_NAME}=s%3Aben-session.signature`;

  it("names the session of a logged-in page, the same on each of its pages", () => {
    const key = offlineKey(page(ana), context({ name: "Ana" }));
    expect(key).toMatch(/^[\w-]{32}$/);
    expect(offlineKey(page(`theme=dark; ${ana}`), context({ name: "Ana" }))).toBe(key);
  });

  it("gives another session another key, and never the cookie itself", () => {
    const key = offlineKey(page(ana), context({ name: "Ana" }));
    expect(offlineKey(page(ben), context({ name: "Ben" }))).not.toBe(key);
    expect(key).not.toContain("ana-session");
  });

  it("gives none to a visitor, nor to a page whose session the server no longer takes", () => {
    expect(offlineKey(page(), context(null))).toBeNull();
    expect(offlineKey(page(ana), context(null))).toBeNull();
  });
});
