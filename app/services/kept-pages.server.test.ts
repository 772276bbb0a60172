import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { BYTES_KEPT, keepPage, keptPage, keptPageKey } from "./kept-pages.server";

/** The parts of Remix's entry context the key reads: the matched routes, their handles and their data. */
function context({
  keepRendered = true,
  root = { user: null, toast: null },
  page = { cities: ["Makati"] } as unknown,
  errors = null as Record<string, unknown> | null,
} = {}): EntryContext {
  return {
    routeModules: { root: {}, "routes/_index": { handle: { keepRendered } } },
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/_index" } }],
      loaderData: { root, "routes/_index": page },
      actionData: null,
      errors,
    },
  } as unknown as EntryContext;
}

const home = new Request("http://localhost/");

describe("keptPageKey", () => {
  it("keys a visitor's page of a route that lets its render be kept, by its address and data", () => {
    const key = keptPageKey(home, 200, context());
    expect(key).toBeTypeOf("string");
    expect(keptPageKey(home, 200, context())).toBe(key);
    expect(keptPageKey(new Request("http://localhost/?city=makati"), 200, context())).not.toBe(key);
    expect(keptPageKey(home, 200, context({ page: { cities: ["Pasig"] } }))).not.toBe(key);
  });

  it("keys nothing for a logged-in user, a toast, an error, another status, a POST or a route that does not say so", () => {
    expect(
      keptPageKey(home, 200, context({ root: { user: { name: "Ana" }, toast: null } as never })),
    ).toBeNull();
    expect(
      keptPageKey(home, 200, context({ root: { user: null, toast: { type: "success" } } as never })),
    ).toBeNull();
    expect(keptPageKey(home, 200, context({ errors: { root: new Error("no") } }))).toBeNull();
    expect(keptPageKey(home, 404, context())).toBeNull();
    expect(keptPageKey(new Request("http://localhost/", { method: "POST" }), 200, context())).toBeNull();
    expect(keptPageKey(home, 200, context({ keepRendered: false }))).toBeNull();
  });

  it("keys no page whose data JSON cannot say exactly", () => {
    for (const value of [new Date(0), Promise.resolve(1), new Map(), undefined, Number.NaN]) {
      expect(keptPageKey(home, 200, context({ page: { value } }))).toBeNull();
    }
  });
});

describe("keptPage", () => {
  it("serves a kept page with the nonce of the new answer wherever the old one was", () => {
    const key = "a page";
    expect(keptPage(key, "NEW")).toBeUndefined();
    keepPage(key, Buffer.from('<script nonce="OLD">a</script><script nonce="OLD">b</script>'), "OLD");
    const page = keptPage(key, "NEW");
    expect(Buffer.from(page ?? []).toString()).toBe(
      '<script nonce="NEW">a</script><script nonce="NEW">b</script>',
    );
  });

  it("keeps what fits in its bytes, letting go of the pages served longest ago", () => {
    const big = Buffer.alloc(BYTES_KEPT / 4, "x");
    keepPage("home", Buffer.from("home"), "n");
    for (let i = 0; i < 6; i++) {
      keepPage(`search ${i}`, big, "n");
      // The home page is asked for all the time: it stays while searches come and go.
      expect(Buffer.from(keptPage("home", "n") ?? []).toString()).toBe("home");
    }
    expect(keptPage("search 0", "n")).toBeUndefined();
    expect(keptPage("search 2", "n")).toBeUndefined();
    expect(keptPage("search 3", "n")?.length).toBe(big.length);
    expect(keptPage("search 5", "n")?.length).toBe(big.length);
  });

  it("keeps no page larger than all it may keep", () => {
    keepPage("huge", Buffer.alloc(BYTES_KEPT + 1), "n");
    expect(keptPage("huge", "n")).toBeUndefined();
  });
});
