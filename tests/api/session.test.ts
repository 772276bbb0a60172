import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { sessions } from "~/db/schema";
import { call, createUser, loginCookie } from "./helpers";

describe("log in, the session cookie and log out", () => {
  it("logs in with e-mail and password and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const { email, password, user } = await createUser({ nickName: "Cara" });
    const answer = await call("POST", "/user/login", { body: { email: email.toUpperCase(), password } });
    expect(answer.status).toBe(200);
    expect(answer.body.responseMessage).toBe("Login successful.");
    expect(answer.body.result).toMatchObject({
      userId: user.id,
      email,
      nickName: "Cara",
      firstName: "Carla",
    });
    expect(JSON.stringify(answer.body)).not.toContain("argon2");
    const setCookie = answer.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^ss_session=/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).not.toContain("Secure"); // PUBLIC_URL is not https in tests
  });

  it("keeps only a hash of the session id in the database", async () => {
    const { email, password, user } = await createUser();
    const cookie = await loginCookie(email, password);
    const { db } = await getDatabase();
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    const rawId = decodeURIComponent(cookie.split("=")[1] as string);
    expect(rawId).not.toContain(rows[0]?.idHash as string);
    expect(rows[0]?.idHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers wrong credentials with one message that does not tell whether the e-mail exists", async () => {
    const { email } = await createUser();
    const wrongPassword = await call("POST", "/user/login", { body: { email, password: "wrong-password" } });
    const unknownEmail = await call("POST", "/user/login", {
      body: { email: "nobody@example.ph", password: "whatever1" },
    });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    expect(wrongPassword.body.responseMessage).toBe(unknownEmail.body.responseMessage);
    expect(wrongPassword.headers.get("Set-Cookie")).toBeNull();
  });

  it("shows the logged-in user's profile, and answers 401 without a session", async () => {
    const { email, password, user } = await createUser();
    const cookie = await loginCookie(email, password);
    const profile = await call("GET", "/user/viewUserProfile", { cookie });
    expect(profile.status).toBe(200);
    expect(profile.body.result).toMatchObject({ userId: user.id, isLogin: true, measurementUnit: "meter" });
    const anonymous = await call("GET", "/user/viewUserProfile");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.responseCode).toBe(401);
  });

  it("refuses a cookie whose signature was tampered with", async () => {
    const { email, password } = await createUser();
    const cookie = await loginCookie(email, password);
    const tampered = `${cookie.slice(0, -3)}abc`;
    const answer = await call("GET", "/user/viewUserProfile", { cookie: tampered });
    expect(answer.status).toBe(401);
  });

  it("logs out: the session is revoked and the cookie cleared", async () => {
    const { email, password } = await createUser();
    const cookie = await loginCookie(email, password);
    const answer = await call("POST", "/user/logout", { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Set-Cookie")).toMatch(/^ss_session=;.*Max-Age=0/);
    const after = await call("GET", "/user/viewUserProfile", { cookie });
    expect(after.status).toBe(401);
  });

  it("ends a session idle for 30 days", async () => {
    const { email, password, user } = await createUser();
    const cookie = await loginCookie(email, password);
    const { db } = await getDatabase();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const answer = await call("GET", "/user/viewUserProfile", { cookie });
    expect(answer.status).toBe(401);
  });
});
