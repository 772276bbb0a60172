import { createHmac } from "node:crypto";
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod/v4";
import { log } from "~/infra/log.server";
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
} from "~/infra/social-providers.server";
import { ApiError } from "../envelope";

/**
 * Asking Google and Facebook who a token belongs to (social.server.ts turns the answer into an account). Each token
 * is verified with the provider itself, never trusted from the client: a refused token is a 400, a provider that
 * cannot be reached a 503.
 */

function unverified(provider: SocialProvider): ApiError {
  return new ApiError(
    400,
    `We could not verify your ${PROVIDER_LABELS[provider]} sign-in. Please try again.`,
  );
}

function unavailable(provider: SocialProvider, error: unknown): ApiError {
  log.error({ err: error }, `[social] ${PROVIDER_LABELS[provider]} could not be reached`);
  return new ApiError(503, `We could not reach ${PROVIDER_LABELS[provider]}. Please try again in a moment.`);
}

export function requireGoogle(): GoogleSettings {
  const settings = googleSettings();
  if (!settings) throw new ApiError(404, notEnabledMessage("google"));
  return settings;
}

export function requireFacebook(): FacebookSettings {
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
export type SocialIdentity = {
  provider: SocialProvider;
  /** Google's `sub`, Facebook's user id. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  fullName: string | null;
};

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
export async function verifyGoogleIdToken(
  idToken: string,
  settings: GoogleSettings,
): Promise<SocialIdentity> {
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
    log.warn(`[social] Google ID token refused: ${(error as Error).message}`);
    throw unverified("google");
  }
  const claims = GoogleClaims.safeParse(payload);
  if (!claims.success) throw unverified("google");
  return googleIdentity(claims.data);
}

/** Verifies a Google access token by asking the issuer's userinfo endpoint whose it is. */
export async function verifyGoogleAccessToken(
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
export async function verifyFacebookAccessToken(
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
