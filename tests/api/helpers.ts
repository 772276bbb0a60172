import { randomBytes } from "node:crypto";
import type { Envelope } from "~/api/envelope";
import { handleApiRequest } from "~/api/router.server";
import { getDatabase } from "~/db/db.server";
import { users } from "~/db/schema";
import { makeReferralCode } from "~/domain/referral-code";
import { hashPassword } from "~/services/password.server";

export type Answer<T = unknown> = { status: number; body: Envelope<T>; headers: Headers };

/** Calls the API the way the /api route does, with a standard Request. */
export async function call<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<Answer<T>> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("Content-Type", "application/json");
  }
  const response = await handleApiRequest(
    new Request(`http://localhost/api${path}`, { method, headers, body }),
  );
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}

/** A user with a known password, straight into the database. */
export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const { db } = await getDatabase();
  const password = `pw-${randomBytes(6).toString("hex")}`;
  const email = overrides.email ?? `user-${randomBytes(4).toString("hex")}@example.ph`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName: "Carla",
      lastName: "Mendoza",
      nickName: null,
      referralCode: makeReferralCode("Carla"),
      passwordHash: await hashPassword(password),
      ...overrides,
    })
    .returning();
  if (!user) throw new Error("user not created");
  return { user, email, password };
}

/** Logs in through the API and returns the Cookie header value of the new session. */
export async function loginCookie(email: string, password: string): Promise<string> {
  const answer = await call("POST", "/user/login", { body: { email, password } });
  const setCookie = answer.headers.get("Set-Cookie");
  if (answer.status !== 200 || !setCookie) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  return setCookie.split(";")[0] as string;
}
