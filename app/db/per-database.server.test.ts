import { describe, expect, it } from "vitest";
import type { Database } from "./client.server";
import { perDatabase } from "./per-database.server";

describe("perDatabase", () => {
  it("makes the value once for each database, and one for each database", () => {
    const one = {} as Database;
    const two = {} as Database;
    let made = 0;
    const cacheOf = perDatabase(() => {
      made += 1;
      return new Map<string, number>();
    });
    expect(cacheOf(one)).toBe(cacheOf(one));
    expect(cacheOf(two)).not.toBe(cacheOf(one));
    expect(made).toBe(2);
  });
});
