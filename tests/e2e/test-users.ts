import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The accounts seed-test-users.ts makes before the e2e server starts, and how a test claims one. Each test claims
 * its own (a folder made atomically per account), so parallel workers never share an account.
 */
export const TEST_USER_COUNT = 800;

export type TestUser = {
  id: string;
  firstName: string;
  lastName: string;
  nickName: string;
  email: string;
  phoneNumber: string;
  interested: "renter";
  dob: string;
  referralCode: string;
  password: string;
  /** The Set-Cookie header of the account's session. */
  setCookie: string;
};

export function testUsersFile(dataDir = process.env.DATA_DIR ?? "data"): string {
  return path.join(dataDir, "test-users.json");
}

let pool: TestUser[] | undefined;
let next = 0;

/** An account no other test has had, from the server's data folder. */
export function claimTestUser(dataDir: string): TestUser {
  pool ??= JSON.parse(readFileSync(testUsersFile(dataDir), "utf8")) as TestUser[];
  mkdirSync(path.join(dataDir, "claimed"), { recursive: true });
  for (; next < pool.length; next++) {
    try {
      mkdirSync(path.join(dataDir, "claimed", String(next)));
      return pool[next++] as TestUser;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error(`all ${pool.length} e2e test users are taken: raise TEST_USER_COUNT`);
}

/** The session cookie of a Set-Cookie header, as Playwright stores cookies. */
export function sessionCookie(setCookie: string, domain: string) {
  const [pair = ""] = setCookie.split(";");
  const at = pair.indexOf("=");
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    domain,
    path: "/",
    expires: -1,
    httpOnly: true,
    secure: false,
    sameSite: "Lax" as const,
  };
}
