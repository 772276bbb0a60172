import { createHash, randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MAX_FAILURES } from "~/api/user/auth.server";
import { getDatabase } from "~/db/db.server";
import { loginFailures, passwordResetTokens, sessions, users } from "~/db/schema";
import {
  type Answer,
  call,
  createUser,
  expectRefused,
  loginCookie,
  signupBody,
  uniqueEmail,
  waitForMail,
} from "./helpers";

/**
 * The account calls (the /user calls): sign-up, e-mail and referral-code checks, log in with its
 * rate limit, log out, the password flows and the first-login flag. Messages are the product's (docs/product.md,
 * Validation texts), word for word.
 */

const INTERESTED_REQUIRED = "Please indicate why you're interested in signing up";
const INVALID_LOGIN = "The email or password you entered is incorrect.";
const FORGOT_ANSWER = "If an account uses that email, we have sent it a link to reset the password.";
const RESET_LINK_REFUSED = "This reset link is invalid or has expired. Please ask for a new one.";
const LOCKED_OUT = /^Too many failed login attempts\. Please wait \d+ minutes? and try again/;

function sessionCookieOf(answer: Answer): string {
  const setCookie = answer.headers.get("Set-Cookie");
  if (!setCookie) throw new Error(`no Set-Cookie in ${JSON.stringify(answer.body)}`);
  return setCookie.split(";")[0] as string;
}

async function findUser(email: string) {
  const { db } = await getDatabase();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

async function countUsers(): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Asks for a reset link and returns the token from the e-mail that carries it. */
async function requestResetToken(email: string): Promise<string> {
  const answer = await call("GET", `/user/forgotPassword?email=${encodeURIComponent(email)}`);
  expect(answer.status).toBe(200);
  const mail = await waitForMail(email, "Reset your Space Solution password");
  const token = /\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in ${mail.text}`);
  return token;
}

async function canLogin(email: string, password: string): Promise<boolean> {
  const answer = await call("POST", "/user/login", { body: { email, password } });
  return answer.status === 200;
}

async function viewProfileStatus(cookie: string): Promise<number> {
  return (await call("GET", "/user/viewUserProfile", { cookie })).status;
}

describe("POST /user/userSignup", () => {
  it("creates the account and answers with the new user's profile", async () => {
    const body = signupBody();
    const answer = await call("POST", "/user/userSignup", { body });
    expect(answer.status).toBe(200);
    expect(answer.body.responseCode).toBe(200);
    expect(answer.body.responseMessage).toBe("Your account has been created.");
    expect(answer.body.result).toMatchObject({
      email: body.email,
      firstName: "Maria",
      middleName: null,
      lastName: "Santos",
      suffix: null,
      nickName: "Mia",
      phoneNumber: "09171234567",
      interested: "renter",
      dob: "1990-05-17",
      typeOfSignup: "email",
      firstLogin: true,
      isLogin: true,
    });
    expect(JSON.stringify(answer.body)).not.toContain("correct-horse-1");
    expect(JSON.stringify(answer.body)).not.toContain("argon2");
  });

  it("stores a referral code, typeOfSignup email, firstLogin, createdAt, the entry URL and an argon2id hash", async () => {
    const entryUrlAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const body = signupBody({ entryUrl: "/search?city=makati&type=parking", entryUrlAt });
    const answer = await call("POST", "/user/userSignup", { body });
    expect(answer.status).toBe(200);
    const user = await findUser(body.email as string);
    expect(user).toBeDefined();
    expect(user?.referralCode).toMatch(/^MARIA-[A-Z2-9]{4}$/);
    expect(answer.body.result).toMatchObject({ userId: user?.id, referralCode: user?.referralCode });
    expect(user?.typeOfSignup).toBe("email");
    expect(user?.firstLogin).toBe(true);
    expect(Math.abs(Date.now() - (user?.createdAt.getTime() ?? 0))).toBeLessThan(60_000);
    expect(user?.entryUrl).toBe("/search?city=makati&type=parking");
    expect(user?.entryUrlAt?.toISOString()).toBe(entryUrlAt);
    expect(user?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(user?.referredBy).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("logs the new user in: the session cookie it sets works for viewUserProfile", async () => {
    const body = signupBody();
    const answer = await call("POST", "/user/userSignup", { body });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Set-Cookie")).toMatch(/^ss_session=.+; .*HttpOnly/);
    const profile = await call("GET", "/user/viewUserProfile", { cookie: sessionCookieOf(answer) });
    expect(profile.status).toBe(200);
    expect(profile.body.result).toMatchObject({ email: body.email, firstLogin: true });
  });

  it("sends the welcome e-mail with the user's referral code", async () => {
    const body = signupBody({ nickName: "Mimi" });
    const answer = await call("POST", "/user/userSignup", { body });
    expect(answer.status).toBe(200);
    const user = await findUser(body.email as string);
    const mail = await waitForMail(body.email as string, "Welcome to Space Solution");
    expect(mail.text).toContain("Hi Mimi,");
    expect(mail.text).toContain(`Your referral code is ${user?.referralCode}`);
  });

  it("accepts the no-JavaScript form post (form-encoded, acceptTerms=on)", async () => {
    const body = signupBody({ acceptTerms: "on" });
    const answer = await call("POST", "/user/userSignup", {
      rawBody: new URLSearchParams(body as Record<string, string>).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(200);
    expect(await findUser(body.email as string)).toBeDefined();
  });

  it("applies a valid referral code: referredBy is the code's owner", async () => {
    const { user: referrer } = await createUser();
    const body = signupBody({ referralCode: referrer.referralCode });
    const answer = await call("POST", "/user/userSignup", { body });
    expect(answer.status).toBe(200);
    expect((await findUser(body.email as string))?.referredBy).toBe(referrer.id);
  });

  it("refuses an unknown referral code on the referralCode field and creates no account", async () => {
    const body = signupBody({ referralCode: "NOBODY-ZZZZ" });
    const answer = await call("POST", "/user/userSignup", { body });
    expectRefused(answer, "referralCode", "This referral code is not valid.");
    expect(await findUser(body.email as string)).toBeUndefined();
  });

  it("refuses an e-mail that is already registered, whatever its case, on the email field", async () => {
    const email = uniqueEmail("rosa.reyes");
    await createUser({ email });
    const before = await countUsers();
    const answer = await call("POST", "/user/userSignup", {
      body: signupBody({ email: email.toUpperCase() }),
    });
    expectRefused(answer, "email", "This email is already registered.");
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(await countUsers()).toBe(before);
  });

  it("answers an empty form with the first failing rule's message and every field's error", async () => {
    const answer = await call("POST", "/user/userSignup", { body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.responseMessage).toBe("First name is required");
    expect(answer.body.result).toEqual([
      { field: "firstName", message: "First name is required" },
      { field: "lastName", message: "Last name is required" },
      { field: "nickName", message: "Nick name is required" },
      { field: "email", message: "Email is required" },
      { field: "phoneNumber", message: "Phone number is required" },
      { field: "password", message: "Password is required" },
      { field: "confirmPassword", message: "Confirm password is required" },
      { field: "interested", message: INTERESTED_REQUIRED },
      { field: "dob", message: "Birth date is required" },
      { field: "acceptTerms", message: "Please accept the terms and conditions" },
    ]);
  });

  it.each([
    { rule: "a missing email", change: { email: undefined }, field: "email", message: "Email is required" },
    { rule: "an empty email", change: { email: "" }, field: "email", message: "Email is required" },
    {
      rule: "an invalid email",
      change: { email: "maria.santos@" },
      field: "email",
      message: "Invalid Email.",
    },
    {
      rule: "a missing first name",
      change: { firstName: undefined },
      field: "firstName",
      message: "First name is required",
    },
    {
      rule: "a blank first name",
      change: { firstName: "   " },
      field: "firstName",
      message: "First name is required",
    },
    {
      rule: "an empty last name",
      change: { lastName: "" },
      field: "lastName",
      message: "Last name is required",
    },
    {
      rule: "a missing nick name",
      change: { nickName: undefined },
      field: "nickName",
      message: "Nick name is required",
    },
    {
      rule: "a missing phone number",
      change: { phoneNumber: undefined },
      field: "phoneNumber",
      message: "Phone number is required",
    },
    {
      rule: "a phone number of 9 characters",
      change: { phoneNumber: "091712345" },
      field: "phoneNumber",
      message: "Phone number must be greater than or equal to 10 characters.",
    },
    {
      rule: "a phone number of 16 characters",
      change: { phoneNumber: "0917123456789012" },
      field: "phoneNumber",
      message: "Phone number must be less than or equal to 15 characters.",
    },
    {
      rule: "a phone number with letters",
      change: { phoneNumber: "0917-ABC-4567" },
      field: "phoneNumber",
      message: "Phone number may only contain digits, spaces, hyphens and a leading +.",
    },
    {
      rule: "a missing password",
      change: { password: undefined },
      field: "password",
      message: "Password is required",
    },
    {
      rule: "a password of 7 characters",
      change: { password: "short12", confirmPassword: "short12" },
      field: "password",
      message: "Password must be at least 8 characters.",
    },
    {
      rule: "a missing password confirmation",
      change: { confirmPassword: undefined },
      field: "confirmPassword",
      message: "Confirm password is required",
    },
    {
      rule: "a password confirmation of 7 characters",
      change: { confirmPassword: "short12" },
      field: "confirmPassword",
      message: "Confirm password must be at least 8 characters.",
    },
    {
      rule: "a password confirmation that does not match",
      change: { confirmPassword: "correct-horse-2" },
      field: "confirmPassword",
      message: "Passwords do not match.",
    },
    {
      rule: "a missing interested",
      change: { interested: undefined },
      field: "interested",
      message: INTERESTED_REQUIRED,
    },
    {
      rule: "the select's empty default for interested",
      change: { interested: "" },
      field: "interested",
      message: INTERESTED_REQUIRED,
    },
    {
      rule: "an interested value that is not an option",
      change: { interested: "tourist" },
      field: "interested",
      message: INTERESTED_REQUIRED,
    },
    {
      rule: "a missing birth date",
      change: { dob: undefined },
      field: "dob",
      message: "Birth date is required",
    },
    { rule: "an empty birth date", change: { dob: "" }, field: "dob", message: "Birth date is required" },
    {
      rule: "a birth date in the future",
      change: { dob: `${new Date().getUTCFullYear() + 1}-01-01` },
      field: "dob",
      message: "Birth date cannot be in the future.",
    },
    {
      rule: "terms not accepted",
      change: { acceptTerms: false },
      field: "acceptTerms",
      message: "Please accept the terms and conditions",
    },
    {
      rule: "terms left out",
      change: { acceptTerms: undefined },
      field: "acceptTerms",
      message: "Please accept the terms and conditions",
    },
  ])("refuses $rule with $message and creates no account", async ({ change, field, message }) => {
    const before = await countUsers();
    const answer = await call("POST", "/user/userSignup", { body: signupBody(change) });
    expectRefused(answer, field, message);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    expect(await countUsers()).toBe(before);
  });

  it("refuses a field the form does not have", async () => {
    const body = signupBody({ adminVerified: true });
    const answer = await call("POST", "/user/userSignup", { body });
    expect(answer.status).toBe(400);
    expect(answer.body.result).toEqual([{ field: "adminVerified", message: expect.any(String) }]);
    expect(await findUser(body.email as string)).toBeUndefined();
  });

  it("accepts phone numbers of exactly 10 and exactly 15 characters", async () => {
    const ten = await call("POST", "/user/userSignup", { body: signupBody({ phoneNumber: "0917123456" }) });
    const fifteen = await call("POST", "/user/userSignup", {
      body: signupBody({ phoneNumber: "+63 917 123 456" }),
    });
    expect(ten.status).toBe(200);
    expect(fifteen.status).toBe(200);
  });

  it("accepts a password of exactly 8 characters", async () => {
    const answer = await call("POST", "/user/userSignup", {
      body: signupBody({ password: "eight888", confirmPassword: "eight888" }),
    });
    expect(answer.status).toBe(200);
  });
});

describe("GET /user/emailCheck", () => {
  it("tells that an unused address is available", async () => {
    const email = uniqueEmail("free");
    const answer = await call("GET", `/user/emailCheck?email=${encodeURIComponent(email)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.responseCode).toBe(200);
    expect(answer.body.result).toEqual({ email, available: true });
  });

  it("tells that a registered address is taken, whatever its case", async () => {
    const email = uniqueEmail("taken");
    await createUser({ email });
    const answer = await call("GET", `/user/emailCheck?email=${encodeURIComponent(email.toUpperCase())}`);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ available: false });
  });

  it("refuses a missing e-mail with “Email is required”", async () => {
    expectRefused(await call("GET", "/user/emailCheck"), "email", "Email is required");
  });

  it("refuses an invalid e-mail with “Invalid Email.”", async () => {
    expectRefused(await call("GET", "/user/emailCheck?email=maria%40"), "email", "Invalid Email.");
  });
});

describe("GET /space/checkReferralCode", () => {
  it("finds an existing user's code, typed in any case", async () => {
    const { user } = await createUser();
    const answer = await call(
      "GET",
      `/space/checkReferralCode?referralCode=${user.referralCode.toLowerCase()}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({ referralCode: user.referralCode, valid: true });
  });

  it("answers valid: false for a code nobody has", async () => {
    const answer = await call("GET", "/space/checkReferralCode?referralCode=NOBODY-ZZZZ");
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual({ referralCode: "NOBODY-ZZZZ", valid: false });
  });

  it("refuses a missing code", async () => {
    expectRefused(await call("GET", "/space/checkReferralCode"), "referralCode", "Referral code is required");
  });

  it("refuses a code with characters a code never has", async () => {
    expectRefused(
      await call("GET", "/space/checkReferralCode?referralCode=MARIA%3B7KQ2"),
      "referralCode",
      "Referral code may only contain letters, digits, hyphens and underscores.",
    );
  });
});

describe("POST /user/login", () => {
  it("logs in: answers the profile, starts a session row and sets its cookie", async () => {
    const { email, password, user } = await createUser();
    const answer = await call("POST", "/user/login", { body: { email, password } });
    expect(answer.status).toBe(200);
    expect(answer.body.responseCode).toBe(200);
    expect(answer.body.responseMessage).toBe("Login successful.");
    expect(answer.body.result).toMatchObject({ userId: user.id, email });
    const { db } = await getDatabase();
    const rows = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await viewProfileStatus(sessionCookieOf(answer))).toBe(200);
  });

  it("refuses a wrong password with the generic message and records the failure", async () => {
    const { email } = await createUser();
    const answer = await call("POST", "/user/login", {
      body: { email, password: "not-the-password" },
      address: "198.51.100.4",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.responseMessage).toBe(INVALID_LOGIN);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    const { db } = await getDatabase();
    const failures = await db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(failures).toMatchObject([{ email, address: "198.51.100.4" }]);
  });

  it("refuses a missing e-mail with “Email is required”", async () => {
    expectRefused(
      await call("POST", "/user/login", { body: { password: "whatever1" } }),
      "email",
      "Email is required",
    );
  });

  it("refuses an invalid e-mail with “Invalid Email.”", async () => {
    expectRefused(
      await call("POST", "/user/login", { body: { email: "maria", password: "whatever1" } }),
      "email",
      "Invalid Email.",
    );
  });

  it("refuses a missing password with “Password is required”", async () => {
    expectRefused(
      await call("POST", "/user/login", { body: { email: uniqueEmail("someone"), password: "" } }),
      "password",
      "Password is required",
    );
  });

  it("refuses a field the form does not have", async () => {
    const { email, password } = await createUser();
    const answer = await call("POST", "/user/login", { body: { email, password, remember: true } });
    expect(answer.status).toBe(400);
    expect(answer.body.result).toEqual([{ field: "remember", message: expect.any(String) }]);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("the login rate limit: 5 failures for one e-mail from one address in 15 minutes", () => {
  const ADDRESS = "203.0.113.7";
  const OTHER_ADDRESS = "203.0.113.8";

  function loginFrom(address: string, email: string, password: string): Promise<Answer> {
    return call("POST", "/user/login", { body: { email, password }, address });
  }

  /** Fails `times` logins, each still answered with the plain 400 (no lock-out before the limit). */
  async function failLogins(address: string, email: string, times: number): Promise<void> {
    for (let attempt = 1; attempt <= times; attempt++) {
      const answer = await loginFrom(address, email, `wrong-password-${attempt}`);
      expect(answer.status, `failed attempt ${attempt}`).toBe(400);
      expect(answer.body.responseMessage).toBe(INVALID_LOGIN);
    }
  }

  it("answers the 6th attempt with 429 and a clear message, even with the right password", async () => {
    const { email, password } = await createUser();
    await failLogins(ADDRESS, email, 5);
    const answer = await loginFrom(ADDRESS, email, password);
    expect(answer.status).toBe(429);
    expect(answer.body.responseCode).toBe(429);
    expect(answer.body.responseMessage).toMatch(LOCKED_OUT);
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });

  it("counts the failures whatever the case of the e-mail", async () => {
    const { email, password } = await createUser();
    await failLogins(ADDRESS, email.toUpperCase(), 5);
    const answer = await loginFrom(ADDRESS, email, password);
    expect(answer.status).toBe(429);
  });

  it("does not lock the same e-mail out from another address", async () => {
    const { email, password } = await createUser();
    await failLogins(ADDRESS, email, 5);
    const answer = await loginFrom(OTHER_ADDRESS, email, password);
    expect(answer.status).toBe(200);
  });

  it("does not lock another e-mail out from the same address", async () => {
    const locked = await createUser();
    const other = await createUser();
    await failLogins(ADDRESS, locked.email, 5);
    const answer = await loginFrom(ADDRESS, other.email, other.password);
    expect(answer.status).toBe(200);
  });

  it("lets the right password in again once the 15-minute window has passed", async () => {
    const { email, password } = await createUser();
    await failLogins(ADDRESS, email, 5);
    expect((await loginFrom(ADDRESS, email, password)).status).toBe(429);
    const { db } = await getDatabase();
    await db
      .update(loginFailures)
      .set({ at: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(loginFailures.email, email));
    const answer = await loginFrom(ADDRESS, email, password);
    expect(answer.status).toBe(200);
  });

  it("clears the failures on a successful login", async () => {
    const { email, password } = await createUser();
    await failLogins(ADDRESS, email, 4);
    expect((await loginFrom(ADDRESS, email, password)).status).toBe(200);
    const { db } = await getDatabase();
    const left = await db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.email, email), eq(loginFailures.address, ADDRESS)));
    expect(left).toEqual([]);
    await failLogins(ADDRESS, email, 4);
    expect((await loginFrom(ADDRESS, email, password)).status).toBe(200);
  });

  it("counts by the caller's address the server worked out: 20 guesses with rotating X-Forwarded-For get 429", async () => {
    const { email } = await createUser();
    const answers: number[] = [];
    for (let attempt = 1; attempt <= 20; attempt++) {
      const answer = await call("POST", "/user/login", {
        body: { email, password: `wrong-password-${attempt}` },
        headers: { "X-Forwarded-For": `198.51.100.${attempt}, 192.0.2.${attempt}` },
        address: ADDRESS,
      });
      answers.push(answer.status);
    }
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5)).toEqual(Array(15).fill(429));
  });

  it("counts a caller the server could not name as one shared address, whatever its X-Forwarded-For", async () => {
    const { email } = await createUser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await call("POST", "/user/login", {
        body: { email, password: `wrong-password-${attempt}` },
        headers: { "X-Forwarded-For": `198.51.100.${attempt}` },
      });
      expect(answer.status).toBe(400);
    }
    const sixth = await call("POST", "/user/login", {
      body: { email, password: "wrong-again" },
      headers: { "X-Forwarded-For": "198.51.100.99" },
    });
    expect(sixth.status).toBe(429);
  });

  it("lets the owner in from their own address while a stranger is locked out", async () => {
    const { email, password } = await createUser();
    await failLogins(ADDRESS, email, 5);
    expect((await loginFrom(ADDRESS, email, password)).status).toBe(429);
    expect((await loginFrom(OTHER_ADDRESS, email, password)).status).toBe(200);
  });

  it(`locks out every address that failed once an account has ${ACCOUNT_MAX_FAILURES} failures in an hour, but not the owner's`, async () => {
    const { email, password } = await createUser();
    // Someone guesses from many addresses, a few guesses each: no pair reaches its limit.
    const guessers = Array.from({ length: ACCOUNT_MAX_FAILURES / 2 }, (_, i) => `198.51.100.${i + 1}`);
    for (const address of guessers) await failLogins(address, email, 2);
    // Every address that failed is refused now, even with the right password (one it could have guessed)…
    const refused = await loginFrom(guessers[0] as string, email, password);
    expect(refused.status).toBe(429);
    expect(refused.body.responseMessage).toMatch(LOCKED_OUT);
    expect((await loginFrom(guessers.at(-1) as string, email, "another-guess")).status).toBe(429);
    // …while the owner, from an address that never failed, logs in.
    expect((await loginFrom("192.0.2.50", email, password)).status).toBe(200);
    // A new address still gets its password checked: a wrong one is a plain failure, and then that address is out.
    expect((await loginFrom("192.0.2.51", email, "yet-another-guess")).status).toBe(400);
    expect((await loginFrom("192.0.2.51", email, password)).status).toBe(429);
    // An hour later the account is under the limit again.
    const { db } = await getDatabase();
    await db
      .update(loginFailures)
      .set({ at: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(loginFailures.email, email));
    expect((await loginFrom(guessers[0] as string, email, password)).status).toBe(200);
  });

  it("lets the new password in after a password reset, as the lock-out message promises", async () => {
    const { email, password } = await createUser();
    await failLogins(ADDRESS, email, 5);
    expect((await loginFrom(ADDRESS, email, password)).status).toBe(429);
    const token = await requestResetToken(email);
    const reset = await call("POST", "/user/resetPassword", {
      body: { id: token, newPassword: "fresh-password-1", confirmPassword: "fresh-password-1" },
    });
    expect(reset.status).toBe(200);
    expect((await loginFrom(ADDRESS, email, "fresh-password-1")).status).toBe(200);
  });
});

describe("POST /user/logout", () => {
  it("revokes the session, clears the cookie, and the cookie no longer works", async () => {
    const { email, password, user } = await createUser();
    const cookie = await loginCookie(email, password);
    const answer = await call("POST", "/user/logout", { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      responseCode: 200,
      responseMessage: "You have been logged out.",
      result: null,
    });
    expect(answer.headers.get("Set-Cookie")).toMatch(/^ss_session=;.*Max-Age=0/);
    const { db } = await getDatabase();
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect(await viewProfileStatus(cookie)).toBe(401);
  });

  it("ends only the current session: the user's other sessions stay logged in", async () => {
    const { email, password } = await createUser();
    const phone = await loginCookie(email, password);
    const laptop = await loginCookie(email, password);
    expect((await call("POST", "/user/logout", { cookie: phone })).status).toBe(200);
    expect(await viewProfileStatus(laptop)).toBe(200);
  });

  it("answers 200 and clears the cookie without a session", async () => {
    const answer = await call("POST", "/user/logout");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Set-Cookie")).toMatch(/^ss_session=;.*Max-Age=0/);
  });
});

describe("GET /user/forgotPassword", () => {
  it("answers a known and an unknown e-mail the same", async () => {
    const { email } = await createUser();
    const known = await call("GET", `/user/forgotPassword?email=${encodeURIComponent(email)}`);
    const unknown = await call("GET", `/user/forgotPassword?email=${uniqueEmail("nobody")}`);
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ responseCode: 200, responseMessage: FORGOT_ANSWER, result: null });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it("e-mails the known address a link to /auth/reset-password/<token>", async () => {
    const { email } = await createUser();
    await call("GET", `/user/forgotPassword?email=${encodeURIComponent(email)}`);
    const mail = await waitForMail(email, "Reset your Space Solution password");
    expect(mail.text).toMatch(/^http:\/\/localhost\/auth\/reset-password\/[A-Za-z0-9_-]{32,}$/m);
  });

  it("carries the page the person was going to into the link, and only a page of this site", async () => {
    const { email } = await createUser();
    const going = "/reserve-space/storage?spaceId=0b35384e-91ae-4951-a740-19aa984dc549";
    await call("GET", `/user/forgotPassword?${new URLSearchParams({ email, redirectTo: going })}`);
    const mail = await waitForMail(email, "Reset your Space Solution password");
    const link = /^http:\/\/localhost\/auth\/reset-password\/\S+$/m.exec(mail.text)?.[0] ?? "";
    expect(new URL(link).searchParams.get("redirectTo")).toBe(going);

    const other = await createUser();
    await call(
      "GET",
      `/user/forgotPassword?${new URLSearchParams({ email: other.email, redirectTo: "//evil.example" })}`,
    );
    const plain = await waitForMail(other.email, "Reset your Space Solution password");
    expect(plain.text).toMatch(/^http:\/\/localhost\/auth\/reset-password\/[A-Za-z0-9_-]{32,}$/m);
  });

  it("stores only the SHA-256 of the token, valid one hour", async () => {
    const { email, user } = await createUser();
    const token = await requestResetToken(email);
    const { db } = await getDatabase();
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    const validFor = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(validFor).toBeGreaterThan(55 * 60 * 1000);
    expect(validFor).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it("creates no token for an unknown e-mail", async () => {
    const { db } = await getDatabase();
    const [before] = await db.select({ n: count() }).from(passwordResetTokens);
    const answer = await call("GET", `/user/forgotPassword?email=${uniqueEmail("nobody")}`);
    expect(answer.status).toBe(200);
    const [after] = await db.select({ n: count() }).from(passwordResetTokens);
    expect(after?.n).toBe(before?.n);
  });

  it("refuses a missing e-mail with “Email is required”", async () => {
    expectRefused(await call("GET", "/user/forgotPassword"), "email", "Email is required");
  });

  it("refuses an invalid e-mail with “Invalid Email.”", async () => {
    expectRefused(await call("GET", "/user/forgotPassword?email=maria.santos"), "email", "Invalid Email.");
  });
});

describe("POST /user/resetPassword", () => {
  const NEW_PASSWORD = "brand-new-password-1";
  const resetBody = (id: string, overrides: Record<string, unknown> = {}) => ({
    id,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...overrides,
  });

  it("sets the new password with the mailed token: the new one logs in, the old one no longer does", async () => {
    const { email, password } = await createUser();
    const token = await requestResetToken(email);
    const answer = await call("POST", "/user/resetPassword", { body: resetBody(token) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      responseCode: 200,
      responseMessage: "Your password has been reset. Please log in with your new password.",
      result: null,
    });
    expect(await canLogin(email, NEW_PASSWORD)).toBe(true);
    expect(await canLogin(email, password)).toBe(false);
  });

  it("accepts a token only once", async () => {
    const { email } = await createUser();
    const token = await requestResetToken(email);
    expect((await call("POST", "/user/resetPassword", { body: resetBody(token) })).status).toBe(200);
    const again = await call("POST", "/user/resetPassword", {
      body: resetBody(token, { newPassword: "another-password", confirmPassword: "another-password" }),
    });
    expect(again.status).toBe(400);
    expect(again.body.responseMessage).toBe(RESET_LINK_REFUSED);
    expect(await canLogin(email, NEW_PASSWORD)).toBe(true);
  });

  it("refuses an expired token and keeps the old password", async () => {
    const { email, password, user } = await createUser();
    const token = await requestResetToken(email);
    const { db } = await getDatabase();
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const answer = await call("POST", "/user/resetPassword", { body: resetBody(token) });
    expect(answer.status).toBe(400);
    expect(answer.body.responseMessage).toBe(RESET_LINK_REFUSED);
    expect(await canLogin(email, password)).toBe(true);
  });

  it("refuses a token that was never issued", async () => {
    const answer = await call("POST", "/user/resetPassword", {
      body: resetBody(randomBytes(32).toString("base64url")),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.responseMessage).toBe(RESET_LINK_REFUSED);
  });

  it("ends every session of the user", async () => {
    const { email, password } = await createUser();
    const phone = await loginCookie(email, password);
    const laptop = await loginCookie(email, password);
    const token = await requestResetToken(email);
    expect((await call("POST", "/user/resetPassword", { body: resetBody(token) })).status).toBe(200);
    expect(await viewProfileStatus(phone)).toBe(401);
    expect(await viewProfileStatus(laptop)).toBe(401);
  });

  it.each([
    {
      rule: "a missing token",
      change: { id: undefined },
      field: "id",
      message: "The reset link is incomplete.",
    },
    {
      rule: "a missing new password",
      change: { newPassword: undefined },
      field: "newPassword",
      message: "New password is required",
    },
    {
      rule: "a new password of 7 characters",
      change: { newPassword: "short12", confirmPassword: "short12" },
      field: "newPassword",
      message: "New password must be at least 8 characters.",
    },
    {
      rule: "a missing confirmation",
      change: { confirmPassword: undefined },
      field: "confirmPassword",
      message: "Confirm password is required",
    },
    {
      rule: "a confirmation that does not match",
      change: { confirmPassword: "brand-new-password-2" },
      field: "confirmPassword",
      message: "Passwords do not match.",
    },
  ])("refuses $rule with $message", async ({ change, field, message }) => {
    const answer = await call("POST", "/user/resetPassword", {
      body: resetBody(randomBytes(32).toString("base64url"), change),
    });
    expectRefused(answer, field, message);
  });

  it("refuses a field the form does not have", async () => {
    const answer = await call("POST", "/user/resetPassword", {
      body: resetBody(randomBytes(32).toString("base64url"), { email: "maria@example.ph" }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.result).toEqual([{ field: "email", message: expect.any(String) }]);
  });
});

describe("POST /user/changePassword", () => {
  const NEW_PASSWORD = "changed-password-1";
  const changeBody = (currentPassword: string, overrides: Record<string, unknown> = {}) => ({
    currentPassword,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...overrides,
  });

  it("answers 401 without a session", async () => {
    const answer = await call("POST", "/user/changePassword", { body: changeBody("whatever-password") });
    expect(answer.status).toBe(401);
    expect(answer.body.responseCode).toBe(401);
  });

  it("changes the password: the new one logs in, the old one no longer does", async () => {
    const { email, password } = await createUser();
    const cookie = await loginCookie(email, password);
    const answer = await call("POST", "/user/changePassword", { cookie, body: changeBody(password) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      responseCode: 200,
      responseMessage: "Your password has been changed.",
      result: null,
    });
    expect(await canLogin(email, NEW_PASSWORD)).toBe(true);
    expect(await canLogin(email, password)).toBe(false);
  });

  it("keeps the current session and ends every other session of the user", async () => {
    const { email, password } = await createUser();
    const current = await loginCookie(email, password);
    const phone = await loginCookie(email, password);
    const tablet = await loginCookie(email, password);
    const answer = await call("POST", "/user/changePassword", {
      cookie: current,
      body: changeBody(password),
    });
    expect(answer.status).toBe(200);
    expect(await viewProfileStatus(current)).toBe(200);
    expect(await viewProfileStatus(phone)).toBe(401);
    expect(await viewProfileStatus(tablet)).toBe(401);
  });

  it("refuses a wrong current password on currentPassword and keeps the old password", async () => {
    const { email, password } = await createUser();
    const cookie = await loginCookie(email, password);
    const answer = await call("POST", "/user/changePassword", {
      cookie,
      body: changeBody("not-my-password"),
    });
    expectRefused(answer, "currentPassword", "Your current password is incorrect.");
    expect(await canLogin(email, password)).toBe(true);
    expect(await canLogin(email, NEW_PASSWORD)).toBe(false);
  });

  it.each([
    {
      rule: "a missing current password",
      change: { currentPassword: undefined },
      field: "currentPassword",
      message: "Current password is required",
    },
    {
      rule: "a current password of 7 characters",
      change: { currentPassword: "short12" },
      field: "currentPassword",
      message: "Current password must be at least 8 characters.",
    },
    {
      rule: "a missing new password",
      change: { newPassword: undefined },
      field: "newPassword",
      message: "New password is required",
    },
    {
      rule: "a new password of 7 characters",
      change: { newPassword: "short12", confirmPassword: "short12" },
      field: "newPassword",
      message: "New password must be at least 8 characters.",
    },
    {
      rule: "a missing confirmation",
      change: { confirmPassword: undefined },
      field: "confirmPassword",
      message: "Confirm password is required",
    },
    {
      rule: "a confirmation that does not match",
      change: { confirmPassword: "changed-password-2" },
      field: "confirmPassword",
      message: "Passwords do not match.",
    },
  ])("refuses $rule with $message and keeps the password", async ({ change, field, message }) => {
    const { email, password } = await createUser();
    const cookie = await loginCookie(email, password);
    const answer = await call("POST", "/user/changePassword", { cookie, body: changeBody(password, change) });
    expectRefused(answer, field, message);
    expect(await canLogin(email, password)).toBe(true);
  });

  it("refuses a field the form does not have", async () => {
    const { email, password } = await createUser();
    const cookie = await loginCookie(email, password);
    const answer = await call("POST", "/user/changePassword", {
      cookie,
      body: changeBody(password, { userId: "someone-else" }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.result).toEqual([{ field: "userId", message: expect.any(String) }]);
  });
});

describe("POST /user/updateFirstLogin", () => {
  async function firstLoginOf(userId: string): Promise<boolean | undefined> {
    const { db } = await getDatabase();
    const [row] = await db.select({ firstLogin: users.firstLogin }).from(users).where(eq(users.id, userId));
    return row?.firstLogin;
  }

  it("records that the user has been through the first-login steps", async () => {
    const { email, password, user } = await createUser();
    const cookie = await loginCookie(email, password);
    const answer = await call("POST", "/user/updateFirstLogin", { cookie, body: { userId: user.id } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ responseCode: 200, result: { firstLogin: false } });
    expect(await firstLoginOf(user.id)).toBe(false);
  });

  it("answers 401 without a session and changes nothing", async () => {
    const { user } = await createUser();
    const answer = await call("POST", "/user/updateFirstLogin", { body: { userId: user.id } });
    expect(answer.status).toBe(401);
    expect(answer.body.responseCode).toBe(401);
    expect(await firstLoginOf(user.id)).toBe(true);
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const me = await createUser();
    const other = await createUser();
    const cookie = await loginCookie(me.email, me.password);
    const answer = await call("POST", "/user/updateFirstLogin", { cookie, body: { userId: other.user.id } });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      responseCode: 403,
      responseMessage: "You can only change your own account.",
      result: null,
    });
    expect(await firstLoginOf(other.user.id)).toBe(true);
    expect(await firstLoginOf(me.user.id)).toBe(true);
  });

  it("refuses a user id that is not a UUID", async () => {
    const { email, password, user } = await createUser();
    const cookie = await loginCookie(email, password);
    const answer = await call("POST", "/user/updateFirstLogin", { cookie, body: { userId: "42" } });
    expectRefused(answer, "userId", "Invalid user id.");
    expect(await firstLoginOf(user.id)).toBe(true);
  });

  it("refuses a field the call does not take", async () => {
    const { email, password, user } = await createUser();
    const cookie = await loginCookie(email, password);
    const answer = await call("POST", "/user/updateFirstLogin", {
      cookie,
      body: { userId: user.id, firstLogin: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.result).toEqual([{ field: "firstLogin", message: expect.any(String) }]);
    expect(await firstLoginOf(user.id)).toBe(true);
  });
});
