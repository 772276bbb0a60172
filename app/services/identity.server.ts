import { randomBytes } from "node:crypto";
import { getEnv } from "~/env.server";

/**
 * The identity-check adapter (profile-persona-verification). The API starts a check with a random reference and
 * sends the browser to the provider's page; the provider sends the browser back to
 * /user-profile/profile-persona-verification?reference=…&result=…, and the API records the result it confirms.
 *
 * The one provider so far is "sandbox": a page of this app (/verification-sandbox/<reference>) that plays the
 * third-party provider, where the check can be passed or failed. A real provider adds an entry here whose
 * `confirmResult` asks the provider for the outcome instead of trusting what the browser brought back.
 */
export type IdentityResult = "passed" | "failed";

export type IdentityProvider = {
  name: string;
  /** The provider's page for a check, for a browser whose app is at `origin`. */
  checkUrl(reference: string, origin: string): string;
  /** The outcome of a check, as the provider confirms it. */
  confirmResult(reference: string, reported: IdentityResult): Promise<IdentityResult>;
};

export const SANDBOX_PATH = "/verification-sandbox";

const sandbox: IdentityProvider = {
  name: "sandbox",
  checkUrl: (reference, origin) => `${origin}${SANDBOX_PATH}/${encodeURIComponent(reference)}`,
  // The sandbox's page is the provider: what its buttons sent back is its verdict.
  confirmResult: async (_reference, reported) => reported,
};

const PROVIDERS: Record<ReturnType<typeof getEnv>["IDENTITY_PROVIDER"], IdentityProvider> = { sandbox };

export function identityProvider(): IdentityProvider {
  return PROVIDERS[getEnv().IDENTITY_PROVIDER];
}

/** A reference nobody can guess: 24 random bytes, URL-safe. */
export function newIdentityReference(): string {
  return randomBytes(24).toString("base64url");
}

export const IDENTITY_REFERENCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
