import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { type Env, getEnv } from "~/env.server";
import { createPersonaInquiry, resumePersonaInquiry } from "./persona.server";
import { PERSONA_SIGNATURE, type SignatureScheme } from "./webhooks.server";

/**
 * The identity-check adapter (profile-persona-verification). The API starts a check with a random reference and
 * sends the browser to the provider's page (`startCheck`). How the result comes back depends on the provider, and
 * it is never taken on the browser's word: a user could otherwise mark themselves verified, and renters trust the
 * badge.
 *
 * - "sandbox" (the default on an http site): a page of this app (/verification-sandbox/<reference>) that plays the
 *   third-party provider, where the check can be passed or failed. It sends the browser back to
 *   /user-profile/profile-persona-verification with the reference, the result and its signature (HMAC-SHA256 with a
 *   key derived from SESSION_SECRET, made server-side); `confirmResult` accepts only a result with that signature.
 * - "persona" (production, docs/decisions/0068-identity-checks-through-persona.md): an inquiry created through
 *   Persona's API and its hosted flow; the result comes only by Persona's signed webhook (/webhooks/identity), so
 *   the browser coming back only learns that the check is under way.
 *
 * Because anyone can pass their own check on the sandbox's page, a site on https (a real deployment) does not use it
 * unless IDENTITY_PROVIDER=sandbox says so explicitly, which is logged loudly at start-up.
 */
export type IdentityResult = "passed" | "failed";

/** What came back from the provider with the browser: the result, and the provider's proof of it. */
export type ProviderReport = { result: IdentityResult; signature?: string };

export type CheckStart = {
  /** Our random reference of the check. */
  reference: string;
  userId: string;
  /** The app's origin the browser uses. */
  origin: string;
  /** Where the provider sends the browser back to (a path on this site). */
  returnPath: string;
};

/** A started check: where the browser goes, and the provider's own id of the check when it has one. */
export type StartedCheck = { url: string; providerCheckId: string | null };

type BaseProvider = {
  name: string;
  startCheck(start: CheckStart): Promise<StartedCheck>;
};

/** A provider whose result comes back with the browser, with a proof the provider confirms. */
export type BrowserResultProvider = BaseProvider & {
  resultBy: "browser";
  /** The outcome of a check as the provider confirms it; null when the report is not the provider's. */
  confirmResult(reference: string, report: ProviderReport): Promise<IdentityResult | null>;
};

/** A provider whose result comes only by its signed webhook. */
export type WebhookResultProvider = BaseProvider & {
  resultBy: "webhook";
  /**
   * Where the browser continues the user's check still in progress (`providerCheckId`); "submitted" when the
   * provider has it all and its result is on the way, so there is nothing to continue.
   */
  resumeCheck(
    providerCheckId: string,
    start: Omit<CheckStart, "reference" | "userId">,
  ): Promise<string | "submitted">;
  signature: SignatureScheme;
  /** Every secret the webhook may be signed with (the old and the new one while a secret is rotated). */
  webhookSecrets(): readonly string[];
};

export type IdentityProvider = BrowserResultProvider | WebhookResultProvider;

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

const sandbox: BrowserResultProvider = {
  name: "sandbox",
  resultBy: "browser",
  async startCheck({ reference, origin }) {
    return { url: `${origin}${SANDBOX_PATH}/${encodeURIComponent(reference)}`, providerCheckId: null };
  },
  async confirmResult(reference, { result, signature }) {
    if (!signature) return null;
    return sameSignature(signature, signSandboxResult(reference, result)) ? result : null;
  },
};

function persona(env: Env): WebhookResultProvider {
  return {
    name: "persona",
    resultBy: "webhook",
    signature: PERSONA_SIGNATURE,
    webhookSecrets: () => env.PERSONA_WEBHOOK_SECRET,
    async startCheck({ reference, userId, origin, returnPath }) {
      const returnUrl = new URL(returnPath, origin).href;
      const inquiry = await createPersonaInquiry(env, { reference, userId, returnUrl });
      return { url: inquiry.flowUrl, providerCheckId: inquiry.inquiryId };
    },
    async resumeCheck(inquiryId, { origin, returnPath }) {
      const resumed = await resumePersonaInquiry(env, {
        inquiryId,
        returnUrl: new URL(returnPath, origin).href,
      });
      return resumed ? resumed.flowUrl : "submitted";
    },
  };
}

/**
 * The provider identity checks go to, or null when there is none: the one IDENTITY_PROVIDER names, else the sandbox,
 * but not on an https site (a real deployment), where the sandbox must be asked for by name.
 */
export function identityProvider(env: Env = getEnv()): IdentityProvider | null {
  if (env.IDENTITY_PROVIDER === "persona") return persona(env);
  if (env.IDENTITY_PROVIDER === "sandbox") return sandbox;
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
