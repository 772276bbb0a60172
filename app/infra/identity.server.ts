import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { type Env, getEnv } from "~/env.server";

/**
 * The identity-check adapter (profile-persona-verification). The API starts a check with a random reference and
 * sends the browser to the provider's page; the provider sends the browser back to
 * /user-profile/profile-persona-verification with the reference and its result, and the API records the result only
 * once the provider confirms it (`confirmResult`). What the browser brings back is never taken on its word: a user
 * could otherwise mark themselves verified, and renters trust the badge.
 *
 * The one provider so far is "sandbox": a page of this app (/verification-sandbox/<reference>) that plays the
 * third-party provider, where the check can be passed or failed. Like a provider's webhook, it signs the result it
 * gives out, server-side (HMAC-SHA256 with a key derived from SESSION_SECRET); `confirmResult` accepts only a result
 * with that signature. A real provider adds an entry here whose `confirmResult` asks the provider for the outcome.
 *
 * Because anyone can pass their own check on the sandbox's page, a site on https (a real deployment) does not use it
 * unless IDENTITY_PROVIDER=sandbox says so explicitly, which is logged loudly at start-up.
 */
export type IdentityResult = "passed" | "failed";

/** What came back from the provider with the browser: the result, and the provider's proof of it. */
export type ProviderReport = { result: IdentityResult; signature?: string };

export type IdentityProvider = {
  name: string;
  /** The provider's page for a check, for a browser whose app is at `origin`. */
  checkUrl(reference: string, origin: string): string;
  /** The outcome of a check as the provider confirms it; null when the report is not the provider's. */
  confirmResult(reference: string, report: ProviderReport): Promise<IdentityResult | null>;
};

export const SANDBOX_PATH = "/verification-sandbox";

let sandboxKey: { secret: string; key: Buffer } | undefined;

/** The sandbox's signing key: derived from SESSION_SECRET for this one purpose (HKDF-SHA256). */
function sandboxSigningKey(): Buffer {
  const secret = getEnv().SESSION_SECRET;
  if (sandboxKey?.secret !== secret) {
    const key = Buffer.from(hkdfSync("sha256", secret, "", "space-solution identity-sandbox result", 32));
    sandboxKey = { secret, key };
  }
  return sandboxKey.key;
}

/** The sandbox provider's signature of a check's result (what its page hands back with the browser). */
export function signSandboxResult(reference: string, result: IdentityResult): string {
  return createHmac("sha256", sandboxSigningKey())
    .update(`identity-check\u0000${reference}\u0000${result}`)
    .digest("base64url");
}

function sameSignature(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

const sandbox: IdentityProvider = {
  name: "sandbox",
  checkUrl: (reference, origin) => `${origin}${SANDBOX_PATH}/${encodeURIComponent(reference)}`,
  async confirmResult(reference, { result, signature }) {
    if (!signature) return null;
    return sameSignature(signature, signSandboxResult(reference, result)) ? result : null;
  },
};

const PROVIDERS: Record<NonNullable<Env["IDENTITY_PROVIDER"]>, IdentityProvider> = { sandbox };

/**
 * The provider identity checks go to, or null when there is none: the one IDENTITY_PROVIDER names, else the sandbox,
 * but not on an https site (a real deployment), where the sandbox must be asked for by name.
 */
export function identityProvider(env: Env = getEnv()): IdentityProvider | null {
  if (env.IDENTITY_PROVIDER) return PROVIDERS[env.IDENTITY_PROVIDER];
  return env.secureCookies ? null : sandbox;
}

/** What start-up should say about the identity provider: a loud warning or an error for a real deployment. */
export function identityProviderNotice(
  env: Env = getEnv(),
): { level: "warn" | "error"; message: string } | null {
  if (!env.secureCookies) return null;
  if (env.IDENTITY_PROVIDER === "sandbox") {
    return {
      level: "warn",
      message:
        "[identity] WARNING: IDENTITY_PROVIDER=sandbox on an https site. Anyone can pass their own identity check " +
        "on /verification-sandbox and get the verified badge. Use this for test deployments only.",
    };
  }
  if (!env.IDENTITY_PROVIDER) {
    return {
      level: "error",
      message:
        "[identity] Identity checks are off: PUBLIC_URL is https and no IDENTITY_PROVIDER is set. The sandbox " +
        "provider lets anyone pass their own check; set IDENTITY_PROVIDER=sandbox only for a test deployment.",
    };
  }
  return null;
}

/** A reference nobody can guess: 24 random bytes, URL-safe. */
export function newIdentityReference(): string {
  return randomBytes(24).toString("base64url");
}

export const IDENTITY_REFERENCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
