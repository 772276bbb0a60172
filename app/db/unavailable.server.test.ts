import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, unavailableReason } from "./unavailable.server";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("knows a server that is gone or will not take the connection, through drizzle's wrapping", () => {
    const dropped = withCode('database "ss_x" does not exist', "3D000");
    const wrapped = new Error(
      "Failed query: select * from users where email = $1\nparams: carla@example.ph",
      {
        cause: dropped,
      },
    );
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(unavailableReason(wrapped)).toBe('database "ss_x" does not exist (3D000)');
    expect(unavailableReason(wrapped)).not.toContain("carla@example.ph");
    expect(isDatabaseUnavailable(withCode("terminating connection", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connection failure", "08006"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("PGlite is closed"))).toBe(true);
    const refused = new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "");
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it("leaves a query's own failures (a broken constraint, bad SQL) and other errors to be 500s", () => {
    expect(isDatabaseUnavailable(withCode("duplicate key value", "23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', "42601"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(new Response(null, { status: 404 }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
