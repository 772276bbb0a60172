import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LIMITS, TOO_MANY_SIGNUPS, takeRate } from "~/api/rate-limit.server";
import { getDatabase } from "~/db/db.server";
import { sessions, users } from "~/db/schema";
import { ACCOUNT_SUSPENDED } from "~/domain/operators";
import { type Env, getEnv } from "~/env.server";
import { log } from "~/infra/log.server";
import {
  type IdentityProvider,
  type MockIdentity,
  startIdentityProvider,
} from "../doubles/identity-provider";
import { type Answer, call, createUser } from "./helpers";

/**
 * ADR 0009: sign-in with Google (ID token and access token) and Facebook, against a local OpenID Connect
 * provider (oauth2-mock-server) and a Graph API double on it. Tokens are signed with the provider's own keys.
 */

const GOOGLE_CLIENT = "test-google-client.apps.example";
const FACEBOOK_APP = { id: "1234567890", secret: "test-facebook-app-secret" };
const GOOGLE_REFUSED = "We could not verify your Google sign-in. Please try again.";
const FACEBOOK_REFUSED = "We could not verify your Facebook sign-in. Please try again.";

let provider: IdentityProvider;
let savedEnv: Partial<Env>;

function setEnv(values: Partial<Env>) {
  Object.assign(getEnv(), values);
}

beforeAll(async () => {
  provider = await startIdentityProvider({ facebookApp: FACEBOOK_APP });
  const env = getEnv();
  savedEnv = { ...env };
  setEnv({
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
    GOOGLE_CLIENT_SECRET: "test-google-secret",
    GOOGLE_ISSUER: provider.issuer,
    FACEBOOK_CLIENT_ID: FACEBOOK_APP.id,
    FACEBOOK_CLIENT_SECRET: FACEBOOK_APP.secret,
    FACEBOOK_GRAPH_URL: provider.graphUrl,
  });
});

afterAll(async () => {
  Object.assign(getEnv(), savedEnv);
  await provider?.stop();
});

function newIdentity(overrides: Partial<MockIdentity> = {}): MockIdentity {
  const id = randomBytes(5).toString("hex");
  return {
    sub: `1${BigInt(`0x${id}`).toString().padStart(20, "0")}`,
    email: `social-${id}@example.ph`,
    emailVerified: true,
    givenName: "Andrea",
    familyName: "Bautista",
    ...overrides,
  };
}

function sessionCookieOf(answer: Answer): string {
  const setCookie = answer.headers.get("Set-Cookie");
  if (!setCookie) throw new Error(`no Set-Cookie in ${JSON.stringify(answer.body)}`);
  return setCookie.split(";")[0] as string;
}

async function sessionCount(): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db.select({ n: count() }).from(sessions);
  return row?.n ?? 0;
}

async function usersWithEmail(email: string) {
  const { db } = await getDatabase();
  return db.select().from(users).where(eq(users.email, email));
}

async function userById(id: string) {
  const { db } = await getDatabase();
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** A refusal: the status and message, no session cookie, and no session row written. */
async function expectRefused(attempt: () => Promise<Answer>, status: number, message: string) {
  const before = await sessionCount();
  const answer = await attempt();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.responseCode).toBe(status);
  expect(answer.body.responseMessage).toBe(message);
  expect(answer.headers.get("Set-Cookie")).toBeNull();
  expect(await sessionCount()).toBe(before);
  return answer;
}

type Profile = { userId: string; email: string; firstName: string; lastName: string; typeOfSignup: string };

const googleJwtLogin = (token: string) => call<Profile>("POST", "/user/googlejwtLogin", { body: { token } });

describe("POST /user/googlejwtLogin", () => {
  it("creates an account for a new Google user, logs it in and links the Google id", async () => {
    const identity = newIdentity();
    const answer = await googleJwtLogin(await provider.idToken(identity, GOOGLE_CLIENT));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.responseMessage).toBe("Login successful.");
    expect(answer.body.result).toMatchObject({
      email: identity.email,
      firstName: "Andrea",
      lastName: "Bautista",
      typeOfSignup: "google",
      firstLogin: true,
      isLogin: true,
    });
    const user = await userById(answer.body.result.userId);
    expect(user?.googleId).toBe(identity.sub);
    expect(user?.passwordHash).toBeNull();
    expect(user?.referralCode).toMatch(/^ANDREA-[A-Z2-9]{4}$/);

    // The session works.
    const profile = await call<Profile>("GET", "/user/viewUserProfile", { cookie: sessionCookieOf(answer) });
    expect(profile.status).toBe(200);
    expect(profile.body.result.userId).toBe(answer.body.result.userId);
    // No password: e-mail login cannot get in.
    const login = await call("POST", "/user/login", {
      body: { email: identity.email, password: "anything-1" },
    });
    expect(login.status).toBe(400);
  });

  it("logs the same Google user into the same account the next time, even after an e-mail change", async () => {
    const identity = newIdentity();
    const first = await googleJwtLogin(await provider.idToken(identity, GOOGLE_CLIENT));
    expect(first.status).toBe(200);
    const second = await googleJwtLogin(
      await provider.idToken({ ...identity, email: `changed-${identity.email}` }, GOOGLE_CLIENT),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.result.userId).toBe(first.body.result.userId);
    const { db } = await getDatabase();
    const rows = await db.select().from(users).where(eq(users.googleId, identity.sub));
    expect(rows).toHaveLength(1);
    expect(sessionCookieOf(second)).not.toBe(sessionCookieOf(first));
  });

  it("links a verified e-mail to the existing e-mail account instead of making a second one", async () => {
    const { user, email } = await createUser({ firstName: "Carla", typeOfSignup: "email" });
    const identity = newIdentity({ email: email.toUpperCase(), givenName: "Someone", familyName: "Else" });
    const answer = await googleJwtLogin(await provider.idToken(identity, GOOGLE_CLIENT));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.userId).toBe(user.id);
    // The account keeps its own names and how it signed up.
    expect(answer.body.result).toMatchObject({ firstName: "Carla", typeOfSignup: "email" });
    expect(await usersWithEmail(email)).toHaveLength(1);
    expect((await userById(user.id))?.googleId).toBe(identity.sub);
  });

  it("refuses an unverified e-mail: no linking to an existing account and no new account", async () => {
    const { user, email } = await createUser();
    const message =
      "Your Google e-mail address is not verified. Please verify it with Google, or sign up with e-mail.";
    const taken = newIdentity({ email, emailVerified: false });
    await expectRefused(
      async () => googleJwtLogin(await provider.idToken(taken, GOOGLE_CLIENT)),
      400,
      message,
    );
    expect((await userById(user.id))?.googleId).toBeNull();

    const fresh = newIdentity({ emailVerified: false });
    await expectRefused(
      async () => googleJwtLogin(await provider.idToken(fresh, GOOGLE_CLIENT)),
      400,
      message,
    );
    expect(await usersWithEmail(fresh.email as string)).toHaveLength(0);
  });

  it("refuses a token without an e-mail address for a new user", async () => {
    const identity = newIdentity({ email: undefined });
    await expectRefused(
      async () => googleJwtLogin(await provider.idToken(identity, GOOGLE_CLIENT)),
      400,
      "Your Google account did not share an e-mail address with us. Please allow access to your e-mail address, or sign up with e-mail.",
    );
  });

  it("refuses a verified e-mail whose account is already linked to another Google account", async () => {
    const { user, email } = await createUser({ googleId: `other-${randomBytes(4).toString("hex")}` });
    const identity = newIdentity({ email });
    await expectRefused(
      async () => googleJwtLogin(await provider.idToken(identity, GOOGLE_CLIENT)),
      409,
      "This e-mail address is already linked to another Google account.",
    );
    expect((await userById(user.id))?.googleId).toBe(user.googleId);
  });

  it("refuses a suspended account, linked or found by its e-mail, and makes no session", async () => {
    const identity = newIdentity();
    const first = await googleJwtLogin(await provider.idToken(identity, GOOGLE_CLIENT));
    expect(first.status).toBe(200);
    const { db } = await getDatabase();
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, first.body.result.userId));
    await expectRefused(
      async () => googleJwtLogin(await provider.idToken(identity, GOOGLE_CLIENT)),
      403,
      ACCOUNT_SUSPENDED,
    );
    const { user } = await createUser({ email: `suspended-${identity.email}`, suspendedAt: new Date() });
    await expectRefused(
      async () => googleJwtLogin(await provider.idToken(newIdentity({ email: user.email }), GOOGLE_CLIENT)),
      403,
      ACCOUNT_SUSPENDED,
    );
    // Nothing was linked while refusing.
    expect((await userById(user.id))?.googleId).toBeNull();
  });

  it("refuses a token for another app (audience)", async () => {
    const identity = newIdentity();
    await expectRefused(
      async () => googleJwtLogin(await provider.idToken(identity, "someone-elses-client.apps.example")),
      400,
      GOOGLE_REFUSED,
    );
    expect(await usersWithEmail(identity.email as string)).toHaveLength(0);
  });

  it("refuses a token from another issuer", async () => {
    const identity = newIdentity();
    await expectRefused(
      async () =>
        googleJwtLogin(
          await provider.signToken({
            sub: identity.sub,
            email: identity.email,
            email_verified: true,
            aud: GOOGLE_CLIENT,
            iss: "https://accounts.evil.example",
          }),
        ),
      400,
      GOOGLE_REFUSED,
    );
    expect(await usersWithEmail(identity.email as string)).toHaveLength(0);
  });

  it("refuses an expired token", async () => {
    const identity = newIdentity();
    await expectRefused(
      async () => googleJwtLogin(await provider.idToken(identity, GOOGLE_CLIENT, { expiresIn: -600 })),
      400,
      GOOGLE_REFUSED,
    );
    expect(await usersWithEmail(identity.email as string)).toHaveLength(0);
  });

  it("refuses a token with a bad signature, a changed payload, an unsigned token and garbage", async () => {
    const identity = newIdentity();
    const good = await provider.idToken(identity, GOOGLE_CLIENT);
    const [header] = good.split(".");

    // Signed by a key that is not the provider's, under the provider's key id.
    const { privateKey } = await generateKeyPair("RS256");
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ sub: identity.sub, email: identity.email, email_verified: true })
      .setProtectedHeader(JSON.parse(Buffer.from(header as string, "base64url").toString()))
      .setIssuer(provider.issuer)
      .setAudience(GOOGLE_CLIENT)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey);

    // The provider's signature over another payload.
    const [, payload, signature] = good.split(".");
    const claims = JSON.parse(Buffer.from(payload as string, "base64url").toString());
    const tampered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url"),
      signature,
    ].join(".");

    const unsigned = [
      Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url"),
      payload,
      "",
    ].join(".");

    for (const token of [forged, tampered, unsigned, "not-a-token", `${good}x`]) {
      await expectRefused(() => googleJwtLogin(token), 400, GOOGLE_REFUSED);
    }
    expect(await usersWithEmail(identity.email as string)).toHaveLength(0);
  });

  it("checks its input", async () => {
    const missing = await call("POST", "/user/googlejwtLogin", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.responseMessage).toBe("The Google token is required.");
    const unknown = await call("POST", "/user/googlejwtLogin", {
      body: { token: "x", email: "me@example.ph" },
    });
    expect(unknown.status).toBe(400);
  });

  it("is refused while Google sign-in is not configured", async () => {
    const identity = newIdentity();
    const token = await provider.idToken(identity, GOOGLE_CLIENT);
    setEnv({ GOOGLE_CLIENT_ID: undefined });
    try {
      await expectRefused(() => googleJwtLogin(token), 404, "Google sign-in is not enabled.");
      await expectRefused(
        () => call("POST", "/user/googleLogin", { body: { accessToken: "whatever" } }),
        404,
        "Google sign-in is not enabled.",
      );
    } finally {
      setEnv({ GOOGLE_CLIENT_ID: GOOGLE_CLIENT });
    }
    expect(await usersWithEmail(identity.email as string)).toHaveLength(0);
  });
});

describe("new accounts count against the caller's sign-ups", () => {
  it(`a ${LIMITS.signupsPerAddress.max + 1}th new account in an hour from one address is refused; signing in is not`, async () => {
    const address = "203.0.113.70";
    const known = newIdentity();
    const first = await call<Profile>("POST", "/user/googlejwtLogin", {
      address,
      body: { token: await provider.idToken(known, GOOGLE_CLIENT) },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { db } = await getDatabase();
    for (let i = 1; i < LIMITS.signupsPerAddress.max; i++)
      await takeRate(db, [{ limit: LIMITS.signupsPerAddress, value: address }]);
    const stranger = newIdentity();
    await expectRefused(
      async () =>
        call("POST", "/user/googlejwtLogin", {
          address,
          body: { token: await provider.idToken(stranger, GOOGLE_CLIENT) },
        }),
      429,
      TOO_MANY_SIGNUPS,
    );
    expect(await usersWithEmail(stranger.email as string)).toEqual([]);
    const again = await call<Profile>("POST", "/user/googlejwtLogin", {
      address,
      body: { token: await provider.idToken(known, GOOGLE_CLIENT) },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.result.userId).toBe(first.body.result.userId);
  });
});

describe("POST /user/googleLogin", () => {
  it("logs in with an access token that the provider's userinfo endpoint accepts", async () => {
    const identity = newIdentity({ givenName: undefined, familyName: undefined });
    const answer = await call<Profile>("POST", "/user/googleLogin", {
      body: { accessToken: await provider.accessToken({ ...identity }, GOOGLE_CLIENT) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toMatchObject({ email: identity.email, typeOfSignup: "google" });
    // Without names from Google, the first name comes from the e-mail address.
    expect(answer.body.result.firstName).toBe((identity.email as string).split("@")[0]);
    expect((await userById(answer.body.result.userId))?.googleId).toBe(identity.sub);
  });

  it("refuses an access token the provider does not know, or an expired one", async () => {
    const identity = newIdentity();
    await expectRefused(
      () => call("POST", "/user/googleLogin", { body: { accessToken: "ya29.not-a-real-token" } }),
      400,
      GOOGLE_REFUSED,
    );
    const expired = await provider.accessToken(identity, GOOGLE_CLIENT, { expiresIn: -60 });
    await expectRefused(
      () => call("POST", "/user/googleLogin", { body: { accessToken: expired } }),
      400,
      GOOGLE_REFUSED,
    );
  });
});

describe("POST /user/facebookLogin", () => {
  const facebookLogin = (accessToken: string) =>
    call<Profile>("POST", "/user/facebookLogin", { body: { accessToken } });

  it("creates an account from the Graph API's profile and logs the same user in again", async () => {
    const identity = newIdentity({ givenName: "Rico", familyName: "Dizon" });
    const answer = await facebookLogin(await provider.accessToken(identity, FACEBOOK_APP.id));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result).toMatchObject({
      email: identity.email,
      firstName: "Rico",
      lastName: "Dizon",
      typeOfSignup: "facebook",
      firstLogin: true,
    });
    const user = await userById(answer.body.result.userId);
    expect(user?.facebookId).toBe(identity.sub);
    expect(user?.googleId).toBeNull();

    const again = await facebookLogin(await provider.accessToken(identity, FACEBOOK_APP.id));
    expect(again.status).toBe(200);
    expect(again.body.result.userId).toBe(answer.body.result.userId);
    const profile = await call<Profile>("GET", "/user/viewUserProfile", { cookie: sessionCookieOf(again) });
    expect(profile.body.result.userId).toBe(answer.body.result.userId);
  });

  it("links the Facebook e-mail to the existing account", async () => {
    const { user, email } = await createUser();
    const identity = newIdentity({ email });
    const answer = await facebookLogin(await provider.accessToken(identity, FACEBOOK_APP.id));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.result.userId).toBe(user.id);
    expect(await usersWithEmail(email)).toHaveLength(1);
    expect((await userById(user.id))?.facebookId).toBe(identity.sub);
  });

  it("refuses a bad token, an expired one, and one issued to another app", async () => {
    const identity = newIdentity();
    await expectRefused(() => facebookLogin("EAAB-not-a-real-token"), 400, FACEBOOK_REFUSED);
    await expectRefused(
      async () => facebookLogin(await provider.accessToken(identity, FACEBOOK_APP.id, { expiresIn: -60 })),
      400,
      FACEBOOK_REFUSED,
    );
    await expectRefused(
      async () => facebookLogin(await provider.accessToken(identity, "9999999999")),
      400,
      FACEBOOK_REFUSED,
    );
    expect(await usersWithEmail(identity.email as string)).toHaveLength(0);
  });

  it("refuses a Facebook account that shares no e-mail address", async () => {
    const identity = newIdentity({ email: undefined });
    await expectRefused(
      async () => facebookLogin(await provider.accessToken(identity, FACEBOOK_APP.id)),
      400,
      "Your Facebook account did not share an e-mail address with us. Please allow access to your e-mail address, or sign up with e-mail.",
    );
  });

  it("answers 503 when the Graph API refuses our app credentials (a configuration error)", async () => {
    const identity = newIdentity();
    const token = await provider.accessToken(identity, FACEBOOK_APP.id);
    setEnv({ FACEBOOK_CLIENT_SECRET: "a-wrong-secret" });
    // The refused credentials are logged for the operators, who have a setting to fix: expected here.
    const errorLog = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      await expectRefused(
        () => facebookLogin(token),
        503,
        "We could not reach Facebook. Please try again in a moment.",
      );
      expect(errorLog).toHaveBeenCalledOnce();
    } finally {
      errorLog.mockRestore();
      setEnv({ FACEBOOK_CLIENT_SECRET: FACEBOOK_APP.secret });
    }
  });

  it("is refused while Facebook sign-in is not configured", async () => {
    setEnv({ FACEBOOK_CLIENT_ID: undefined });
    try {
      await expectRefused(() => facebookLogin("anything"), 404, "Facebook sign-in is not enabled.");
    } finally {
      setEnv({ FACEBOOK_CLIENT_ID: FACEBOOK_APP.id });
    }
  });
});
