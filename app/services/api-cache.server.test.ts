import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiCache, CACHE_SWEEP_MS, CACHE_TTL_MS, CACHED_GETS } from "./api-cache.server";

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

  it("lists the calls the spec caches", () => {
    expect(Object.keys(CACHED_GETS).sort()).toEqual([
      "/rating/getReviewsByMe",
      "/rating/reviewsToWrite",
      "/space/myShortListedSpace",
      "/user/cityList",
      "/user/viewAccountSettings",
      "/user/viewUserProfile",
    ]);
    expect(ApiCache.isCached("/user/cityList")).toBe(true);
    expect(ApiCache.isCached("/space/spaceDetails")).toBe(false);
    expect(ApiCache.isCached("toString")).toBe(false);
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

    cache.invalidate("alice", "/user/cityList");

    expect(cache.get("alice", "/user/cityList", "")).toBeUndefined();
    expect(cache.get("alice", "/user/cityList", "page=2")).toBeUndefined();
    expect(cache.get("alice", "/user/viewUserProfile", "")).toEqual({ name: "Alice" });
  });

  it("invalidate drops the cached GETs that list the path as making them stale", () => {
    cache.set("alice", "/user/viewUserProfile", "", { name: "Alice" });
    cache.set("alice", "/user/viewAccountSettings", "", { sms: true });
    cache.set("alice", "/user/cityList", "", ["Manila"]);

    cache.invalidate("alice", "/user/editProfile");

    expect(cache.get("alice", "/user/viewUserProfile", "")).toBeUndefined();
    expect(cache.get("alice", "/user/viewAccountSettings", "")).toBeUndefined();
    expect(cache.get("alice", "/user/cityList", "")).toEqual(["Manila"]);
  });

  it("invalidate leaves other users' entries alone", () => {
    cache.set("alice", "/user/viewUserProfile", "", { name: "Alice" });
    cache.set("bob", "/user/viewUserProfile", "", { name: "Bob" });

    cache.invalidate("alice", "/user/editProfile");

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
});
