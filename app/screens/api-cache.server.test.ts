import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ENDPOINTS } from "~/api/endpoints.server";
import { editProfile } from "~/api/user/profile.server";
import { cityList } from "~/api/user/user.server";
import { ApiCache, CACHE_SWEEP_MS, CACHE_TTL_MS, type Drop } from "./api-cache.server";

/** docs/product.md, Caching: the cached GETs, each with the calls that make it stale. */
const SPEC_CACHING: Record<string, readonly string[]> = {
  "/user/viewUserProfile": [
    "/user/editProfile",
    "/user/updateProfilePic",
    "/user/updateFirstLogin",
    "/user/verifyOtp",
    "/user/persona",
    "/user/userCorporateProfile",
    "/user/updateAddress",
    "/user/googleLogin",
    "/user/googlejwtLogin",
    "/user/facebookLogin",
    "/space/applyReferralCode",
  ],
  "/user/cityList": [],
  "/rating/getReviewsByMe": ["/rating/rateUser"],
  "/rating/reviewsToWrite": ["/rating/rateUser"],
  "/space/myShortListedSpace": ["/space/addRemoveSpaceToFav"],
  "/user/viewAccountSettings": [
    "/user/editProfile",
    "/user/updateAccountSettings",
    "/payment/payoutSettings",
  ],
  // "Payout details": the product rules leave the payout calls unnamed; ours are GET and POST /payment/payoutSettings
  // (ADR 0029).
  "/payment/payoutSettings": ["/payment/payoutSettings"],
};

/** The product's calls that are not declared yet: they must carry their cache declarations when they are. */
const NOT_BUILT_YET = ["/user/updateAccountSettings"];

const declared = (path: string) => ENDPOINTS.filter((endpoint) => endpoint.path === path);

/** The cached GETs a call declares stale ("all" is logout's: it clears the user instead). */
const staleAfter = (call: (typeof ENDPOINTS)[number]) =>
  call.invalidates === "all" ? [] : (call.invalidates ?? []);

describe("ApiCache", () => {
  let cache: ApiCache;

  beforeEach(() => {
    vi.useFakeTimers();
    cache = new ApiCache();
  });

  afterEach(() => {
    cache.dispose();
    vi.useRealTimers();
  });

  /** Fills the cache with `count` entries for distinct users, all stored now. */
  function fill(count: number) {
    for (let i = 0; i < count; i++) cache.set(`user-${i}`, "/user/cityList", "", { i });
  }

  it("caches the calls the product rules cache, as the endpoints declare them", () => {
    expect(Object.keys(SPEC_CACHING).sort()).toEqual([
      "/payment/payoutSettings",
      "/rating/getReviewsByMe",
      "/rating/reviewsToWrite",
      "/space/myShortListedSpace",
      "/user/cityList",
      "/user/viewAccountSettings",
      "/user/viewUserProfile",
    ]);
    const cached = ENDPOINTS.filter((endpoint) => ApiCache.isCached(endpoint)).map(
      (endpoint) => endpoint.path,
    );
    expect(cached.sort()).toEqual(
      Object.keys(SPEC_CACHING)
        .filter((path) => !NOT_BUILT_YET.includes(path))
        .sort(),
    );
    for (const path of NOT_BUILT_YET) expect(declared(path)).toEqual([]);
    expect(ApiCache.isCached(cityList)).toBe(true);
    expect(ApiCache.isCached({ method: "GET", path: "/space/spaceDetails" })).toBe(false);
    expect(ApiCache.isCached({ method: "GET", path: "toString" })).toBe(false);
    // Only a GET is ever served from the cache.
    expect(ApiCache.isCached({ method: "POST", path: "/user/cityList", cache: true })).toBe(false);
  });

  it("drops each cached answer after the calls the product rules say make it stale, as they declare", () => {
    for (const [get, staleCalls] of Object.entries(SPEC_CACHING)) {
      for (const path of staleCalls) {
        for (const call of declared(path).filter((endpoint) => endpoint.method !== "GET")) {
          expect(staleAfter(call).map((endpoint) => endpoint.path)).toContain(get);
        }
      }
    }
    // And no call declares more than the product's list (or names a GET that is not cached).
    for (const call of ENDPOINTS) {
      if (call.invalidates === undefined || call.invalidates === "all") continue;
      for (const get of call.invalidates) {
        expect(get.cache).toBe(true);
        expect(SPEC_CACHING[get.path]).toContain(call.path);
      }
    }
    expect(
      ENDPOINTS.filter((endpoint) => endpoint.invalidates === "all").map((endpoint) => endpoint.path),
    ).toEqual(["/user/logout"]);
  });

  it("returns an entry for 180 s and nothing after", () => {
    cache.set("alice", "/user/cityList", "", ["Manila"]);

    vi.advanceTimersByTime(CACHE_TTL_MS - 1);
    expect(cache.get("alice", "/user/cityList", "")).toEqual(["Manila"]);

    vi.advanceTimersByTime(1);
    expect(cache.get("alice", "/user/cityList", "")).toBeUndefined();
  });

  it("reads the time from the clock it is given", () => {
    let now = 1_000;
    const clocked = new ApiCache(() => now);
    try {
      clocked.set("alice", "/user/cityList", "", "cities");
      now += 179_999;
      expect(clocked.get("alice", "/user/cityList", "")).toBe("cities");
      now += 1;
      expect(clocked.get("alice", "/user/cityList", "")).toBeUndefined();
    } finally {
      clocked.dispose();
    }
  });

  it("keeps entries per user key and per query", () => {
    cache.set("alice", "/user/viewUserProfile", "", { name: "Alice" });
    cache.set("bob", "/user/viewUserProfile", "", { name: "Bob" });
    cache.set("alice", "/user/cityList", "page=2", ["Cebu"]);

    expect(cache.get("alice", "/user/viewUserProfile", "")).toEqual({ name: "Alice" });
    expect(cache.get("bob", "/user/viewUserProfile", "")).toEqual({ name: "Bob" });
    expect(cache.get("carol", "/user/viewUserProfile", "")).toBeUndefined();
    expect(cache.get("alice", "/user/cityList", "page=2")).toEqual(["Cebu"]);
    expect(cache.get("alice", "/user/cityList", "")).toBeUndefined();
  });

  it("invalidate drops the user's entries for that path, whatever their query", () => {
    cache.set("alice", "/user/cityList", "", ["Manila"]);
    cache.set("alice", "/user/cityList", "page=2", ["Cebu"]);
    cache.set("alice", "/user/viewUserProfile", "", { name: "Alice" });

    cache.invalidate("alice", cityList.path);

    expect(cache.get("alice", "/user/cityList", "")).toBeUndefined();
    expect(cache.get("alice", "/user/cityList", "page=2")).toBeUndefined();
    expect(cache.get("alice", "/user/viewUserProfile", "")).toEqual({ name: "Alice" });
  });

  it("invalidate drops the cached GETs that the call declares stale", () => {
    cache.set("alice", "/user/viewUserProfile", "", { name: "Alice" });
    cache.set("alice", "/user/viewAccountSettings", "", { sms: true });
    cache.set("alice", "/user/cityList", "", ["Manila"]);

    cache.invalidate("alice", editProfile.path, staleAfter(editProfile));

    expect(cache.get("alice", "/user/viewUserProfile", "")).toBeUndefined();
    expect(cache.get("alice", "/user/viewAccountSettings", "")).toBeUndefined();
    expect(cache.get("alice", "/user/cityList", "")).toEqual(["Manila"]);
  });

  it("invalidate leaves other users' entries alone", () => {
    cache.set("alice", "/user/viewUserProfile", "", { name: "Alice" });
    cache.set("bob", "/user/viewUserProfile", "", { name: "Bob" });

    cache.invalidate("alice", editProfile.path, staleAfter(editProfile));

    expect(cache.get("alice", "/user/viewUserProfile", "")).toBeUndefined();
    expect(cache.get("bob", "/user/viewUserProfile", "")).toEqual({ name: "Bob" });
  });

  it("clearUser drops every entry of that user and only that user", () => {
    cache.set("alice", "/user/viewUserProfile", "", { name: "Alice" });
    cache.set("alice", "/user/cityList", "", ["Manila"]);
    cache.set("bob", "/user/cityList", "", ["Davao"]);

    cache.clearUser("alice");

    expect(cache.get("alice", "/user/viewUserProfile", "")).toBeUndefined();
    expect(cache.get("alice", "/user/cityList", "")).toBeUndefined();
    expect(cache.get("bob", "/user/cityList", "")).toEqual(["Davao"]);
    expect(cache.size).toBe(1);
  });

  it("sweeps every 15 s", () => {
    const sweep = vi.spyOn(cache, "sweep");

    vi.advanceTimersByTime(CACHE_SWEEP_MS - 1);
    expect(sweep).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sweep).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CACHE_SWEEP_MS * 3);
    expect(sweep).toHaveBeenCalledTimes(4);
  });

  it("drops nothing on a tick while it holds exactly 100 entries, even expired ones", () => {
    fill(100);

    vi.advanceTimersByTime(CACHE_TTL_MS + CACHE_SWEEP_MS);

    expect(cache.size).toBe(100);
  });

  it("drops the expired entries on a tick once it holds more than 100", () => {
    fill(101);
    vi.advanceTimersByTime(CACHE_TTL_MS - CACHE_SWEEP_MS);
    expect(cache.size).toBe(101);

    vi.advanceTimersByTime(CACHE_SWEEP_MS);

    expect(cache.size).toBe(0);
  });

  it("keeps fresh entries when it sweeps", () => {
    fill(101);
    vi.advanceTimersByTime(CACHE_SWEEP_MS * 2);
    cache.set("late", "/user/cityList", "", "fresh");

    vi.advanceTimersByTime(CACHE_TTL_MS - CACHE_SWEEP_MS * 2);

    expect(cache.size).toBe(1);
    expect(cache.get("late", "/user/cityList", "")).toBe("fresh");
  });

  it("dispose stops the sweep timer and empties the cache", () => {
    const sweep = vi.spyOn(cache, "sweep");
    fill(3);
    expect(vi.getTimerCount()).toBe(1);

    cache.dispose();
    vi.advanceTimersByTime(CACHE_SWEEP_MS * 10);

    expect(vi.getTimerCount()).toBe(0);
    expect(sweep).not.toHaveBeenCalled();
    expect(cache.size).toBe(0);
  });

  it("does not keep an answer asked for before a drop of its user", () => {
    const asked = cache.mark();
    cache.hear({
      userKey: "alice",
      paths: ["/user/editProfile", "/user/viewUserProfile"],
      everything: false,
    });
    cache.set("alice", "/user/viewUserProfile", "", { name: "Before the change" }, asked);
    cache.set("bob", "/user/viewUserProfile", "", { name: "Bob" }, asked);
    expect(cache.get("alice", "/user/viewUserProfile", "")).toBeUndefined();
    expect(cache.get("bob", "/user/viewUserProfile", "")).toEqual({ name: "Bob" });
    // Asked for after the drop, it is kept.
    cache.set("alice", "/user/viewUserProfile", "", { name: "After" }, cache.mark());
    expect(cache.get("alice", "/user/viewUserProfile", "")).toEqual({ name: "After" });
  });

  it("hears another instance's drops: a user's paths, or all of theirs", () => {
    cache.set("alice", "/user/viewUserProfile", "", "profile");
    cache.set("alice", "/user/cityList", "", "cities");
    cache.set("bob", "/user/viewUserProfile", "", "bob");
    cache.hear({ userKey: "alice", paths: ["/user/viewUserProfile"], everything: false });
    expect(cache.get("alice", "/user/viewUserProfile", "")).toBeUndefined();
    expect(cache.get("alice", "/user/cityList", "")).toBe("cities");
    cache.hear({ userKey: "alice", paths: [], everything: true });
    expect(cache.get("alice", "/user/cityList", "")).toBeUndefined();
    expect(cache.get("bob", "/user/viewUserProfile", "")).toBe("bob");
  });

  it("when shared, tells its peers what it drops, and serves and keeps nothing while it cannot hear theirs", async () => {
    const told: Drop[] = [];
    const peers = { listening: true, tell: async (drop: Drop) => void told.push(drop) };
    cache.shareWith(peers);
    cache.set("alice", "/user/viewUserProfile", "", "profile");
    const drop = {
      userKey: "alice",
      paths: ["/user/editProfile", "/user/viewUserProfile"],
      everything: false,
    };
    await cache.dropEverywhere(drop);
    expect(told).toEqual([drop]);
    expect(cache.get("alice", "/user/viewUserProfile", "")).toBeUndefined();

    cache.set("alice", "/user/cityList", "", "cities");
    peers.listening = false;
    expect(cache.get("alice", "/user/cityList", "")).toBeUndefined();
    cache.set("bob", "/user/cityList", "", "cities");
    peers.listening = true;
    expect(cache.get("bob", "/user/cityList", "")).toBeUndefined();
    expect(cache.get("alice", "/user/cityList", "")).toBe("cities");
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
