import { Secret, TOTP } from "otpauth";
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, TOTP_WINDOW } from "~/domain/operators";
import { sealer } from "./sealed-cookie.server";

/**
 * An operator's second factor: time-based one-time codes (RFC 6238) made and checked by `otpauth` (ADR 0062), never
 * by our own HMACs. The secret is kept sealed (AES-256-GCM, the sealed cookies' key) and read only to check a code.
 */

const SEAL_NAME = "operator-totp";

function totpOf(secret: string, label = "operator"): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, as RFC 4226 advises), in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the enrolment's QR code carries. */
export function totpUri(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The code an authenticator shows at `at` (tests and the e2e type it as an operator would). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/**
 * The time step (30 s counter) of `code` when it is the code of `at` or of one step either side; null otherwise.
 * The caller refuses a step it took before, so a code works once.
 */
export function matchTotp(secret: string, code: string, at: Date = new Date()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: at.getTime() }) + delta;
}

export function sealTotpSecret(secret: string): Promise<string> {
  return sealer().seal(SEAL_NAME, secret);
}

export async function unsealTotpSecret(sealed: string): Promise<string | null> {
  const value = await sealer().unseal(SEAL_NAME, sealed);
  return typeof value === "string" ? value : null;
}
