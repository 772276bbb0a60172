import { z } from "zod/v4";
import { getEnv } from "~/env.server";

/**
 * Sign-in with Google and Facebook: the providers' settings and Google's discovery document, which both sides use —
 * the API to verify a provider's token (app/api/user/social-providers.server.ts), the screens to run the OAuth2
 * code flow (./social-auth.server.ts). Nothing here knows the API or the screens, so neither imports the other.
 */

export type SocialProvider = "google" | "facebook";

export const PROVIDER_LABELS: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook" };

export function notEnabledMessage(provider: SocialProvider): string {
  return `${PROVIDER_LABELS[provider]} sign-in is not enabled.`;
}

export type GoogleSettings = { clientId: string; clientSecret: string; issuer: string };
export type FacebookSettings = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  graphUrl: string;
};

/** Google's settings, or null when sign-in with Google is not configured (both client settings are needed). */
export function googleSettings(): GoogleSettings | null {
  const env = getEnv();
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    issuer: env.GOOGLE_ISSUER.replace(/\/+$/, ""),
  };
}

/** Facebook's settings, or null when sign-in with Facebook is not configured. */
export function facebookSettings(): FacebookSettings | null {
  const env = getEnv();
  if (!env.FACEBOOK_CLIENT_ID || !env.FACEBOOK_CLIENT_SECRET) return null;
  return {
    clientId: env.FACEBOOK_CLIENT_ID,
    clientSecret: env.FACEBOOK_CLIENT_SECRET,
    authorizeUrl: env.FACEBOOK_AUTHORIZE_URL,
    tokenUrl: env.FACEBOOK_TOKEN_URL,
    graphUrl: env.FACEBOOK_GRAPH_URL.replace(/\/+$/, ""),
  };
}

/** Which sign-in buttons the login and sign-up screens show. */
export function enabledProviders(): Record<SocialProvider, boolean> {
  return { google: googleSettings() !== null, facebook: facebookSettings() !== null };
}

/** The provider could not be reached or answered nonsense: the user can only try again later. */
export class ProviderUnavailableError extends Error {
  override name = "ProviderUnavailableError";
}

/** How long a call to a provider may take before we give up. */
export const PROVIDER_TIMEOUT_MS = 10_000;

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});

export type OidcDiscovery = z.infer<typeof DiscoverySchema>;

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discoveryCache = new Map<string, { document: OidcDiscovery; expiresAt: number }>();

/**
 * The OpenID Connect discovery document of an issuer (Google's: https://accounts.google.com/.well-known/…),
 * kept for an hour. Its `issuer` must be the issuer asked for (OpenID Connect Discovery §4.3).
 */
export async function oidcDiscovery(issuer: string): Promise<OidcDiscovery> {
  const cached = discoveryCache.get(issuer);
  if (cached && cached.expiresAt > Date.now()) return cached.document;
  let document: OidcDiscovery;
  try {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    document = DiscoverySchema.parse(await response.json());
  } catch (error) {
    throw new ProviderUnavailableError(`the discovery document of ${issuer} could not be read: ${error}`);
  }
  if (document.issuer.replace(/\/+$/, "") !== issuer) {
    throw new ProviderUnavailableError(`the discovery document of ${issuer} names another issuer`);
  }
  discoveryCache.set(issuer, { document, expiresAt: Date.now() + DISCOVERY_TTL_MS });
  return document;
}
