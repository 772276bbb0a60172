import { eq } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import { isUniqueViolation } from "~/db/client.server";
import { type User, users } from "~/db/schema";
import { findUserByEmail, uniqueReferralCode } from "~/db/users.server";
import { ACCOUNT_SUSPENDED } from "~/domain/operators";
import { transactionWithJobs } from "~/infra/jobs.server";
import { welcomeData } from "~/infra/notifications/welcome";
import { notify } from "~/infra/notify.server";
import { createSession } from "~/infra/session.server";
import { PROVIDER_LABELS, type SocialProvider } from "~/infra/social-providers.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { LIMITS, TOO_MANY_SIGNUPS, takeRate } from "../rate-limit.server";
import {
  requireFacebook,
  requireGoogle,
  type SocialIdentity,
  verifyFacebookAccessToken,
  verifyGoogleAccessToken,
  verifyGoogleIdToken,
} from "./social-providers.server";
import { toProfile, viewUserProfile } from "./user.server";

/**
 * Google and Facebook sign-in: /user/googlejwtLogin, /user/googleLogin, /user/facebookLogin.
 *
 * The API owns identity: each call takes the provider's token and verifies it with the provider itself — never a
 * profile sent by the client (social-providers.server.ts). Then the user is found by their Google or Facebook id;
 * else by a verified e-mail address (the social id is linked to that account); else a new account is made. The answer sets the session
 * cookie and carries the profile, as /user/login does.
 *
 * Decisions (ADR 0009, and the summaries below):
 * - An e-mail Google has not verified is refused outright (no linking and no new account): an unverified address
 *   may belong to someone else, and a new account would take the address from its owner.
 * - Facebook returns only an account's confirmed primary e-mail, so a Facebook e-mail counts as verified.
 *   Without one (a phone-only Facebook account, or permission refused) sign-in is refused with a clear message.
 * - Refused tokens answer 400, never 401: a 401 means "your session has expired" to every client (docs/product.md,
 *   Session end and redirects).
 */

const LINKED_ELSEWHERE = (label: string) =>
  `This e-mail address is already linked to another ${label} account.`;

/** Optional, as for /user/userSignup: the visitor's landing page and when, kept when an account is created. */
const entryFields = {
  entryUrl: z.string().max(500).optional(),
  entryUrlAt: z.iso.datetime().optional(),
};

const token = (name: string) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(8192, `${name} is too long.`);

// ---------------------------------------------------------------------------------------------------------------
// From a verified identity to an account and a session.

function socialColumn(provider: SocialProvider) {
  return provider === "google" ? users.googleId : users.facebookId;
}

async function findBySocialId(db: Database, identity: SocialIdentity): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(socialColumn(identity.provider), identity.subject))
    .limit(1);
  return user;
}

/** First and last name from the provider: the given and family names, else the full name split at its last space. */
function namesOf(identity: SocialIdentity, email: string): { firstName: string; lastName: string } {
  let firstName = identity.firstName;
  let lastName = identity.lastName;
  if (!firstName && identity.fullName) {
    const parts = identity.fullName.split(/\s+/);
    firstName = parts.length > 1 ? parts.slice(0, -1).join(" ") : (parts[0] ?? null);
    lastName ??= parts.length > 1 ? (parts.at(-1) ?? null) : null;
  }
  firstName ||= email.split("@")[0] ?? "Member";
  return { firstName: firstName.slice(0, 60), lastName: (lastName ?? "").slice(0, 60) };
}

type EntryFields = { entryUrl?: string; entryUrlAt?: string };

/** Finds, links or creates the account of a verified identity. */
async function accountFor(
  db: Database,
  identity: SocialIdentity,
  entry: EntryFields,
  clientAddress: string,
): Promise<{ user: User; created: boolean }> {
  const label = PROVIDER_LABELS[identity.provider];
  const known = await findBySocialId(db, identity);
  if (known) return { user: known, created: false };

  if (!identity.email) {
    throw new ApiError(
      400,
      `Your ${label} account did not share an e-mail address with us. Please allow access to your e-mail address, or sign up with e-mail.`,
    );
  }
  if (!identity.emailVerified) {
    throw new ApiError(
      400,
      `Your ${label} e-mail address is not verified. Please verify it with ${label}, or sign up with e-mail.`,
    );
  }

  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    const linkedTo = identity.provider === "google" ? existing.googleId : existing.facebookId;
    if (linkedTo && linkedTo !== identity.subject) throw new ApiError(409, LINKED_ELSEWHERE(label));
    const column =
      identity.provider === "google" ? { googleId: identity.subject } : { facebookId: identity.subject };
    const [linked] = await db
      .update(users)
      .set({ ...column, updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    if (!linked) throw new Error("the account to link disappeared");
    return { user: linked, created: false };
  }

  // A new account counts against the caller's sign-ups, as an e-mail sign-up does.
  await takeRate(db, [{ limit: LIMITS.signupsPerAddress, value: clientAddress }], TOO_MANY_SIGNUPS);
  const { firstName, lastName } = namesOf(identity, identity.email);
  const [user] = await db
    .insert(users)
    .values({
      email: identity.email,
      passwordHash: null,
      firstName,
      lastName,
      typeOfSignup: identity.provider,
      firstLogin: true,
      referralCode: await uniqueReferralCode(db, firstName),
      entryUrl: entry.entryUrl ?? null,
      entryUrlAt: entry.entryUrlAt ? new Date(entry.entryUrlAt) : null,
      // The "Continue with …" buttons say that continuing accepts the terms.
      termsAcceptedAt: new Date(),
      ...(identity.provider === "google" ? { googleId: identity.subject } : { facebookId: identity.subject }),
    })
    .returning();
  if (!user) throw new Error("the user was not created");
  return { user, created: true };
}

async function signIn(
  db: Database,
  identity: SocialIdentity,
  entry: EntryFields,
  caller: { origin: string; userAgent: string | null; headers: Headers; clientAddress: string },
) {
  // The account, its session and the welcome mail are kept together or not at all: a failure half-way leaves no
  // account that a second try would not make.
  const signInOnce = () =>
    transactionWithJobs(db, async (tx) => {
      const { user, created } = await accountFor(tx, identity, entry, caller.clientAddress);
      // As at the password login: a suspended account gets no session, and the one who proved it is theirs is told.
      if (user.suspendedAt) throw new ApiError(403, ACCOUNT_SUSPENDED);
      const cookie = await createSession(tx, user.id, caller.userAgent);
      if (created)
        await notify(
          { userId: user.id, kind: "welcome", data: welcomeData(user, caller.origin) },
          { transaction: tx },
        );
      return { user, cookie };
    });
  let outcome: { user: User; cookie: string };
  try {
    outcome = await signInOnce();
  } catch (error) {
    // Two first sign-ins racing (the same identity, or its e-mail signing up meanwhile): the unique index decided;
    // the second one now finds the account the first made.
    if (!isUniqueViolation(error)) throw error;
    outcome = await signInOnce();
  }
  const { user, cookie } = outcome;
  caller.headers.append("Set-Cookie", cookie);
  return toProfile(user);
}

// ---------------------------------------------------------------------------------------------------------------

export const googlejwtLogin = defineEndpoint({
  method: "POST",
  path: "/user/googlejwtLogin",
  auth: "none",
  answers: [404, 409, 429, 503],
  invalidates: [viewUserProfile],
  summary:
    "Logs in with a Google ID token (signature by Google's JWKS, issuer, audience = our client id, expiry checked): " +
    "the Google account's user, else the account with its verified e-mail (linked), else a new account. " +
    "Sets the session cookie. An unverified e-mail is refused.",
  message: "Login successful.",
  body: z.strictObject({ token: token("The Google token"), ...entryFields }),
  async handler({ db, body, origin, userAgent, headers, clientAddress }) {
    const identity = await verifyGoogleIdToken(body.token, requireGoogle());
    return signIn(db, identity, body, { origin, userAgent, headers, clientAddress });
  },
});

export const googleLogin = defineEndpoint({
  method: "POST",
  path: "/user/googleLogin",
  auth: "none",
  answers: [404, 409, 429, 503],
  invalidates: [viewUserProfile],
  summary:
    "Logs in with a Google OAuth access token, verified by asking Google's userinfo endpoint whose it is; " +
    "otherwise as /user/googlejwtLogin (which is preferred: an ID token also proves it was issued to this app).",
  message: "Login successful.",
  body: z.strictObject({ accessToken: token("The Google access token"), ...entryFields }),
  async handler({ db, body, origin, userAgent, headers, clientAddress }) {
    const identity = await verifyGoogleAccessToken(body.accessToken, requireGoogle());
    return signIn(db, identity, body, { origin, userAgent, headers, clientAddress });
  },
});

export const facebookLogin = defineEndpoint({
  method: "POST",
  path: "/user/facebookLogin",
  auth: "none",
  answers: [404, 409, 429, 503],
  invalidates: [viewUserProfile],
  summary:
    "Logs in with a Facebook user access token: the Graph API's /debug_token must confirm it is valid and issued " +
    "to this app, /me says who the user is. Then as /user/googlejwtLogin. Sets the session cookie.",
  message: "Login successful.",
  body: z.strictObject({ accessToken: token("The Facebook access token"), ...entryFields }),
  async handler({ db, body, origin, userAgent, headers, clientAddress }) {
    const identity = await verifyFacebookAccessToken(body.accessToken, requireFacebook());
    return signIn(db, identity, body, { origin, userAgent, headers, clientAddress });
  },
});

export const endpoints: Endpoint[] = [googlejwtLogin, googleLogin, facebookLogin];
