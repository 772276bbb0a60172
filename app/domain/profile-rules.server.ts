import { z } from "zod/v4";
import * as rules from "./account-rules.server";
import { INVITATIONS_PER_CALL, isGender } from "./profile-options";
import { LENGTH_UNITS } from "./vocabulary";

/**
 * The rules of the profile, settings and invitation calls (docs/product.md, Validation texts), shared by the API
 * (app/api/user/profile.server.ts) and the screens' actions. Names, nickname and codes also pass the product's
 * key-press filters (vocabulary.ts): the browser filters key presses for fast feedback, and these schemas enforce the
 * same rules on the whole value. A .server module: routes import it for their actions, and the browser build gets an
 * empty stub, so zod and these schemas stay out of the JavaScript the browser downloads.
 */

const { firstName, lastName, nickName, middleNameText: middleName, suffixText: suffix, keyFiltered } = rules;
const aboutMe = z
  .string({ error: "About me must be text." })
  .trim()
  .max(1000, "About me must be at most 1000 characters.");
const GENDER_MESSAGE = "Please choose a gender from the list.";
const gender = z
  .string({ error: GENDER_MESSAGE })
  .trim()
  .refine((value) => value === "" || isGender(value), GENDER_MESSAGE);

/** A true/false setting: a JSON boolean, or "true" / "false" in a form-encoded body. */
function flag(label: string) {
  const message = `${label} must be true or false.`;
  return z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")], {
    error: message,
  });
}

const measurementUnit = z.enum(LENGTH_UNITS, { error: "Measurement unit must be meter or feet." });

/** An optional text field: given empty or null it is cleared (null); left out it stays as it is. */
function clearable<T extends z.ZodType<string, string>>(schema: T) {
  return schema
    .nullable()
    .transform((value) => value || null)
    .optional();
}

/**
 * POST /user/editProfile: any subset of the profile and settings fields; a field left out stays as it is, an
 * optional one sent empty is cleared, unknown fields are refused.
 */
export const EditProfileSchema = z
  .strictObject({
    firstName: firstName.optional(),
    middleName: clearable(middleName),
    lastName: lastName.optional(),
    suffix: clearable(suffix),
    nickName: nickName.optional(),
    dob: rules.dob.optional(),
    gender: clearable(gender),
    aboutMe: clearable(aboutMe),
    phoneNumber: rules.phoneNumber.optional(),
    emailNotifications: flag("Email notifications").optional(),
    smsNotifications: flag("SMS notifications").optional(),
    allowFacebookNotifications: flag("Facebook notifications").optional(),
    measurementUnit: measurementUnit.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "Please send at least one field to change.",
  });

export type EditProfile = z.output<typeof EditProfileSchema>;

/** An optional field of a form: conform turns an empty input into undefined, which here means "clear it". */
function formOptional<T extends z.ZodType<string, string>>(schema: T) {
  return schema.nullish().transform((value) => value || null);
}

/** The edit-account-info form: every field is sent, so an emptied optional field is cleared. */
export const EditAccountFormSchema = z.object({
  firstName,
  middleName: formOptional(middleName),
  lastName,
  suffix: formOptional(suffix),
  nickName,
  dob: rules.dob,
  gender: formOptional(gender),
  aboutMe: formOptional(aboutMe),
  phoneNumber: rules.phoneNumber,
});

/** The account-settings form: an unticked checkbox is not sent, so it reads as false. */
export const AccountSettingsFormSchema = z.object({
  emailNotifications: z.boolean().default(false),
  smsNotifications: z.boolean().default(false),
  allowFacebookNotifications: z.boolean().default(false),
  measurementUnit,
});

// --- Invitations ---------------------------------------------------------------------------------------------

const NO_ADDRESS = "Please enter at least one e-mail address.";
const TOO_MANY = `You can invite at most ${INVITATIONS_PER_CALL} friends at a time.`;

/** Addresses typed in a box, separated by commas, semicolons, spaces or new lines; duplicates dropped. */
export function splitEmails(text: string): string[] {
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    emails.push(email);
  }
  return emails;
}

const emailList = z
  .array(rules.email, { error: NO_ADDRESS })
  .min(1, NO_ADDRESS)
  .max(INVITATIONS_PER_CALL, TOO_MANY)
  .transform((emails) => [...new Set(emails)]);

const inviteMessage = z
  .string({ error: "The message must be text." })
  .trim()
  .max(500, "The message must be at most 500 characters.");

/** POST /user/inviteFriend: 1 to 10 addresses (a form-encoded body may send one as a plain string). */
export const InviteFriendSchema = z.strictObject({
  emails: z.preprocess((value) => (typeof value === "string" ? [value] : value), emailList),
  message: clearable(inviteMessage),
});

/** The invite-a-friend form: addresses in one box; the first bad one is named in the message. */
export const InviteFriendFormSchema = z.object({
  emails: z.string({ error: NO_ADDRESS }).transform((text, ctx) => {
    const emails = splitEmails(text);
    if (emails.length === 0) ctx.issues.push({ code: "custom", message: NO_ADDRESS, input: text });
    else if (emails.length > INVITATIONS_PER_CALL)
      ctx.issues.push({ code: "custom", message: TOO_MANY, input: text });
    const bad = emails.find((email) => !rules.email.safeParse(email).success);
    if (bad)
      ctx.issues.push({ code: "custom", message: `"${bad}" is not a valid e-mail address.`, input: text });
    return emails.map((email) => email.toLowerCase());
  }),
  message: formOptional(inviteMessage),
});

// --- Referral codes ------------------------------------------------------------------------------------------

/**
 * POST /space/applyReferralCode. account-rules' referralCode already allows exactly the `code` filter's
 * characters (without ñ, which no generated code has); the filter is checked too, so the two cannot drift apart.
 */
export const ApplyReferralCodeSchema = z.strictObject({
  referralCode: rules.referralCode
    .pipe(z.string({ error: "Referral code is required" }))
    .pipe(keyFiltered("code", "Referral code")),
});

/** The apply form on invite-a-friend, which also sends its intent. */
export const ApplyReferralCodeFormSchema = z.object({
  referralCode: ApplyReferralCodeSchema.shape.referralCode,
});
