import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LIMITS, TOO_MANY_REQUESTS, TOO_MANY_SIGNUPS, takeRate } from "~/api/rate-limit.server";
import { login } from "~/api/user/auth.server";
import { getDatabase } from "~/db/db.server";
import { rateEvents, users } from "~/db/schema";
import { action as signupAction } from "~/routes/auth+/signup-form";
import { api } from "~/screens/api.server";
import { authenticator } from "~/screens/auth.server";
import { runWithRequestContext } from "~/screens/request-context.server";
import { call, createUser, expectStatus, loggedInUser, signupBody, uniqueEmail } from "./helpers";

/**
 * The limits that count per caller's address (the one the HTTP server worked out, `context.clientAddress`) and per
 * e-mail: forgot-password, the e-mail check, visitors' enquiries; and the screens' login, which must reach the API
 * with the browser's address so that wrong guesses from one place do not lock the account for everyone.
 */

const forgot = (email: string, address: string) =>
  call("GET", `/user/forgotPassword?email=${encodeURIComponent(email)}`, { address });

describe("GET /user/forgotPassword limits", () => {
  it(`sends at most ${LIMITS.forgotPasswordPerEmail.max} reset e-mails an hour to one address, asked from anywhere`, async () => {
    const { email } = await createUser();
    for (let i = 1; i <= LIMITS.forgotPasswordPerEmail.max; i++) {
      expectStatus(await forgot(email, `198.51.100.${i}`), 200);
    }
    expectStatus(await forgot(email, "198.51.100.200"), 429, TOO_MANY_REQUESTS);
    // Another e-mail is not affected.
    expectStatus(await forgot(uniqueEmail("other"), "198.51.100.200"), 200);
  });

  it("counts an e-mail without an account the same, so the limit tells nothing about it", async () => {
    const nobody = uniqueEmail("nobody");
    for (let i = 1; i <= LIMITS.forgotPasswordPerEmail.max; i++) {
      expectStatus(await forgot(nobody, `198.51.101.${i}`), 200);
    }
    expectStatus(await forgot(nobody, "198.51.101.200"), 429, TOO_MANY_REQUESTS);
  });

  it(`answers at most ${LIMITS.forgotPasswordPerAddress.max} requests an hour from one address, whatever the e-mails`, async () => {
    const address = "203.0.113.40";
    for (let i = 1; i <= LIMITS.forgotPasswordPerAddress.max; i++) {
      expectStatus(await forgot(uniqueEmail("sweep"), address), 200);
    }
    expectStatus(await forgot(uniqueEmail("sweep"), address), 429, TOO_MANY_REQUESTS);
    expectStatus(await forgot(uniqueEmail("sweep"), "203.0.113.41"), 200);
  });

  it("keeps no e-mail or address in clear in the counts", async () => {
    const email = uniqueEmail("private");
    await forgot(email, "203.0.113.42");
    const { db } = await getDatabase();
    const rows = JSON.stringify(await db.select().from(rateEvents));
    expect(rows).not.toContain(email);
    expect(rows).not.toContain("203.0.113.42");
  });
});

describe("GET /user/emailCheck limit", () => {
  it(`answers at most ${LIMITS.emailCheckPerAddress.max} checks an hour from one address`, async () => {
    const address = "203.0.113.50";
    for (let i = 1; i <= LIMITS.emailCheckPerAddress.max; i++) {
      const answer = await call("GET", `/user/emailCheck?email=${uniqueEmail("probe")}`, { address });
      expect(answer.status, `check ${i}`).toBe(200);
    }
    expectStatus(
      await call("GET", `/user/emailCheck?email=${uniqueEmail("probe")}`, { address }),
      429,
      TOO_MANY_REQUESTS,
    );
    expectStatus(
      await call("GET", `/user/emailCheck?email=${uniqueEmail("probe")}`, { address: "203.0.113.51" }),
      200,
    );
  });
});

describe("visitors' enquiries per address", () => {
  const missingSpace = (address: string, cookie?: string) =>
    call("POST", "/space/missingSpace", {
      address,
      cookie,
      body: {
        city: "makati",
        storageType: "storage",
        size: "3 × 3 m",
        name: "Liza Soberano",
        email: uniqueEmail("liza"),
        phoneNumber: "09171234567",
      },
    });
  const aboutListing = (address: string) =>
    call("POST", "/enquiry/aboutListing", {
      address,
      body: {
        name: "Ramon Bautista",
        email: uniqueEmail("ramon"),
        phoneNumber: "09981234567",
        city: "cebu-city",
        storageType: "parking",
        message: "Two covered slots.",
      },
    });

  it(`takes at most ${LIMITS.visitorEnquiriesPerAddress.max} an hour from one address, however many e-mails it makes up`, async () => {
    const address = "203.0.113.60";
    for (let i = 1; i <= LIMITS.visitorEnquiriesPerAddress.max; i++) {
      const answer = await (i % 2 ? missingSpace(address) : aboutListing(address));
      expect(answer.status, `enquiry ${i}: ${answer.body.responseMessage}`).toBe(200);
    }
    expectStatus(await missingSpace(address), 429, TOO_MANY_REQUESTS);
    expectStatus(await aboutListing(address), 429, TOO_MANY_REQUESTS);
    expectStatus(await missingSpace("203.0.113.61"), 200);
  });

  it("does not count a logged-in user's enquiries per address (they are limited per account)", async () => {
    const address = "203.0.113.62";
    for (let i = 1; i <= LIMITS.visitorEnquiriesPerAddress.max; i++) await missingSpace(address);
    expectStatus(await missingSpace(address), 429);
    const user = await loggedInUser();
    expectStatus(await missingSpace(address, user.cookie), 200);
  });
});

describe("sign-ups per address", () => {
  const signup = (address: string, email = uniqueEmail("farm")) =>
    call("POST", "/user/userSignup", {
      address,
      body: signupBody({ email }),
    });

  async function signedUpAlready(address: string, count: number) {
    const { db } = await getDatabase();
    for (let i = 0; i < count; i++) await takeRate(db, [{ limit: LIMITS.signupsPerAddress, value: address }]);
  }

  it(`makes at most ${LIMITS.signupsPerAddress.max} new accounts an hour from one address; a taken e-mail is not counted`, async () => {
    const address = "203.0.113.60";
    const { email: taken } = await createUser();
    for (let i = 1; i <= 3; i++) expectStatus(await signup(address, taken), 400);
    // The address's earlier sign-ups, counted as the endpoint counts them (a real sign-up costs an argon2id hash).
    await signedUpAlready(address, LIMITS.signupsPerAddress.max - 1);
    expectStatus(await signup(address), 200);
    const email = uniqueEmail("one-too-many");
    const refused = await signup(address, email);
    expectStatus(refused, 429, TOO_MANY_SIGNUPS);
    expect(refused.headers.get("Set-Cookie")).toBeNull();
    const { db } = await getDatabase();
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    // Another address (another network) still signs up.
    expectStatus(await signup("203.0.113.61", email), 200);
  });

  it("the sign-up screen shows the limit's message as a toast", async () => {
    const address = "203.0.113.62";
    await signedUpAlready(address, LIMITS.signupsPerAddress.max);
    const form = new URLSearchParams({
      firstName: "Maria",
      lastName: "Santos",
      nickName: "Mia",
      email: uniqueEmail("screen"),
      phoneNumber: "09171234567",
      password: "correct-horse-1",
      confirmPassword: "correct-horse-1",
      interested: "renter",
      dob: "1990-05-17",
      acceptTerms: "on",
    });
    const request = new Request("http://localhost/auth/signup-form", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const answer = (await runWithRequestContext({ clientAddress: address }, () =>
      signupAction({ request, params: {}, context: { clientAddress: address } }),
    )) as unknown as { init: { status: number }; data: { toast: { description: string } } };
    expect(answer.init.status).toBe(429);
    expect(answer.data.toast.description).toBe(TOO_MANY_SIGNUPS);
  });
});

describe("the screens' login passes the browser's address to the API", () => {
  /** A login through the login screen's form strategy, for a browser at `address`. */
  function screenLogin(address: string, email: string, password: string) {
    const request = new Request("http://localhost/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password }),
    });
    return runWithRequestContext({ clientAddress: address }, async () => {
      const attempt = await authenticator.authenticate("form", request);
      if (attempt.kind !== "answered") throw new Error("the form was not valid");
      return attempt.answer;
    });
  }

  it("5 wrong logins from one address do not stop the right one from another", async () => {
    const { email, password } = await createUser();
    for (let i = 1; i <= 5; i++) {
      const answer = await screenLogin("198.51.100.10", email, `wrong-password-${i}`);
      expect(answer.status).toBe(400);
    }
    expect((await screenLogin("198.51.100.10", email, password)).status).toBe(429);
    const owner = await screenLogin("192.0.2.10", email, password);
    expect(owner.ok).toBe(true);
  });

  it("an explicit context given to api() wins over the one in place", async () => {
    const { email } = await createUser();
    const request = new Request("http://localhost/auth/login");
    await runWithRequestContext({ clientAddress: "198.51.100.20" }, async () => {
      for (let i = 1; i <= 5; i++) {
        await api(request, { clientAddress: "198.51.100.21" }).call(login, {
          body: { email, password: "x".repeat(9) },
        });
      }
      const here = await api(request).call(login, { body: { email, password: "y".repeat(9) } });
      expect(here.status).toBe(400);
      const there = await api(request, { clientAddress: "198.51.100.21" }).call(login, {
        body: { email, password: "z".repeat(9) },
      });
      expect(there.status).toBe(429);
    });
  });
});
