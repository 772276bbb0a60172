import { z } from "zod/v4";
import { PHONE_TOO_SHORT, phoneNumber as phoneNumberRule } from "./account-rules.server";

/**
 * Confirming a phone number with a code texted to it (the mobileOtp call): 6 digits, valid 5 minutes, 5 wrong tries,
 * a new code at most once a minute per user. The API keeps only a keyed hash of the code.
 */
export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_TTL_MS = 5 * 60 * 1000;
export const PHONE_CODE_MAX_TRIES = 5;
export const PHONE_CODE_RESEND_MS = 60 * 1000;

/** What the API keeps of one code. `attempts` counts the wrong tries. */
export type PhoneCodeRecord = { expiresAt: Date; usedAt: Date | null; attempts: number };

export type PhoneCodeState = "live" | "used" | "expired" | "exhausted";

/** Whether a code can still be tried: used once, dead after its 5 minutes or its 5 wrong tries. */
export function phoneCodeState(code: PhoneCodeRecord, now: Date): PhoneCodeState {
  if (code.usedAt) return "used";
  if (code.attempts >= PHONE_CODE_MAX_TRIES) return "exhausted";
  if (code.expiresAt.getTime() <= now.getTime()) return "expired";
  return "live";
}

/** Seconds to wait before a new code may be sent (0: now), given when the user's last code was sent. */
export function resendWaitSeconds(lastSentAt: Date | null | undefined, now: Date): number {
  if (!lastSentAt) return 0;
  const left = lastSentAt.getTime() + PHONE_CODE_RESEND_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** The number as codes are kept and texted: without the spaces and hyphens people type. */
export function compactPhoneNumber(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/**
 * The sign-up rules of a phone number (docs/product.md, Validation texts), and at least 10 characters once spaces and
 * hyphens are gone.
 */
export const phoneNumber = phoneNumberRule
  .transform(compactPhoneNumber)
  .pipe(z.string().min(10, PHONE_TOO_SHORT));

const OTP_REQUIRED = "Please enter the 6-digit code we sent you.";
export const otp = z
  .string({ error: OTP_REQUIRED })
  .trim()
  .min(1, { error: OTP_REQUIRED, abort: true })
  .pipe(z.string().regex(/^\d{6}$/, "The code is the 6 digits of the text message we sent you."));

export const MobileOtpSchema = z.strictObject({ phoneNumber });
export const VerifyOtpSchema = z.strictObject({ phoneNumber, otp });

export const PHONE_CODE_MESSAGES = {
  alreadyVerified: "This phone number is already verified on your account.",
  noCode: "We have not sent a code to this number yet. Please ask for a code first.",
  used: "This code has already been used. Please ask for a new code.",
  expired: "This code has expired. Please ask for a new code.",
  exhausted: "This code was entered wrongly too many times. Please ask for a new code.",
  verified: "Your phone number has been verified.",
} as const;

export function wrongCodeMessage(triesLeft: number): string {
  if (triesLeft <= 0)
    return "The code is incorrect. That was the last try for this code; please ask for a new code.";
  return `The code is incorrect. You have ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`;
}

export function resendWaitMessage(seconds: number): string {
  return `Please wait ${seconds} second${seconds === 1 ? "" : "s"} before asking for a new code.`;
}

export function codeSentMessage(to: string): string {
  return `We have sent a 6-digit code to ${to}. It is valid for 5 minutes.`;
}

/** The text message itself. */
export function phoneCodeText(code: string): string {
  return `${code} is your Space Solution code. It is valid for 5 minutes. Never share it with anyone, not even with us.`;
}
