import { describe, expect, it } from "vitest";
import { serverProcessCount } from "./processes.ts";

const POSTGRES = "postgres://app@db.internal:5432/spacesolution";

describe("serverProcessCount", () => {
  it("runs one process per core in production on a PostgreSQL server", () => {
    expect(serverProcessCount({ DATABASE_URL: POSTGRES }, 2)).toBe(2);
    expect(serverProcessCount({ DATABASE_URL: POSTGRES, NODE_ENV: "production" }, 8)).toBe(8);
  });

  it("runs one process on the embedded database, in development and on a single core", () => {
    expect(serverProcessCount({}, 8)).toBe(1);
    expect(serverProcessCount({ DATABASE_URL: "  " }, 8)).toBe(1);
    expect(serverProcessCount({ DATABASE_URL: POSTGRES, NODE_ENV: "development" }, 8)).toBe(1);
    expect(serverProcessCount({ DATABASE_URL: POSTGRES }, 1)).toBe(1);
  });

  it("takes WEB_CONCURRENCY when set", () => {
    expect(serverProcessCount({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: "3" }, 2)).toBe(3);
    expect(serverProcessCount({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: "1" }, 8)).toBe(1);
    expect(serverProcessCount({ WEB_CONCURRENCY: "1" }, 8)).toBe(1);
  });

  it("refuses a WEB_CONCURRENCY that is not a count, or more than one process on the embedded database", () => {
    for (const bad of ["0", "two", "1.5", "65", "-2"])
      expect(() => serverProcessCount({ DATABASE_URL: POSTGRES, WEB_CONCURRENCY: bad }, 2)).toThrow(
        `WEB_CONCURRENCY must be a whole number from 1 to 64 (it is "${bad}").`,
      );
    expect(() => serverProcessCount({ WEB_CONCURRENCY: "2" }, 2)).toThrow(
      "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process.",
    );
  });
});
