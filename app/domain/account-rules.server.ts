import { z } from "zod/v4";
import { INTERESTED_OPTIONS } from "./account-options";
import { isAllowedText, type KeyFilter } from "./vocabulary";

/**
 * The account fields' rules (docs/product.md, Validation texts), shared by the API and the screens' actions. Messages
 * docs/product.md gives are copied exactly; where it gives none (password confirmation, the phone maximum) they are
 * written in the same voice. A .server module: the browser build gets an empty stub, so zod stays out of the JavaScript
 * phones download.
 */
const required = (message: string) => z.string({ error: message }).trim().min(1, message);

const FILTER_RULES: { readonly [F in KeyFilter]: string } = {
  label: "may only contain letters, digits, spaces, hyphens and underscores.",
  name: "may only contain letters, hyphens and underscores.",
  code: "may only contain letters, digits, hyphens and underscores.",
};

/**
 * A string that passes the key-press filter `filter` (docs/product.md, Key-press filters, vocabulary.ts) as a whole,
 * stored NFC-normalized: the browser filters key presses for quick feedback, and the server enforces the same rule.
 */
export function keyFiltered(filter: KeyFilter, label: string) {
  return z
    .string()
    .refine((value) => isAllowedText(filter, value), `${label} ${FILTER_RULES[filter]}`)
    .transform((value) => value.normalize("NFC"));
}

/** The longest address SMTP can deliver to (RFC 5321): checked before the address's form, so no rule reads more. */
export const EMAIL_MAX_LENGTH = 254;

export const email = required("Email is required")
  .pipe(z.string().max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters.`))
  .pipe(z.email("Invalid Email."))
  .transform((value) => value.toLowerCase());

/** Names and nickname use the `label` filter, not `name`: `name` refuses spaces ("Dela Cruz", "Ma Teresa"). */
export const firstName = required("First name is required")
  .pipe(z.string().max(60, "First name must be at most 60 characters."))
  .pipe(keyFiltered("label", "First name"));
export const lastName = required("Last name is required")
  .pipe(z.string().max(60, "Last name must be at most 60 characters."))
  .pipe(keyFiltered("label", "Last name"));
export const nickName = required("Nick name is required")
  .pipe(z.string().max(40, "Nick name must be at most 40 characters."))
  .pipe(keyFiltered("label", "Nick name"));
/** middleName: no rule of its own but the name filter's and a sensible length. */
export const middleNameText = z
  .string({ error: "Middle name must be text." })
  .trim()
  .max(60, "Middle name must be at most 60 characters.")
  .pipe(keyFiltered("label", "Middle name"));
/** Suffixes are written with a dot (Jr., Sr.), which the label filter refuses: they get a rule of their own. */
export const suffixText = z
  .string({ error: "Suffix must be text." })
  .trim()
  .max(10, "Suffix must be at most 10 characters.")
  .regex(/^[A-Za-z0-9. -]*$/, "Suffix may only contain letters, digits, dots, spaces and hyphens.");

/** An optional field of a form: empty or missing means none (null). */
function optionalText<T extends z.ZodType<string, string>>(schema: T) {
  return schema.nullish().transform((value) => value || null);
}

/**
 * The phone-length rule (docs/product.md, Validation texts), also applied after spaces and hyphens are removed
 * (phone-code.ts).
 */
export const PHONE_TOO_SHORT = "Phone number must be greater than or equal to 10 characters.";

export const phoneNumber = required("Phone number is required")
  .pipe(z.string().min(10, PHONE_TOO_SHORT))
  .pipe(z.string().max(15, "Phone number must be less than or equal to 15 characters."))
  .pipe(
    z
      .string()
      .regex(/^\+?[0-9 -]+$/, "Phone number may only contain digits, spaces, hyphens and a leading +."),
  );

/** A password field: required, at least 8 characters; `label` names it in the messages. */
export function password(label: string) {
  return z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .min(8, `${label} must be at least 8 characters.`)
    .max(200, `${label} must be at most 200 characters.`);
}

/** The select's empty default counts as unanswered. */
export const interested = z.enum(
  INTERESTED_OPTIONS.map((option) => option.value) as ["renter", "host", "both"],
  { error: "Please indicate why you're interested in signing up" },
);

export const dob = required("Birth date is required").pipe(
  z.iso.date("Birth date must be a date.").refine((value) => value <= new Date().toISOString().slice(0, 10), {
    message: "Birth date cannot be in the future.",
  }),
);

export const referralCode = z
  .string()
  .trim()
  .max(20, "Referral code must be at most 20 characters.")
  .regex(/^[A-Za-z0-9_-]*$/, "Referral code may only contain letters, digits, hyphens and underscores.")
  .nullish()
  .transform((value) => value?.toUpperCase() || null);

export const PASSWORDS_DIFFER = "Passwords do not match.";

export const SignupSchema = z
  .strictObject({
    firstName,
    middleName: optionalText(middleNameText),
    lastName,
    suffix: optionalText(suffixText),
    nickName,
    email,
    phoneNumber,
    password: password("Password"),
    confirmPassword: password("Confirm password"),
    interested,
    dob,
    referralCode,
    acceptTerms: z.union([z.literal(true), z.literal("on"), z.literal("true")], {
      error: "Please accept the terms and conditions",
    }),
    /** The page the visitor first landed on and when (docs/product.md, Stored data), kept from the entry-URL cookie. */
    entryUrl: z.string().max(500).optional(),
    entryUrlAt: z.iso.datetime().optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

export const LoginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});

export const ResetPasswordFields = {
  newPassword: password("New password"),
  confirmPassword: password("Confirm password"),
};

export const ResetPasswordSchema = z
  .strictObject(ResetPasswordFields)
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

export const ForgotPasswordSchema = z.object({ email });

export const ChangePasswordSchema = z
  .strictObject({
    currentPassword: password("Current password"),
    newPassword: password("New password"),
    confirmPassword: password("Confirm password"),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });
