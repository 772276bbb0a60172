import { createHash } from "node:crypto";
import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/infra/security.server";
import { SESSION_COOKIE_NAME } from "~/infra/session.server";
import { entityTag, hashScripts, isNotModified, isSharedVisitorPage } from "./visitor-pages.server";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("hashScripts", () => {
  const nonce = "n0nce+/A==";
  const page = [
    "<!DOCTYPE html><html><head>",
    `<script nonce="${nonce}">window.__remixContext = {"state":"ä"};</script>`,
    `<link rel="modulepreload" href="/build/entry.client.js"/>`,
    `<script nonce="${nonce}" type="module" async="">import "/build/entry.client.js";</script>`,
    "</head><body><p>Hello</p>",
    // Markup that looks like a script but was not given the nonce by the render: never trusted.
    `<script>alert("not ours")</script>`,
    `<script nonce="${nonce}">window.__remixContext = {"state":"ä"};</script>`,
    "</body></html>",
  ].join("");

  it("lists the hash of each script the render gave the nonce, once each, in order", () => {
    const { hashes } = hashScripts(page, nonce);
    expect(hashes).toEqual([
      sha256('window.__remixContext = {"state":"ä"};'),
      sha256('import "/build/entry.client.js";'),
    ]);
    expect(hashes).not.toContain(sha256('alert("not ours")'));
  });

  it("takes the nonce out, so the same data gives the same bytes whatever the nonce", () => {
    const first = hashScripts(page, nonce).html;
    const second = hashScripts(page.replaceAll(nonce, "other"), "other").html;
    expect(first).not.toContain(nonce);
    expect(first).not.toContain("nonce=");
    expect(second).toBe(first);
    expect(entityTag(second)).toBe(entityTag(first));
  });

  it("gives a policy that runs those scripts by their hashes, and no nonce", () => {
    const { hashes } = hashScripts(page, nonce);
    const policy = contentSecurityPolicy({ hashes });
    expect(policy).toContain(`script-src '${hashes[0]}' '${hashes[1]}' 'strict-dynamic' 'self'`);
    expect(policy).not.toContain("nonce");
    expect(contentSecurityPolicy({ hashes: [] })).toContain("script-src 'none'");
  });
});

describe("entityTag and isNotModified", () => {
  it("is a weak tag of the body: the same body the same tag, another body another", () => {
    expect(entityTag("<p>a</p>")).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/);
    expect(entityTag("<p>a</p>")).toBe(entityTag("<p>a</p>"));
    expect(entityTag("<p>b</p>")).not.toBe(entityTag("<p>a</p>"));
  });

  it("compares If-None-Match weakly, in a list, and takes *", () => {
    const tag = entityTag("<p>a</p>");
    const opaque = tag.slice(2);
    expect(isNotModified(tag, tag)).toBe(true);
    expect(isNotModified(opaque, tag)).toBe(true);
    expect(isNotModified(`W/"other", ${tag}`, tag)).toBe(true);
    expect(isNotModified("*", tag)).toBe(true);
    expect(isNotModified(null, tag)).toBe(false);
    expect(isNotModified(entityTag("<p>b</p>"), tag)).toBe(false);
  });
});

describe("isSharedVisitorPage", () => {
  const context = (
    handle: unknown,
    root: { user: unknown; toast: unknown } = { user: null, toast: null },
    state: Record<string, unknown> = {},
  ) =>
    ({
      staticHandlerContext: {
        matches: [{ route: { id: "root" } }, { route: { id: "routes/_index" } }],
        loaderData: { root, "routes/_index": {} },
        errors: null,
        actionData: null,
        ...state,
      },
      routeModules: { "routes/_index": { handle } },
    }) as unknown as EntryContext;
  const visit = (init: RequestInit = {}) => new Request("http://localhost/", init);
  const page = { visitorPage: true };

  it("holds for a visitor's GET answered 200 of a page whose handle says so", () => {
    expect(isSharedVisitorPage(visit(), 200, context(page), new Headers())).toBe(true);
  });

  it("does not hold for a page whose handle does not say so", () => {
    expect(isSharedVisitorPage(visit(), 200, context({}), new Headers())).toBe(false);
    expect(isSharedVisitorPage(visit(), 200, context(undefined), new Headers())).toBe(false);
  });

  it("does not hold for a logged-in user, a toast, or an answer setting a cookie", () => {
    const session = visit({ headers: { Cookie: `${SESSION_COOKIE_NAME}=abc` } });
    expect(isSharedVisitorPage(session, 200, context(page), new Headers())).toBe(false);
    expect(
      isSharedVisitorPage(visit(), 200, context(page, { user: { id: "u" }, toast: null }), new Headers()),
    ).toBe(false);
    expect(
      isSharedVisitorPage(visit(), 200, context(page, { user: null, toast: { text: "Hi" } }), new Headers()),
    ).toBe(false);
    const setting = new Headers({ "Set-Cookie": "ss_entry=sealed; Path=/; HttpOnly" });
    expect(isSharedVisitorPage(visit(), 200, context(page), setting)).toBe(false);
  });

  it("does not hold for another method, status, or an answer with errors", () => {
    expect(isSharedVisitorPage(visit({ method: "POST" }), 200, context(page), new Headers())).toBe(false);
    expect(isSharedVisitorPage(visit(), 404, context(page), new Headers())).toBe(false);
    expect(
      isSharedVisitorPage(visit(), 200, context(page, undefined, { errors: { root: "x" } }), new Headers()),
    ).toBe(false);
  });
});
