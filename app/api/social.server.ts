import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import { type User, users } from "~/db/schema";
import { findUserByEmail, uniqueReferralCode } from "~/db/users.server";
import { publicOrigin } from "~/env.server";
import { sendMail } from "~/services/mail.server";
import { createSession } from "~/services/session.server";
import {
  type FacebookSettings,
  facebookSettings,
  type GoogleSettings,
  googleSettings,
  notEnabledMessage,
  oidcDiscovery,
  PROVIDER_LABELS,
  PROVIDER_TIMEOUT_MS,
  ProviderUnavailableError,
  type SocialProvider,
} from "~/services/social-auth.server";
import { defineEndpoint, type Endpoint } from "./endpoint";
import { ApiError } from "./envelope";
import { toProfile } from "./user.server";

/**
 * Google and Facebook sign-in: /user/googlejwtLogin, /user/googleLogin, /user/facebookLogin.
 *
 * The API owns identity: each call takes the provider's token and verifies it with the provider itself — never a
 * profile sent by the client. Then the user is found by their Google or Facebook id; else by a verified e-mail
 * address (the social id is linked to that account); else a new account is made. The answer sets the session
 * cookie and carries the profile, as /user/login does.
 *
 * Decisions (docs: the summaries below and the report of issue 3):
 * - An e-mail Google has not verified is refused outright (no linking and no new account): an unverified address
 *   may belong to someone else, and a new account would take the address from its owner.
 * - Facebook returns only an account's confirmed primary e-mail, so a Facebook e-mail counts as verified.
 *   Without one (a phone-only Facebook account, or permission refused) sign-in is refused with a clear message.
 * - Refused tokens answer 400, never 401: a 401 means "your session has expired" to every client (spec §4).
 */

const LINKED_ELSEWHERE = (label: string) =>
  `This e-mail address is already linked to another ${label} account.`;

function unverified(provider: SocialProvider): ApiError {
  return new ApiError(
    400,
    `We could not verify your ${PROVIDER_LABELS[provider]} sign-in. Please try again.`,
  );
}

function unavailable(provider: SocialProvider, error: unknown): ApiError {
  console.error(`[social] ${PROVIDER_LABELS[provider]} could not be reached:`, error);
  return new ApiError(503, `We could not reach ${PROVIDER_LABELS[provider]}. Please try again in a moment.`);
}

function requireGoogle(): GoogleSettings {
  const settings = googleSettings();
  if (!settings) throw new ApiError(404, notEnabledMessage("google"));
  return settings;
}

function requireFacebook(): FacebookSettings {
  const settings = facebookSettings();
  if (!settings) throw new ApiError(404, notEnabledMessage("facebook"));
  return settings;
}

async function googleDiscovery(settings: GoogleSettings) {
  try {
    return await oidcDiscovery(settings.issuer);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable("google", error.message);
    throw error;
  }
}

/** Who the provider says the user is. */
type SocialIdentity = {
  provider: SocialProvider;
  /** Google's `sub`, Facebook's user id. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
};

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

const text = z.string().trim().optional().catch(undefined);

/** The OpenID Connect claims we use; `email_verified` is a boolean, or (in older Google tokens) "true"/"false". */
const GoogleClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.email().optional().catch(undefined),
  email_verified: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")])
    .optional()
    .catch(false),
  given_name: text,
  family_name: text,
  name: text,
});

function googleIdentity(claims: z.infer<typeof GoogleClaims>): SocialIdentity {
  return {
    provider: "google",
    subject: claims.sub,
    email: claims.email ?? null,
    emailVerified: claims.email_verified === true,
    firstName: claims.given_name || null,
    lastName: claims.family_name || null,
    fullName: claims.name || null,
  };
}

/** One JWKS per URL: jose keeps the keys, refetches on an unknown `kid` (key rotation) at most every 30 s. */
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function jwksFor(url: string) {
  let jwks = jwksByUrl.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url), { timeoutDuration: PROVIDER_TIMEOUT_MS });
    jwksByUrl.set(url, jwks);
  }
  return jwks;
}

/** Google's own issuer appears in ID tokens with and without the scheme. */
function acceptedIssuers(issuer: string): string[] {
  return issuer === "https://accounts.google.com" ? [issuer, "accounts.google.com"] : [issuer];
}

/** A JWKS that could not be fetched is Google's trouble (503); every other JOSE failure is the token's (400). */
function isKeySetFailure(error: unknown): boolean {
  return (
    error instanceof joseErrors.JWKSTimeout ||
    error instanceof joseErrors.JWKSInvalid ||
    (error instanceof joseErrors.JOSEError && error.constructor === joseErrors.JOSEError) ||
    error instanceof TypeError
  );
}

/** Verifies a Google ID token: RS256 signature by a key of the issuer's JWKS, issuer, audience, expiry. */
async function verifyGoogleIdToken(idToken: string, settings: GoogleSettings): Promise<SocialIdentity> {
  const discovery = await googleDiscovery(settings);
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(idToken, jwksFor(discovery.jwks_uri), {
      issuer: acceptedIssuers(settings.issuer),
      audience: settings.clientId,
      algorithms: ["RS256"],
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 30,
    }));
  } catch (error) {
    if (isKeySetFailure(error)) throw unavailable("google", error);
    console.warn(`[social] Google ID token refused: ${(error as Error).message}`);
    throw unverified("google");
  }
  const claims = GoogleClaims.safeParse(payload);
  if (!claims.success) throw unverified("google");
  return googleIdentity(claims.data);
}

/** Verifies a Google access token by asking the issuer's userinfo endpoint whose it is. */
async function verifyGoogleAccessToken(
  accessToken: string,
  settings: GoogleSettings,
): Promise<SocialIdentity> {
  const discovery = await googleDiscovery(settings);
  if (!discovery.userinfo_endpoint)
    throw unavailable("google", "the discovery document has no userinfo_endpoint");
  let response: Response;
  try {
    response = await fetch(discovery.userinfo_endpoint, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw unavailable("google", error);
  }
  if (response.status === 400 || response.status === 401 || response.status === 403)
    throw unverified("google");
  if (!response.ok) throw unavailable("google", `userinfo answered ${response.status}`);
  const claims = GoogleClaims.safeParse(await response.json().catch(() => null));
  if (!claims.success) throw unverified("google");
  return googleIdentity(claims.data);
}

/** A Graph API GET; `null` when the Graph API refused the token (a 4xx). */
async function graphGet(settings: FacebookSettings, path: string, query: Record<string, string>) {
  let response: Response;
  try {
    response = await fetch(`${settings.graphUrl}${path}?${new URLSearchParams(query)}`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw unavailable("facebook", error);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status >= 400 && response.status < 500) return { ok: false as const, body };
  if (!response.ok) throw unavailable("facebook", `${path} answered ${response.status}`);
  return { ok: true as const, body };
}

const DebugToken = z.object({
  data: z.object({
    is_valid: z.boolean(),
    app_id: z.coerce.string().optional(),
    user_id: z.coerce.string().optional(),
  }),
});

const FacebookMe = z.object({
  id: z.coerce.string().min(1).max(255),
  email: z.email().optional().catch(undefined),
  first_name: text,
  last_name: text,
  name: text,
});

/**
 * Verifies a Facebook user access token: /debug_token (with the app token `{id}|{secret}`) must say it is valid
 * and was issued to our app, then /me (with appsecret_proof) says who the user is.
 */
async function verifyFacebookAccessToken(
  accessToken: string,
  settings: FacebookSettings,
): Promise<SocialIdentity> {
  const debug = await graphGet(settings, "/debug_token", {
    input_token: accessToken,
    access_token: `${settings.clientId}|${settings.clientSecret}`,
  });
  // A refusal of /debug_token itself means our app token is wrong: a configuration error, not the user's.
  if (!debug.ok)
    throw unavailable("facebook", `/debug_token refused the app token: ${JSON.stringify(debug.body)}`);
  const token = DebugToken.safeParse(debug.body);
  if (!token.success || !token.data.data.is_valid || token.data.data.app_id !== settings.clientId) {
    throw unverified("facebook");
  }
  const me = await graphGet(settings, "/me", {
    fields: "id,email,first_name,last_name,name",
    access_token: accessToken,
    appsecret_proof: createHmac("sha256", settings.clientSecret).update(accessToken).digest("hex"),
  });
  if (!me.ok) throw unverified("facebook");
  const profile = FacebookMe.safeParse(me.body);
  if (!profile.success || profile.data.id !== token.data.data.user_id) throw unverified("facebook");
  return {
    provider: "facebook",
    subject: profile.data.id,
    email: profile.data.email ?? null,
    // Facebook answers only a confirmed primary e-mail address.
    emailVerified: Boolean(profile.data.email),
    firstName: profile.data.first_name || null,
    lastName: profile.data.last_name || null,
    fullName: profile.data.name || null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// From a verified identity to an account and a session.

function socialColumn(provider: SocialProvider) {
  return provider === "google" ? users.googleId : users.facebookId;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
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
  request: Request,
  headers: Headers,
) {
  let outcome: { user: User; created: boolean };
  try {
    outcome = await accountFor(db, identity, entry);
  } catch (error) {
    // Two first sign-ins racing (the same identity, or its e-mail signing up meanwhile): the unique index decided;
    // the second one now finds the account the first made.
    if (!isUniqueViolation(error)) throw error;
    outcome = await accountFor(db, identity, entry);
  }
  const { user, created } = outcome;
  headers.append("Set-Cookie", await createSession(db, user.id, request.headers.get("User-Agent")));
  if (created) await sendWelcome(user, request);
  return toProfile(user);
}

async function sendWelcome(user: User, request: Request): Promise<void> {
  const origin = publicOrigin(request);
  await sendMail({
    to: user.email,
    subject: "Welcome to Space Solution",
    text: [
      `Hi ${user.firstName},`,
      "",
      "Welcome to Space Solution! You can now find storage and parking near you, or list the space you do not use.",
      `Your referral code is ${user.referralCode}: share it with friends and you both get a voucher after their first booking.`,
      "",
      `Start here: ${origin}/`,
    ].join("\n"),
  });
}

// ---------------------------------------------------------------------------------------------------------------

export const googlejwtLogin = defineEndpoint({
  method: "POST",
  path: "/user/googlejwtLogin",
  auth: "none",
  summary:
    "Logs in with a Google ID token (signature by Google's JWKS, issuer, audience = our client id, expiry checked): " +
    "the Google account's user, else the account with its verified e-mail (linked), else a new account. " +
    "Sets the session cookie. An unverified e-mail is refused.",
  message: "Login successful.",
  body: z.strictObject({ token: token("The Google token"), ...entryFields }),
  async handler({ db, body, request, headers }) {
    const identity = await verifyGoogleIdToken(body.token, requireGoogle());
    return signIn(db, identity, body, request, headers);
  },
});

export const googleLogin = defineEndpoint({
  method: "POST",
  path: "/user/googleLogin",
  auth: "none",
  summary:
    "Logs in with a Google OAuth access token, verified by asking Google's userinfo endpoint whose it is; " +
    "otherwise as /user/googlejwtLogin (which is preferred: an ID token also proves it was issued to this app).",
  message: "Login successful.",
  body: z.strictObject({ accessToken: token("The Google access token"), ...entryFields }),
  async handler({ db, body, request, headers }) {
    const identity = await verifyGoogleAccessToken(body.accessToken, requireGoogle());
    return signIn(db, identity, body, request, headers);
  },
});

export const facebookLogin = defineEndpoint({
  method: "POST",
  path: "/user/facebookLogin",
  auth: "none",
  summary:
    "Logs in with a Facebook user access token: the Graph API's /debug_token must confirm it is valid and issued " +
    "to this app, /me says who the user is. Then as /user/googlejwtLogin. Sets the session cookie.",
  message: "Login successful.",
  body: z.strictObject({ accessToken: token("The Facebook access token"), ...entryFields }),
  async handler({ db, body, request, headers }) {
    const identity = await verifyFacebookAccessToken(body.accessToken, requireFacebook());
    return signIn(db, identity, body, request, headers);
  },
});

export const endpoints: Endpoint[] = [googlejwtLogin, googleLogin, facebookLogin];
